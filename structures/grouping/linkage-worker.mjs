// A worker thread of protein-linkage.ts, running linkage-rows.ts on the shared arrays it was
// given. Plain JavaScript so that it starts the same way from the compiled package (dist/,
// where linkage-rows.js sits beside it) and from the sources (only linkage-rows.ts: it then
// registers tsx itself, since workers inherit flags, not a programmatic register).
import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const compiled = new URL('./linkage-rows.js', import.meta.url);
let rows;
if (existsSync(compiled)) rows = await import(compiled.href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  rows = await import('./linkage-rows.ts');
}
parentPort.postMessage(rows.linkRows(workerData));
