/**
 * The layer rules of src/model/README.md, read from the import statements of the files:
 * src/model imports only its own files; the web UI (and every project file it reaches)
 * imports no node: module and nothing of src/db or src/server.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const MODEL = path.join(ROOT, 'src', 'model');
const FORBIDDEN_FOR_WEB = [path.join(ROOT, 'src', 'db'), path.join(ROOT, 'src', 'server')];
const builtins = new Set(builtinModules);

/** Every .ts/.tsx file under `dir`. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

/** The module specifiers of a file's import and export statements and dynamic imports (type-only ones too). */
function importsOf(text: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]!));
}

const isNodeModule = (spec: string) => spec.startsWith('node:') || builtins.has(spec.split('/')[0]!);

/** The project file a specifier names (relative, or the web's `@model` alias); null for a package. */
function resolveProjectFile(from: string, spec: string): string | null {
  let target: string;
  if (spec === '@model' || spec.startsWith('@model/')) target = path.join(MODEL, spec.slice('@model'.length));
  else if (spec.startsWith('.')) target = path.resolve(path.dirname(from), spec);
  else return null;
  const bare = target.replace(/\.js$/, '');
  const candidates = [target, `${bare}.ts`, `${bare}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? target;
}

const rel = (file: string) => path.relative(ROOT, file);
const inside = (file: string, dir: string) => file === dir || file.startsWith(dir + path.sep);

/**
 * Walks the project files reachable from `entries` through their imports and lists every
 * import that breaks the web rule, as 'file: specifier'.
 */
function webViolations(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  const out: string[] = [];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
      if (isNodeModule(spec)) {
        out.push(`${rel(file)}: ${spec}`);
        continue;
      }
      const target = resolveProjectFile(file, spec);
      if (target === null) continue;
      if (FORBIDDEN_FOR_WEB.some((dir) => inside(target, dir))) out.push(`${rel(file)}: ${spec}`);
      else queue.push(target);
    }
  }
  return out;
}

describe('import boundaries (src/model/README.md)', () => {
  it('reads import, export and dynamic import specifiers, type-only ones too', () => {
    const text = [
      "import type { A } from '../../src/server/app.js';",
      'import {\n  b,\n  c,\n} from "node:fs";',
      "export * from './wire.js';",
      "import './side-effect.css';",
      "const m = await import('../db/index.js');",
      "// a comment that says import things from 'nowhere' is not an import",
    ].join('\n');
    expect(importsOf(text)).toEqual(['../../src/server/app.js', 'node:fs', './wire.js', './side-effect.css', '../db/index.js']);
  });

  it('finds a forbidden import through a relative path, also one reached through another file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-boundaries-'));
    try {
      const page = path.join(dir, 'page.ts');
      const server = path.relative(dir, path.join(ROOT, 'src', 'server', 'app.js'));
      fs.writeFileSync(page, "import { helper } from './helper';\n");
      fs.writeFileSync(path.join(dir, 'helper.ts'), `import { serve } from '${server}';\nimport fs from 'fs';\n`);
      const helper = rel(path.join(dir, 'helper.ts'));
      expect(webViolations([page])).toEqual([`${helper}: ${server}`, `${helper}: fs`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the web UI imports no node: module and nothing of src/db or src/server, directly or through a shared module', () => {
    const files = sourceFiles(path.join(ROOT, 'web', 'src'));
    expect(files.length).toBeGreaterThan(50);
    expect(webViolations(files)).toEqual([]);
  });

  it('src/model imports nothing but its own files: no node:, no package, no other project folder', () => {
    const files = sourceFiles(MODEL);
    expect(files.map((f) => path.basename(f))).toContain('index.ts');
    const outside = files.flatMap((file) => importsOf(fs.readFileSync(file, 'utf8'))
      .filter((spec) => {
        const target = resolveProjectFile(file, spec);
        return target === null || !inside(target, MODEL);
      })
      .map((spec) => `${rel(file)}: ${spec}`));
    expect(outside).toEqual([]);
  });
});
