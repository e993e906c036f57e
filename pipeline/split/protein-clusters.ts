// Single-linkage clusters of complexes by sequence identity, comparing like with like: two
// complexes that both carry whole protein chains are compared on those; any other pair on
// their pocket sequences (see protein-sequences.ts). Two complexes are linked when any chain
// of one and any chain of the other reach the threshold (local alignment, identity over the
// shorter sequence: structures/grouping/sequence-identity.ts); chains shorter than
// `minLength` take no part. A cluster is named by its smallest member id. The exact engine
// finds the clusters of all pairs (structures/grouping/protein-linkage.ts: every core,
// pairs already joined skipped, one-pass identity kernel).

import type { LinkageStats } from '../../structures/grouping/linkage-rows.ts';
import { type LinkageItem, linkBySequence } from '../../structures/grouping/protein-linkage.ts';
import type { ComplexSequences } from './protein-sequences.ts';

export interface ProteinClusterOptions {
  /** Identity threshold, a fraction (0.3 = 30 %). */
  threshold: number;
  /** Chains shorter than this many residues are not compared (default 30). */
  minLength?: number;
  /** Worker threads (default: one per core for a large set). */
  workers?: number;
}

export interface ProteinClusters {
  clusterOf: Map<string, string>;
  /** Pairs compared on whole chains, and on pockets; pairs skipped, alignments run. */
  compared: LinkageStats & { workers: number };
}

/**
 * The complexes sorted by id (so neither the work nor any tie depends on the input order)
 * and their chains as linkage items, chains shorter than minLength (default 30) left out.
 * Both engines start from these.
 */
export function linkageItems(items: readonly ComplexSequences[], minLength = 30): { sorted: ComplexSequences[]; items: LinkageItem[] } {
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const long = (list: string[] | null) => (list ?? []).filter((s) => s.length >= minLength);
  return { sorted, items: sorted.map((i) => ({ pocket: long(i.pocket), whole: long(i.whole) })) };
}

export async function clusterProteins(items: ComplexSequences[], o: ProteinClusterOptions): Promise<ProteinClusters> {
  if (!(o.threshold >= 0 && o.threshold <= 1)) throw new RangeError(`identity threshold ${o.threshold} is not a fraction between 0 and 1`);
  const { sorted, items: linkage } = linkageItems(items, o.minLength);
  const r = await linkBySequence(linkage, { threshold: o.threshold, workers: o.workers });
  return { clusterOf: new Map(sorted.map((item, i) => [item.id, sorted[r.root[i]].id])), compared: r.stats };
}
