/**
 * TUI start-up benchmark: time from launching `audiolib tui` in a terminal to
 * its first frame showing works, on the 100,000-work catalogue of bench/catalogue/seed.js
 * (local mode, user bench0, mpv with --ao=null). The terminal is a pseudo-TTY made by
 * script(1); the clock starts before spawning node, so the figure includes node's own
 * start, module loading, opening the database, the first page query and the first
 * render. Prints each run and the median; the target is <= 250 ms.
 *
 *   npm run build:server && node bench/tui/run.js [--data-dir DIR] [--runs N]
 *
 * The data directory (default /tmp/audiolib-bench-tui) is seeded once (about a minute) and kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { seedCatalogue } from '../catalogue/seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.resolve(here, '../../bin/audiolib.js');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const dataDir = path.resolve(arg('--data-dir', '/tmp/audiolib-bench-tui'));
const runs = Number(arg('--runs', '7'));

if (!fs.existsSync(path.join(dataDir, 'audiolib.sqlite3'))) {
  process.stderr.write(`seeding ${dataDir} (100,000 works)...\n`);
  await seedCatalogue(dataDir);
}

/** CPU time (ms, user + system) used so far by process `pid`, from /proc/PID/stat. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** The node process script(1) runs (its child, once exec'd). */
function nodePidOf(scriptPid) {
  try {
    return Number(fs.readFileSync(`/proc/${scriptPid}/task/${scriptPid}/children`, 'utf8').trim().split(' ')[0]) || null;
  } catch {
    return null;
  }
}

/**
 * One launch of `mode`: 'cli' (`audiolib tui`), 'bundle' (runTui from the bundle with its
 * code cache, as the CLI loads it) or 'modules' (runTui imported from dist/tui/run.js and
 * its node_modules, no bundle, no rewrites: what the build's bundle saves). Answers the
 * wall ms from spawn to the first output showing the works list with a work code row, and
 * the node process's CPU ms at that moment; then q.
 */
function launch(mode) {
  return new Promise((resolve, reject) => {
    const options = `{ user: 'bench0', dataDir: ${JSON.stringify(dataDir)}, mpvArgs: ['--ao=null'], password: async () => '' }`;
    const loader = path.resolve(here, '../../dist/cli/tui-bundle.js');
    const modules = path.resolve(here, '../../dist/tui/run.js');
    const script = mode === 'bundle'
      ? `process.env.NODE_ENV ??= 'production'; import(${JSON.stringify(loader)}).then(async (m) => { const bundle = m.loadTuiBundle(); await bundle.tui.runTui(${options}); bundle.saveCache(); })`
      : `process.env.NODE_ENV ??= 'production'; import(${JSON.stringify(modules)}).then((m) => m.runTui(${options}))`;
    const command = mode === 'cli'
      ? `exec ${process.execPath} ${bin} --data-dir ${dataDir} tui --user bench0 --mpv-arg=--ao=null`
      : `exec ${process.execPath} --input-type=module -e ${JSON.stringify(script).replace(/\$/g, '\\$')}`;
    const started = process.hrtime.bigint();
    const child = spawn('script', ['-qfec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, COLUMNS: '80', LINES: '24' } });
    let out = '';
    let ms = null;
    let cpu = null;
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`no frame within 30 s:\n${out.slice(-2000)}`)); }, 30_000);
    child.stdout.on('data', (d) => {
      out += d.toString();
      if (ms === null && /All works \(100000\)/.test(out.replace(/\u001B\[[0-9;]*m/g, '')) && /RJ\d{6}/.test(out)) {
        ms = Number(process.hrtime.bigint() - started) / 1e6;
        const pid = nodePidOf(child.pid);
        cpu = pid ? cpuMs(pid) : NaN;
        child.stdin.write('q');
      }
    });
    child.on('close', () => { clearTimeout(timer); if (ms === null) reject(new Error(`TUI ended without a frame:\n${out.slice(-2000)}`)); else resolve({ ms, cpu }); });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Launches `runs` times (after one warm-up for the page cache); prints each run and the medians. */
async function measure(label, mode) {
  const walls = [];
  const cpus = [];
  await launch(mode);
  for (let i = 0; i < runs; i++) {
    const { ms, cpu } = await launch(mode);
    walls.push(ms);
    cpus.push(cpu);
    process.stdout.write(`${label} run ${i + 1}: ${ms.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU\n`);
  }
  return { wall: median(walls), min: Math.min(...walls), cpu: median(cpus) };
}

const cli = await measure('audiolib tui', 'cli');
const direct = await measure('runTui only', 'bundle');
const modules = await measure('runTui from modules', 'modules');
const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
process.stdout.write(`\n| start-up to first frame, 100,000 works (median of ${runs}) | wall ms | CPU ms |\n|---|---|---|\n`);
process.stdout.write(`| \`audiolib tui\` | ${cli.wall.toFixed(0)} (min ${cli.min.toFixed(0)}) | ${cli.cpu.toFixed(0)} |\n`);
process.stdout.write(`| runTui alone (bundle, database, first page, first frame) | ${direct.wall.toFixed(0)} (min ${direct.min.toFixed(0)}) | ${direct.cpu.toFixed(0)} |\n`);
process.stdout.write(`| runTui from dist/tui/run.js and node_modules (no bundle) | ${modules.wall.toFixed(0)} (min ${modules.min.toFixed(0)}) | ${modules.cpu.toFixed(0)} |\n`);
process.stdout.write(`\nload average ${load}; target <= 250 ms\n`);
