// A worker thread of the grouping modules: calls workerData.call, a function of the sibling
// module workerData.module (linkage-rows: linkRows for protein-linkage.ts; identity-rows:
// serveRows for complex-identity.ts), with workerData.args, and posts what it returns.
// Plain JavaScript so that it starts the same way from the compiled package (dist/, where
// the .js modules sit beside it) and from the sources (only the .ts: it then registers tsx
// itself, since workers inherit flags, not a programmatic register).
import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const { module, call, args } = workerData;
const compiled = new URL(`./${module}.js`, import.meta.url);
let loaded;
if (existsSync(compiled)) loaded = await import(compiled.href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  loaded = await import(`./${module}.ts`);
}
parentPort.postMessage(loaded[call](...args) ?? null);
