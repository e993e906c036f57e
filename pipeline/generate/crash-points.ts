// Kill points for the crash test (test/pipeline/crash-resume.test.ts), read from the
// environment: MISI_GEN_KILL_AFTER_IMAGES=N kills the run after its Nth image file;
// MISI_GEN_KILL_AFTER_FILES=N after the Nth file of the final assembly. "Kill" is SIGKILL to
// every browser's process group, then to this process's own group: nothing is flushed or
// cleaned, as when a machine loses power or a job is evicted. Unset: no effect.
import { readFileSync } from 'node:fs';
import { killAllBrowsers } from '../../renders/browser.ts';

function limit(name: string): number | null {
  const v = process.env[name];
  if (v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** True when this process leads its own process group (started detached), from /proc. */
function leadsGroup(): boolean {
  try {
    const stat = readFileSync('/proc/self/stat', 'latin1');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === process.pid;
  } catch {
    // No /proc (not Linux): the kill points then signal the process alone.
    return false;
  }
}

function killEverything(): never {
  killAllBrowsers();
  // The whole group only when it is ours alone (a test runner's group is left alone).
  if (leadsGroup()) process.kill(0, 'SIGKILL');
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
}

/** A counter that kills the run when it reaches the limit named by `variable`. */
export function killPoint(variable: 'MISI_GEN_KILL_AFTER_IMAGES' | 'MISI_GEN_KILL_AFTER_FILES'): () => void {
  const at = limit(variable);
  if (at === null) return () => {};
  let count = 0;
  return () => {
    if (++count >= at) killEverything();
  };
}
