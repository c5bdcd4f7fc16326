/**
 * Account instances: `users.account_id`, a random id stamped when an account is created
 * and never reused. Sign-in tokens name it, so a token dies with its account: deleting a
 * user and creating one of the same name again does not bring the old tokens back.
 * Existing accounts get an id each now (their earlier tokens, which name none, end).
 * @param {import('knex').Knex} knex
 */
import crypto from 'node:crypto';

export async function up(knex) {
  await knex.schema.alterTable('users', (t) => {
    t.string('account_id', 36); // crypto.randomUUID(), set by src/users/accounts.ts for every new account
    t.unique(['account_id']);
  });
  for (const { name } of await knex('users').select('name')) {
    await knex('users').where({ name }).update({ account_id: crypto.randomUUID() });
  }
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  await knex.schema.alterTable('users', (t) => {
    t.dropUnique(['account_id']);
    t.dropColumn('account_id');
  });
}
