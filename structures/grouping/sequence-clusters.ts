// Grouping complexes by the sequence identity of their pockets: single-linkage clusters.
// Two complexes are linked when any chain of one and any chain of the other reach the
// threshold (see sequence-identity.ts for the alignment and the identity measure); a cluster
// is a connected set of links, found with union-find. A cluster is named by its smallest
// member id, so the result does not depend on the order of the input.
import { type AlignmentOptions, sequenceIdentity } from './sequence-identity.ts';

export interface SequenceItem {
  id: string;
  /** One sequence per pocket chain (see pocketSequence). */
  sequences: string[];
}

export interface ClusterOptions extends AlignmentOptions {
  /**
   * Chains shorter than this many residues are left out of the comparison (default 30):
   * a local alignment of a chain that brushes the pocket with a dozen residues reaches 30 %
   * identity with almost anything. A complex with no chain this long links to nothing and
   * stays a cluster of its own.
   */
  minLength?: number;
}

export interface SequenceClusters {
  /** Cluster id (smallest member id) of every input id. */
  clusterOf: Map<string, string>;
  /** Members of every cluster, sorted, keyed by cluster id; clusters sorted by id. */
  members: Map<string, string[]>;
}

class UnionFind {
  private parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]];
      i = this.parent[i];
    }
    return i;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/**
 * Single-linkage clusters at `threshold`, a fraction between 0 and 1 (0.3 for 30 %
 * identity). Ids must be unique. Items without any sequence of minLength are clusters of their own.
 */
export function clusterBySequence(items: SequenceItem[], threshold: number, options: ClusterOptions = {}): SequenceClusters {
  if (!(threshold >= 0 && threshold <= 1)) throw new RangeError(`identity threshold ${threshold} is not a fraction between 0 and 1`);
  const ids = items.map((i) => i.id);
  if (new Set(ids).size !== ids.length) throw new Error('clusterBySequence: item ids must be unique');
  // Sorted by id so that the work done, and any tie, never depends on the input order.
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const minLength = options.minLength ?? 30;
  const chains = sorted.map((item) => item.sequences.filter((s) => s.length >= minLength));
  const uf = new UnionFind(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      if (uf.find(i) === uf.find(j)) continue; // already joined: the link adds nothing
      if (chains[i].some((a) => chains[j].some((b) => sequenceIdentity(a, b, options) >= threshold))) uf.union(i, j);
    }
  }
  const clusterOf = new Map<string, string>();
  const members = new Map<string, string[]>();
  for (let i = 0; i < sorted.length; i++) {
    const clusterId = sorted[uf.find(i)].id; // the root is the smallest index, i.e. smallest id
    clusterOf.set(sorted[i].id, clusterId);
    const list = members.get(clusterId) ?? [];
    list.push(sorted[i].id);
    members.set(clusterId, list);
  }
  return { clusterOf, members };
}
