/**
 * The TUI command lines the launcher starts without the CLI (src/cli/tui-args.ts), and
 * those it leaves to the CLI.
 */
import { describe, expect, it } from 'vitest';
import { tuiCommandLine } from '../../../src/cli/tui-args.js';

const parse = (...args: string[]) => tuiCommandLine(['node', 'audiolib', ...args]);

describe('tuiCommandLine', () => {
  it('takes bare audiolib and tui with the options they know, in both spellings', () => {
    expect(parse()).toEqual({ global: {}, flags: {} });
    expect(parse('--data-dir', '/d', '--db=/d/x.sqlite3')).toEqual({ global: { dataDir: '/d', db: '/d/x.sqlite3' }, flags: {} });
    expect(parse('--data-dir=/d', 'tui', '--user', 'ann', '--server=http://h:1', '--mpv-arg=--ao=null', '--mpv-arg=--vo=null')).toEqual({
      global: { dataDir: '/d' },
      flags: { user: 'ann', server: 'http://h:1', mpvArg: ['--ao=null', '--vo=null'] },
    });
  });

  it('leaves everything else to the CLI', () => {
    for (const args of [
      ['scan'], ['tui', '--help'], ['--help'], ['-h'], ['help', 'tui'], ['tui', 'extra'],
      ['tui', '--mpv-arg', 'a'], ['tui', '--user'], ['tui', '--user', '--server'], ['--data-dir'], ['--data-dir='],
      ['tui', '--json'], ['--version'], ['tui', '--data-dir', '/d'],
    ]) expect(parse(...args), args.join(' ')).toBeNull();
  });
});
