/**
 * Who may write (src/model/policy.ts): the admin and users write, guests read only, and
 * the rule is written once: no other server, players' API, TUI or web file compares a
 * group with 'guest'.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../../src/model/index.js';
import { assertWriter, canWrite } from '../../../src/model/policy.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const POLICY = path.join(ROOT, 'src', 'model', 'policy.ts');

describe('the writer policy', () => {
  it('lets the admin and users write and refuses guests with the coded text', () => {
    expect((['admin', 'user', 'guest'] as const).map((group) => canWrite({ group }))).toEqual([true, true, false]);
    expect(() => assertWriter({ group: 'admin' })).not.toThrow();
    expect(() => assertWriter({ group: 'user' })).not.toThrow();
    let refusal: unknown;
    try {
      assertWriter({ group: 'guest' });
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(Forbidden);
    expect(refusal).toMatchObject({ message: 'guests cannot make changes', code: 'auth.guestReadOnly' });
  });

  it('is the one place src/ and web/src compare a group with guest', () => {
    const comparing = ['src', path.join('web', 'src')].flatMap((dir) => fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.split(path.sep).includes('node_modules'))
      .map((f) => path.join(ROOT, dir, f)))
      .filter((file) => file !== POLICY && /[!=]==?\s*'guest'|'guest'\s*[!=]==?/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(comparing).toEqual([]);
  });
});
