/**
 * The README's first hour (README.md "Quick start" and "Developing"): the first command
 * runs the demo, the second runs every test, each an npm script that exists; the test
 * command sits under "Developing" with what it needs (the Node version of package.json's
 * engines, every package .ci/run installs); the Quick start says how to run the CLI of a
 * clone and what building sqlite3 from source needs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..', '..');
const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string>; engines: { node: string } };

/** The text of the `## title` section, up to the next `## ` heading. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start, `a "## ${title}" section`).toBeGreaterThan(-1);
  const next = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, next === -1 ? undefined : next);
}

/** The commands of the ```sh blocks of `text`, comments cut, in order. */
const commands = (text: string) => [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean));

describe('README.md', () => {
  it('starts with the demo, then the test command, each an npm script of package.json', () => {
    const [first, second] = commands(readme);
    expect(first).toBe('npm ci && npm run demo');
    expect(second).toBe('npm test');
    expect(pkg.scripts.demo).toContain('scripts/demo.js');
    expect(pkg.scripts.test).toContain('vitest run');
  });

  it('keeps the test command out of the Quick start, in "Developing" with what it needs', () => {
    expect(commands(section('Quick start'))).toEqual(['npm ci && npm run demo']);
    const developing = section('Developing');
    expect(commands(developing)[0]).toBe('npm test');
    expect(developing).toContain(`Node.js ${pkg.engines.node.replace(/^>=/, ">= ")}`);
    const ci = fs.readFileSync(path.join(repo, '.ci', 'run'), 'utf8');
    const packages = /for pkg in ([^;]+);/.exec(ci)![1]!.trim().split(/\s+/);
    expect(packages.length).toBeGreaterThan(3);
    const apt = commands(developing).find((c) => c.startsWith('apt-get install'));
    expect(apt?.split(/\s+/).slice(2).sort()).toEqual([...packages].sort());
  });

  it('says how to run the CLI of a clone and what building sqlite3 from source needs', () => {
    const quick = section('Quick start');
    expect(quick).toContain('npx audiolib');
    expect(quick).toContain('npm link');
    expect(quick).toMatch(/sqlite3[\s\S]*from source[\s\S]*python3, make and g\+\+/);
  });

  it('says the demo listens on this machine only unless --host says otherwise', () => {
    const quick = section('Quick start');
    expect(quick).toContain('127.0.0.1');
    expect(quick).toContain('--host 0.0.0.0');
  });
});
