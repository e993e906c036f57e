// CPU time and resident memory of process trees (a browser and every process it started),
// read from Linux's /proc. Used by the benchmark and the memory run; on a system without
// /proc the figures are zero.
import { readdirSync, readFileSync } from 'node:fs';

export interface TreeUsage {
  /** Processes counted. */
  processes: number;
  /** User + system CPU time so far, seconds. */
  cpuSeconds: number;
  /** Sum of resident set sizes now, bytes. */
  rssBytes: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const PAGE_BYTES = 4096;

interface Stat {
  pid: number;
  ppid: number;
  cpuTicks: number;
  rssPages: number;
}

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name (field 2) may hold spaces and parentheses: split after its last ')'.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // rest[0] is field 3 (state): ppid is field 4, utime 14, stime 15, rss 24.
    return { pid, ppid: Number(rest[1]), cpuTicks: Number(rest[11]) + Number(rest[12]), rssPages: Number(rest[21]) };
  } catch {
    // The process ended between listing /proc and reading it: not one of the tree any more.
    return null;
  }
}

function allStats(): Stat[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    // No /proc (not Linux): no processes to measure, and the caller says the figures are unknown.
    return [];
  }
  return names.filter((n) => /^\d+$/.test(n)).flatMap((n) => readStat(Number(n)) ?? []);
}

/** The processes `roots` and all their descendants, each once. */
function treeStats(roots: number[]): Stat[] {
  const stats = allStats();
  const children = new Map<number, Stat[]>();
  for (const s of stats) {
    const list = children.get(s.ppid);
    if (list) list.push(s);
    else children.set(s.ppid, [s]);
  }
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const seen = new Set<number>();
  const queue = roots.filter((r) => byPid.has(r));
  const tree: Stat[] = [];
  while (queue.length) {
    const pid = queue.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    tree.push(byPid.get(pid)!);
    for (const c of children.get(pid) ?? []) queue.push(c.pid);
  }
  return tree;
}

/** Usage of the processes `roots` and all their descendants. */
export function treeUsage(roots: number[]): TreeUsage {
  const usage: TreeUsage = { processes: 0, cpuSeconds: 0, rssBytes: 0 };
  for (const s of treeStats(roots)) {
    usage.processes++;
    usage.cpuSeconds += s.cpuTicks / TICKS_PER_SECOND;
    usage.rssBytes += s.rssPages * PAGE_BYTES;
  }
  return usage;
}

/**
 * CPU seconds so far of the descendants of `roots` (not the roots themselves), summed by
 * Chromium process type: its `--type=` argument ('gpu-process', 'renderer', 'zygote'...;
 * a utility process by its service, such as 'NetworkService'), 'browser' for a process
 * without one.
 */
export function descendantCpuByType(roots: number[]): Map<string, number> {
  const out = new Map<string, number>();
  const rootSet = new Set(roots);
  for (const s of treeStats(roots)) {
    if (rootSet.has(s.pid)) continue;
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${s.pid}/cmdline`, 'latin1');
    } catch {
      // The process ended after its stat was read: counted as the browser's own.
    }
    const type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser';
    const service = /--utility-sub-type=([\w.]+)/.exec(cmd)?.[1];
    const key = type === 'utility' && service ? service.split('.').pop()! : type;
    out.set(key, (out.get(key) ?? 0) + s.cpuTicks / TICKS_PER_SECOND);
  }
  return out;
}
