// A full garbage collection every few hundred images. Each image brings ~0.8 MB of large
// strings (its pixels as base64 through the DevTools protocol), which V8 frees only in a
// full collection, and V8 lets the old generation grow to a multiple of what is live before
// it runs one: Node's resident memory saw-toothed between ~480 and ~720 MiB over a run. A
// collection every IMAGES_PER_COLLECTION images (~100 ms each, every ~15 s at 35 images/s)
// keeps it near what is live. Uses V8's gc() when it can be had (Node exposes it through
// --expose-gc, which can also be turned on at run time); otherwise it does nothing.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const IMAGES_PER_COLLECTION = 500;

let gc: (() => void) | null | undefined;

function v8Gc(): (() => void) | null {
  if (gc !== undefined) return gc;
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return (gc = existing);
  try {
    setFlagsFromString('--expose-gc');
    const fn = runInNewContext('gc');
    gc = typeof fn === 'function' ? fn : null;
  } catch {
    // A runtime that refuses the flag: no trimming, which only costs memory.
    gc = null;
  }
  return gc ?? null;
}

/** Counts images; runs a full collection after every IMAGES_PER_COLLECTION of them. */
export function heapTrimmer(every = IMAGES_PER_COLLECTION): () => void {
  let n = 0;
  return () => {
    if (++n % every === 0) v8Gc()?.();
  };
}
