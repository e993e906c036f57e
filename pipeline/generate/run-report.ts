// The end of a run of `generate`: the run log (run.json beside the dataset: timings,
// counts, pool and machine) and the closing lines on the log. Builders are pure; the caller
// writes and prints.
import { cpus, freemem, platform, release, totalmem } from 'node:os';
import { complexes, count } from '../plural.ts';
import { rejectSummary } from '../reject-summary.ts';
import type { RenderTally } from './render-stage.ts';
import { formatShard, type Shard } from './shard.ts';

/** What the run did, as the report needs it. */
export interface RunFacts {
  shard?: Shard;
  out: string;
  seconds: Record<string, number>;
  ids: { total: number; mine: number; resumed: number; done: number };
  sides: { train: number; test: number; val: number; excluded: number };
  summary: {
    questions: number;
    imageReferences: number;
    distinctImages: number;
    rejects: number;
    rejectKinds: { stage?: unknown; internal?: unknown; id?: unknown }[];
  };
  tally: Pick<RenderTally, 'rendered' | 'existing' | 'failed'>;
  /** Where the rejects are (the rejects file, or the parts of a shard). */
  rejectsAt: string;
}

export const totalSeconds = (seconds: Record<string, number>) => Object.values(seconds).reduce((a, b) => a + b, 0);

/** The run log's record (run.json). */
export function runLog(
  f: RunFacts,
  started: Date,
  finished: Date,
  pool: { size: number; launches: number; retries: number },
  complexReads: number,
  browser: unknown,
) {
  const total = totalSeconds(f.seconds);
  const cpu = cpus();
  return {
    started: started.toISOString(),
    finished: finished.toISOString(),
    seconds: { ...f.seconds, total },
    shard: f.shard ? formatShard(f.shard) : null,
    complexes: { total: f.ids.total, mine: f.ids.mine, resumed: f.ids.resumed, done: f.ids.done },
    images: {
      distinct: f.summary.distinctImages,
      rendered: f.tally.rendered,
      existing: f.tally.existing,
      failed: f.tally.failed.size,
      renderedPerSecond: f.seconds.render > 0 ? f.tally.rendered / f.seconds.render : null,
    },
    pages: pool.size,
    browserLaunches: pool.launches,
    retries: pool.retries,
    complexReads,
    machine: {
      platform: platform(),
      release: release(),
      cpus: cpu.length,
      cpuModel: cpu[0]?.model ?? '',
      memoryBytes: totalmem(),
      freeMemoryBytes: freemem(),
      node: process.version,
      browser,
    },
  };
}

/** The closing summary lines (without the `generate: ` warnings that follow them). */
export function summaryLines(f: RunFacts): string[] {
  const total = totalSeconds(f.seconds);
  const s = f.sides;
  const sides = `${s.train} train, ${s.test} test${s.val ? `, ${s.val} val` : ''}${s.excluded ? `, ${s.excluded} excluded` : ''}`;
  const lines: string[] = [];
  if (f.shard) {
    lines.push(
      `generate: shard ${formatShard(f.shard)}: ${f.ids.mine} of ${complexes(f.ids.total)} (${sides}), ${count(f.tally.rendered, 'image')} drawn, ${f.tally.existing} already there, ${total.toFixed(1)} s -> ${f.out} (join the shards with misi-gen merge)`,
    );
  } else {
    // "already there": images of the dataset this run did not draw (an earlier run in this folder drew them).
    const m = f.summary;
    lines.push(
      `generate: ${complexes(f.ids.total)} (${sides}), ${count(m.questions, 'question')}, ${count(m.imageReferences, 'image reference')}, ${count(m.distinctImages, 'distinct image')} (${f.tally.rendered} drawn, ${Math.max(0, m.distinctImages - f.tally.rendered)} already there), ${count(m.rejects, 'reject')}, ${total.toFixed(1)} s -> ${f.out}`,
    );
  }
  if (f.summary.rejects) lines.push(`generate: ${rejectSummary(f.summary.rejectKinds, f.rejectsAt)}`);
  return lines;
}
