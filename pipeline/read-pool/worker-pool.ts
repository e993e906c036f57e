// A pool of worker threads (node:worker_threads) that run named exports of our modules:
// `run(moduleUrl, name, arg)` calls `name(arg)` from that module in an idle worker and
// resolves with what it returns (structured-cloned back). Used to read complexes on every
// core; the work itself stays in structures/ and knows nothing of threads.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

interface Call {
  module: string;
  name: string;
  arg: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** What a worker posts back for one call. */
export type WorkerReply = { ok: true; value: unknown } | { ok: false; message: string; stack?: string };

/** The number of cores this process may use (at least 1). */
export const CORES = Math.max(1, availableParallelism());

/** A module of this folder by name, as the running code has it (`.ts` from sources, `.js` from dist). */
export function siblingModule(from: string, stem: string): URL {
  return new URL(`${stem}${from.endsWith('.ts') ? '.ts' : '.js'}`, from);
}

export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Call>();
  private readonly queue: Call[] = [];
  private readonly all: Worker[] = [];
  private failure: Error | null = null;

  constructor(readonly size: number) {
    const script = new URL('./pool-worker.mjs', import.meta.url);
    // Run from the TypeScript sources (tests, scripts under tsx), a worker registers tsx.
    const workerData = { tsx: import.meta.url.endsWith('.ts') };
    for (let i = 0; i < size; i++) {
      const w = new Worker(script, { workerData });
      w.on('message', (reply: WorkerReply) => this.settle(w, reply));
      w.on('error', (e) => this.fail(e));
      w.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`a reading worker thread exited with code ${code}`));
      });
      this.all.push(w);
      this.idle.push(w);
    }
  }

  /** Runs `name(arg)` of the module at `module` (a file URL) in a worker. */
  run<T>(module: string, name: string, arg: unknown): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ module, name, arg, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Stops every worker (pending calls are rejected). */
  async close(): Promise<void> {
    this.failure ??= new Error('the worker pool was closed');
    for (const c of this.queue.splice(0)) c.reject(this.failure);
    await Promise.all(this.all.map((w) => w.terminate()));
  }

  private dispatch(): void {
    while (this.idle.length && this.queue.length) {
      const w = this.idle.pop()!;
      const call = this.queue.shift()!;
      this.busy.set(w, call);
      w.postMessage({ module: call.module, name: call.name, arg: call.arg });
    }
  }

  private settle(w: Worker, reply: WorkerReply): void {
    const call = this.busy.get(w);
    this.busy.delete(w);
    this.idle.push(w);
    if (call) {
      if (reply.ok) call.resolve(reply.value);
      else {
        const e = new Error(reply.message);
        if (reply.stack) e.stack = reply.stack;
        call.reject(e);
      }
    }
    this.dispatch();
  }

  /** A worker died (a crash, out of memory): every call waiting or running fails with it. */
  private fail(e: Error): void {
    if (this.failure) return;
    this.failure = e;
    for (const c of [...this.busy.values(), ...this.queue.splice(0)]) c.reject(e);
    this.busy.clear();
  }
}
