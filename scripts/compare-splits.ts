// Agreement of two splits by protein of the same complexes (e.g. --cluster-engine exact and
// mmseqs): pairs of complexes one puts in a cluster and the other does not (links missed,
// links added), and complexes whose side differs. Usage:
//   node --import tsx scripts/compare-splits.ts <exact split.json> <other split.json>
import { readFileSync } from 'node:fs';
import type { SplitFile } from '../pipeline/split/split-file.ts';

export interface SplitAgreement {
  complexes: number;
  pairsExact: number;
  pairsOther: number;
  missed: number;
  added: number;
  sideChanged: number;
  groupsExact: number;
  groupsOther: number;
}

const pairs = (sizes: Iterable<number>) => [...sizes].reduce((s, n) => s + (n * (n - 1)) / 2, 0);

export function compareSplits(exact: SplitFile, other: SplitFile): SplitAgreement {
  const o = new Map(other.complexes.map((c) => [c.id, c]));
  if (o.size !== exact.complexes.length || exact.complexes.some((c) => !o.has(c.id)))
    throw new Error('the two splits are not of the same complexes');
  const count = (keys: string[]) => {
    const m = new Map<string, number>();
    for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    return m;
  };
  const a = count(exact.complexes.map((c) => c.group));
  const b = count(other.complexes.map((c) => o.get(c.id)!.group));
  const both = count(exact.complexes.map((c) => `${c.group}\u0000${o.get(c.id)!.group}`));
  const together = pairs(both.values());
  return {
    complexes: exact.complexes.length,
    pairsExact: pairs(a.values()),
    pairsOther: pairs(b.values()),
    missed: pairs(a.values()) - together,
    added: pairs(b.values()) - together,
    sideChanged: exact.complexes.filter((c) => o.get(c.id)!.side !== c.side).length,
    groupsExact: a.size,
    groupsOther: b.size,
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const [x, y] = process.argv.slice(2);
  const read = (p: string) => JSON.parse(readFileSync(p, 'utf8')) as SplitFile;
  console.log(JSON.stringify(compareSplits(read(x), read(y))));
}
