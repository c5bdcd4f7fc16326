/**
 * Every refusal a web or player user can meet is a coded text (src/model/errors.ts): a
 * domain error made outside src/cli and src/tui takes `say(code, params)`, so the web
 * says it in zh-CN or English. A plain string message is allowed only in the files listed
 * here, whose errors only the CLI meets. The check reads the sources: each `new Invalid(`,
 * `new NotFound(`... (and the subclasses ConfigError, ScanError, ScanLockLostError) whose
 * first argument starts with a string or template literal and calls no `say(`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const SRC = path.join(ROOT, 'src');

/** Files (relative to src/) whose plain-string domain errors only the CLI meets. */
const CLI_ONLY = new Set([
  'db/copy.ts', // `audiolib db copy`: the target database must be an empty PostgreSQL one
  'db/knex.ts', // a database that cannot be opened, said by a command or `audiolib serve` as it starts
]);

const ERRORS = ['Invalid', 'Unauthorized', 'Forbidden', 'NotFound', 'Conflict', 'Locked', 'ConfigError', 'ScanError', 'ScanLockLostError'];
const NEW_ERROR = new RegExp(`\\bnew (?:${ERRORS.join('|')})\\(`, 'g');

/** The text of the first argument of the call whose `(` is at `open`: up to its `,` or `)` at depth 0. */
function firstArgument(source: string, open: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open + 1; i < source.length; i++) {
    const c = source[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '\'' || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return source.slice(open + 1, i);
      depth--;
    } else if (c === ',' && depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

/** `file:line` of each domain error in `source` made from a plain string. */
function plainErrors(file: string, source: string): string[] {
  return [...source.matchAll(NEW_ERROR)]
    .filter((m) => {
      const arg = firstArgument(source, m.index + m[0].length - 1).trim();
      return /^['"`]/.test(arg) && !arg.includes('say(');
    })
    .map((m) => `${file}:${source.slice(0, m.index).split('\n').length}`);
}

describe('domain errors outside the CLI', () => {
  it('the check finds a plain string and passes a coded text', () => {
    expect(plainErrors('a.ts', "throw new NotFound('no such thing');\nthrow new Conflict(`${code} is taken`, { details });")).toEqual(['a.ts:1', 'a.ts:2']);
    expect(plainErrors('a.ts', "throw new NotFound(say('work.notFound'));\nthrow new NotFound('id' in which ? say('a.b', { id }) : say('a.c'));\nnew Invalid(text, { issues });")).toEqual([]);
  });

  it('are coded texts, except in the CLI-only files listed', () => {
    const plain = fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => /\.tsx?$/.test(f) && !/^(cli|tui)\//.test(f) && !CLI_ONLY.has(f))
      .flatMap((f) => plainErrors(f, fs.readFileSync(path.join(SRC, f), 'utf8')));
    expect(plain).toEqual([]);
  });

  it('lists only files that exist and still hold a plain-string error', () => {
    for (const f of CLI_ONLY) expect(plainErrors(f, fs.readFileSync(path.join(SRC, f), 'utf8')), f).not.toEqual([]);
  });

});
