/**
 * Where a list call's server time goes: starts `audiolib serve` under `node --cpu-prof` on
 * the catalogue benchmark's data directory, signs in as `bench0` (and creates an API key
 * for the players' calls), runs autocannon (10 connections) on one call, stops the server
 * and prints the main thread's self time per request, grouped by what it was spent on
 * (token check, query building and the SQLite driver, hydration and presenting, JSON,
 * Koa and HTTP, garbage collection, idle), then the top functions. SQLite itself runs in
 * libuv's thread pool and is not in the profile: the server CPU per request of run.js
 * counts it.
 *
 *   npm run build:server && node bench/catalogue/profile.js PATH [--data-dir DIR] [--db postgres://…] [--seconds N]
 *
 * PATH as in run.js, e.g. '/api/works?page=1&order=release&sort=desc' or
 * '/rest/getAlbumList2?type=random&size=20&f=json&v=1.16.1&c=bench&apiKey=APIKEY'.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBenchServer } from './server.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const target = process.argv[2];
if (!target || target.startsWith('--')) {
  process.stderr.write('usage: node bench/catalogue/profile.js PATH [--data-dir DIR] [--db postgres://…] [--seconds N]\n');
  process.exit(2);
}
const dataDir = path.resolve(arg('--data-dir', '/tmp/audiolib-bench-catalogue'));
const dbUrl = arg('--db', '');
const seconds = Number(arg('--seconds', '5'));
const profDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-prof-'));

/** What a profile node's self time counts as, from its script URL and function name. */
function category(url, name) {
  if (name === '(garbage collector)') return 'GC';
  if (name === '(idle)') return 'idle';
  if (name === '(program)') return 'native, not attributed (driver callbacks, V8)';
  if (name === 'stringify' || name === 'parse' || /serialise|toJson|toXml/.test(url)) return 'JSON / XML';
  if (/subsonic\/auth|users\/(api-keys|tokens|accounts)|middleware\/auth|node_modules\/jose|node:internal\/crypto|crypto\//.test(url)) return 'token check';
  if (/node_modules\/(knex|sqlite3|tarn|pg)|dist\/db\//.test(url)) return 'query (knex, driver)';
  if (/catalogue\/(hydrate|presenter|cache)|subsonic\/(presenters|library|tracks|stars)|library\/tree/.test(url)) return 'hydration, presenting';
  if (/catalogue\/|subsonic\/|server\/routes/.test(url)) return 'list logic, routes';
  if (/node_modules\/(koa|@koa|koa-[a-z-]+|co-body|raw-body|statuses|http-errors|accepts|type-is|vary|on-finished|cookies|content-disposition)\//.test(url) || /server\/middleware|server\/app/.test(url)) return 'Koa and middleware';
  if (/internal\/modules\//.test(url) || /compile|wrapSafe|openFileHandle|readFile|realpathSync|internalModuleStat/.test(name)) return 'start-up (module loading)';
  if (/^node:|^internal\//.test(url) || name === 'writev' || name === 'writeUtf8String' || name === 'writeBuffer') return 'node HTTP, streams, timers';
  if (!url) return 'native builtins';
  return 'other';
}

const { child, base, token } = await startBenchServer({ dataDir, dbUrl, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`], echo: true });
const headers = { authorization: `Bearer ${token}` };
let p = target;
if (p.includes('APIKEY')) {
  const created = await fetch(`${base}/api/player-access/keys`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'profile' }) });
  p = p.replace('APIKEY', (await created.json()).key);
}
const first = await fetch(base + p, { headers });
if (first.status !== 200) throw new Error(`${target}: ${first.status} ${(await first.text()).slice(0, 200)}`);
await first.text();
const result = await new Promise((resolve, reject) => autocannon({ url: base + p, connections: 10, duration: seconds, headers }, (err, r) => (err ? reject(err) : resolve(r))));
child.kill('SIGTERM');
await new Promise((resolve) => child.on('exit', resolve));

const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${profDir}`);
const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = new Map();
for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
const requests = result.requests.total + 1;
const groups = new Map();
const fns = new Map();
for (const [id, us] of dt) {
  const { callFrame: f } = byId.get(id);
  const cat = category(f.url.replace(/^file:\/\/.*?\/(dist|node_modules)\//, '$1/'), f.functionName);
  groups.set(cat, (groups.get(cat) ?? 0) + us);
  const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
}
const perReq = (us) => (us / 1000 / requests).toFixed(3);
console.log(`${target}: ${requests} requests, ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms; main-thread ms per request by kind:`);
for (const [cat, us] of [...groups].sort((a, b) => b[1] - a[1])) console.log(`  ${cat.padEnd(32)} ${perReq(us)}`);
console.log('top functions (self ms per request):');
for (const [key, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(arg('--top', '25')))) console.log(`  ${perReq(us)}  ${key}`);
fs.rmSync(profDir, { recursive: true, force: true });
