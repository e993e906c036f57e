// Single-linkage clusters of complexes by sequence identity, comparing like with like: two
// complexes that both carry whole protein chains are compared on those; any other pair on
// their pocket sequences (see protein-sequences.ts). Two complexes are linked when any chain
// of one and any chain of the other reach the threshold (local alignment, identity over the
// shorter sequence: structures/grouping/sequence-identity.ts); chains shorter than
// `minLength` take no part. A cluster is named by its smallest member id.
import { sequenceIdentity } from '../../structures/grouping/sequence-identity.ts';
import type { ComplexSequences } from './protein-sequences.ts';

export interface ProteinClusterOptions {
  /** Identity threshold, a fraction (0.3 = 30 %). */
  threshold: number;
  /** Chains shorter than this many residues are not compared (default 30). */
  minLength?: number;
}

export interface ProteinClusters {
  clusterOf: Map<string, string>;
  /** Pairs compared on whole chains, and on pockets. */
  compared: { whole: number; pocket: number };
}

export function clusterProteins(items: ComplexSequences[], o: ProteinClusterOptions): ProteinClusters {
  if (!(o.threshold >= 0 && o.threshold <= 1)) throw new RangeError(`identity threshold ${o.threshold} is not a fraction between 0 and 1`);
  const minLength = o.minLength ?? 30;
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const long = (list: string[] | null) => (list ?? []).filter((s) => s.length >= minLength);
  const pocket = sorted.map((i) => long(i.pocket));
  const whole = sorted.map((i) => (i.whole ? long(i.whole) : null));
  const parent = sorted.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const compared = { whole: 0, pocket: 0 };
  const linked = (a: string[], b: string[]) => a.some((x) => b.some((y) => sequenceIdentity(x, y) >= o.threshold));
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const ri = find(i), rj = find(j);
      if (ri === rj) continue;
      const wi = whole[i], wj = whole[j];
      const both = wi !== null && wj !== null && wi.length > 0 && wj.length > 0;
      if (both) compared.whole++;
      else compared.pocket++;
      if (both ? linked(wi, wj) : linked(pocket[i], pocket[j])) parent[Math.max(ri, rj)] = Math.min(ri, rj);
    }
  }
  return { clusterOf: new Map(sorted.map((item, i) => [item.id, sorted[find(i)].id])), compared };
}
