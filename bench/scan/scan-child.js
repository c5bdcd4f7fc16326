// Runs one library scan in its own process (so its peak RSS is the scan's) and prints
// {ms, cpuS, maxRssMb, summary} as JSON. Usage: node scan-child.js DATA_DIR LIBRARY_DIR [quick|full]
// quick (default) is what `audiolib scan` does, full what `audiolib scan --full` and the server do.
import { openMigrated } from '../../dist/db/index.js';
import { scanLibrary } from '../../dist/scan/index.js';

const [dataDir, lib, mode = 'quick'] = process.argv.slice(2);
const db = await openMigrated(dataDir);
const started = performance.now();
const cpu = process.cpuUsage();
const summary = await scanLibrary(db, { roots: [{ name: 'bench', path: lib }], maxDepth: 2, quick: mode === 'quick' });
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
await db.destroy();
const { failures, duplicateFolders, ...counts } = summary;
process.stdout.write(JSON.stringify({ ms, cpuS: (used.user + used.system) / 1e6, maxRssMb: process.resourceUsage().maxRSS / 1024, counts, failures: failures.length, duplicates: duplicateFolders.length }) + '\n');
