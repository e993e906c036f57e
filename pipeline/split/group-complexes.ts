// The group of every complex for a split: itself (`complex`), the Bemis-Murcko scaffold of
// its ligand (`scaffold`), or its protein sequence cluster (`protein`). A split keeps every
// group whole on one side, so nothing that shares a scaffold or a cluster is on both sides.
import type { Complex } from '../../structures/model.ts';
import { murckoScaffoldOf } from '../../structures/grouping/murcko-scaffold.ts';
import { complexSequences } from './protein-sequences.ts';
import { clusterProteins } from './protein-clusters.ts';

export type SplitBy = 'complex' | 'scaffold' | 'protein';
export const SPLIT_BY: readonly SplitBy[] = ['complex', 'scaffold', 'protein'];

/** Default identity threshold of the split by protein: 30 %, measured as in protein-clusters.ts. */
export const DEFAULT_CLUSTER_THRESHOLD = 0.3;

/** The group of every acyclic ligand (scaffold ''): they share the empty scaffold. */
export const ACYCLIC_GROUP = 'acyclic';

export interface GroupOptions {
  by: SplitBy;
  /** Identity threshold for `protein`, a fraction. */
  threshold?: number;
}

export interface Grouping {
  by: SplitBy;
  groupOf: Map<string, string>;
  /** What was decided for single complexes and why (a ligand without a scaffold...). */
  notes: { id: string; note: string }[];
  /** `protein` only: the threshold used, and pairs compared on whole chains and on pockets. */
  threshold?: number;
  compared?: { whole: number; pocket: number };
}

/** Reads one complex by id (from memory, or from a run's kept ingest files). */
export type ComplexLoader = (id: string) => Complex | Promise<Complex>;

/**
 * The group of every id. Complexes are loaded one at a time as needed (none for `complex`);
 * only scaffolds and sequences are kept, so a large set need not sit in memory.
 */
export async function groupComplexes(ids: readonly string[], load: ComplexLoader, o: GroupOptions): Promise<Grouping> {
  if (new Set(ids).size !== ids.length) throw new Error('complex ids must be unique to split them');
  const notes: Grouping['notes'] = [];
  if (o.by === 'complex') return { by: o.by, groupOf: new Map(ids.map((id) => [id, id])), notes };
  if (o.by === 'scaffold') {
    const groupOf = new Map<string, string>();
    for (const id of ids) {
      const c = await load(id);
      const r = await murckoScaffoldOf(c.ligand);
      if (r.smiles === null) {
        // No scaffold known: the complex is a group of its own (it can share nothing).
        groupOf.set(c.id, `complex:${c.id}`);
        notes.push({ id: c.id, note: `no scaffold (${r.reason}); grouped alone` });
      } else {
        groupOf.set(c.id, r.smiles === '' ? ACYCLIC_GROUP : r.smiles);
        if (r.from === 'atoms') notes.push({ id: c.id, note: `scaffold from the ligand's atoms and bonds${r.unsanitised ? ', unsanitised' : ''}` });
      }
    }
    return { by: o.by, groupOf, notes };
  }
  const threshold = o.threshold ?? DEFAULT_CLUSTER_THRESHOLD;
  const items = [];
  for (const id of ids) items.push(await complexSequences(await load(id)));
  for (const i of items) {
    if (![...i.pocket, ...(i.whole ?? [])].some((s) => s.length >= 30)) notes.push({ id: i.id, note: 'no chain of 30 residues or more: a cluster of its own' });
  }
  const r = clusterProteins(items, { threshold });
  return { by: o.by, groupOf: r.clusterOf, notes, threshold, compared: r.compared };
}
