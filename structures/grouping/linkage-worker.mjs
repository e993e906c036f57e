// A worker thread of protein-linkage.ts. Plain JavaScript so that it starts whether or not
// the parent registered tsx by a flag (workers inherit flags, not a programmatic register):
// it registers tsx itself, then runs linkage-rows.ts on the shared arrays it was given.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { linkRows } = await import('./linkage-rows.ts');
parentPort.postMessage(linkRows(workerData));
