// The body of a WorkerPool thread (plain JavaScript, so it runs the same from the sources
// and from dist/): imports the module a call names (once) and runs the export with the
// call's argument; replies with the value or the error. Started from the TypeScript
// sources (tests, scripts), it first registers tsx so that the module can be `.ts`.
import { parentPort, workerData } from 'node:worker_threads';

if (workerData?.tsx) {
  const { register } = await import('tsx/esm/api');
  register();
}

const modules = new Map();

parentPort.on('message', async (call) => {
  let reply;
  try {
    let mod = modules.get(call.module);
    if (!mod) modules.set(call.module, (mod = import(call.module)));
    const fn = (await mod)[call.name];
    if (typeof fn !== 'function') throw new Error(`${call.module} has no function ${call.name}`);
    reply = { ok: true, value: await fn(call.arg) };
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    reply = { ok: false, message: err.message, stack: err.stack };
  }
  parentPort.postMessage(reply);
});
