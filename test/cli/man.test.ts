/**
 * The man pages: one per command, listed in package.json "man", each
 * documenting every option its command's --help shows; audiolib-config(1) names
 * every config key; groff reads them without warnings.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS } from '../../src/config/index.js';

const repo = path.resolve(import.meta.dirname, '..', '..');
const manDir = path.join(repo, 'man');
const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { man: string[] };
/** A page as text with roff's escaped hyphens made plain. */
const page = (name: string) => fs.readFileSync(path.join(manDir, name), 'utf8').replace(/\\-/g, '-');
/** The long options a --help output lists. */
const longOptions = (help: string) => [...new Set([...help.matchAll(/^\s+(?:-\w, )?(--[a-z][a-z-]*)/gm)].map((m) => m[1]!))];

interface HelpTree { name: string; help: string; commands: HelpTree[] }
/**
 * The --help text of the built program and of every command and sub-command, read
 * in one node process: commander's parse is replaced so loading dist/cli/main.js
 * only builds the program.
 */
function helpTree(): HelpTree {
  const script = `
    import { Command } from 'commander';
    let program;
    Command.prototype.parseAsync = async function () { program = this; };
    await import('./dist/cli/main.js');
    const walk = (c) => ({ name: c.name(), help: c.helpInformation(), commands: c.commands.map(walk) });
    process.stdout.write(JSON.stringify(walk(program)));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repo, encoding: 'utf8' })) as HelpTree;
}

describe('man pages', () => {
  it('package.json lists exactly the pages in man/', () => {
    const files = fs.readdirSync(manDir).filter((f) => f.endsWith('.1')).map((f) => `./man/${f}`).sort();
    expect([...pkg.man].sort()).toEqual(files);
  });

  it('every command has a page that documents every option of its --help', () => {
    const program = helpTree();
    // the same text the user sees
    expect(program.help).toContain('Usage: audiolib');
    const top = program.commands.map((c) => c.name);
    expect(top).toEqual(expect.arrayContaining(['serve', 'scan', 'user', 'config', 'translate']));
    const root = page('audiolib.1');
    for (const opt of longOptions(program.help)) expect(root, `audiolib.1 ${opt}`).toContain(opt);
    for (const cmd of program.commands) {
      const file = `audiolib-${cmd.name}.1`;
      expect(fs.existsSync(path.join(manDir, file)), file).toBe(true);
      expect(root, `audiolib.1 names ${cmd.name}`).toMatch(new RegExp(`\\.B ${cmd.name}\\b`));
      const text = page(file);
      for (const c of [cmd, ...cmd.commands]) {
        // --help is every command's; audiolib(1) documents it
        for (const opt of longOptions(c.help).filter((o) => o !== '--help')) expect(text, `${file} ${opt}`).toContain(opt);
        expect(text, `${file} names ${c.name}`).toContain(c.name);
      }
    }
  });

  it('audiolib-config(1) describes every config key', () => {
    const text = page('audiolib-config.1');
    for (const key of CONFIG_KEYS) expect(text, key).toContain(`.B ${key}\n`);
  });

  it('groff formats every page without warnings', () => {
    for (const file of fs.readdirSync(manDir).filter((f) => f.endsWith('.1'))) {
      const out = execFileSync('groff', ['-man', '-Tutf8', '-ww', '-z', path.join(manDir, file)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(out, file).toBe('');
    }
  });
});
