// The group of every complex for a split: itself (`complex`), the Bemis-Murcko scaffold of
// its ligand (`scaffold`), or its protein sequence cluster (`protein`). A split keeps every
// group whole on one side, so nothing that shares a scaffold or a cluster is on both sides.

import { murckoScaffoldOf } from '../../structures/grouping/murcko-scaffold.ts';
import type { Complex } from '../../structures/model.ts';
import { clusterWithMmseqs } from './mmseqs-clusters.ts';
import { clusterProteins } from './protein-clusters.ts';
import { type ComplexSequences, complexSequences } from './protein-sequences.ts';
import { SPLIT_BY_ORDER, type SplitBy } from './split-by.ts';
import { type TimeSummary, timeSummary } from './time-split.ts';

export type { SplitBy } from './split-by.ts';
export const SPLIT_BY: readonly SplitBy[] = SPLIT_BY_ORDER;

/** Whether a split compares proteins (seed and exclude and the audit: split-by-protein.ts). */
export const byProtein = (by: SplitBy): boolean => by === 'protein' || by === 'protein,scaffold';

/** Default identity threshold of the split by protein: 30 %, measured as in protein-clusters.ts. */
export const DEFAULT_CLUSTER_THRESHOLD = 0.3;

/** The group of every acyclic ligand (scaffold ''): they share the empty scaffold. */
export const ACYCLIC_GROUP = 'acyclic';

/** How the split by protein finds its clusters: exactly (all pairs), or by MMseqs2 (approximate, fast). */
export type ClusterEngine = 'exact' | 'mmseqs';
export const CLUSTER_ENGINES: readonly ClusterEngine[] = ['exact', 'mmseqs'];

export interface GroupOptions {
  by: SplitBy;
  /** Identity threshold for `protein`, a fraction. */
  threshold?: number;
  /** Engine for `protein` (default exact). */
  engine?: ClusterEngine;
  /** Worker threads of the exact engine (default: by the work); the split does not depend on it. */
  workers?: number;
}

export interface Grouping {
  by: SplitBy;
  groupOf: Map<string, string>;
  /** What was decided for single complexes and why (a ligand without a scaffold...). */
  notes: { id: string; note: string }[];
  /** `protein` only: the threshold used. */
  threshold?: number;
  /** `protein` only: the engine and its version, and what it did (pairs compared, skipped...). */
  engine?: { name: ClusterEngine; version: string };
  compared?: Record<string, number>;
  /** `protein` only: every complex's sequences (the split compares them again: split-by-protein.ts). */
  sequences?: ComplexSequences[];
  /** `protein,scaffold`: every complex's scaffold group (as for `scaffold`). */
  scaffoldOf?: Map<string, string>;
  /** `time`: every complex's release date and ligand. */
  times?: TimeSummary[];
}

/** Reads one complex by id (from memory, or from a run's kept ingest files). */
export type ComplexLoader = (id: string) => Complex | Promise<Complex>;

/**
 * What grouping keeps of one complex (so the complexes themselves need not stay in memory):
 * for `scaffold` its group and why, for `protein` its sequences, for `complex` only its id.
 */
export interface GroupSummary {
  id: string;
  group?: string;
  note?: string;
  sequences?: ComplexSequences;
  time?: TimeSummary;
}

export async function groupSummary(c: Complex, by: SplitBy): Promise<GroupSummary> {
  if (by === 'complex') return { id: c.id };
  if (by === 'time') return { id: c.id, time: timeSummary(c) };
  if (by === 'protein') return { id: c.id, sequences: await complexSequences(c) };
  if (by === 'protein,scaffold') return { ...(await groupSummary(c, 'scaffold')), sequences: await complexSequences(c) };
  const r = await murckoScaffoldOf(c.ligand);
  // No scaffold known: the complex is a group of its own (it can share nothing).
  if (r.smiles === null) return { id: c.id, group: `complex:${c.id}`, note: `no scaffold (${r.reason}); grouped alone` };
  const group = r.smiles === '' ? ACYCLIC_GROUP : r.smiles;
  return r.from === 'atoms'
    ? {
        id: c.id,
        group,
        note: `the ligand has no SMILES, so its scaffold was built from its atoms and bonds as read${r.unsanitised ? ' (RDKit could not sanitise them: read as written)' : ''}; see docs/splits-export.md#scaffolds-without-smiles`,
      }
    : { id: c.id, group };
}

/**
 * The group of every id. Complexes are loaded one at a time as needed (none for `complex`);
 * only their summaries are kept, so a large set need not sit in memory.
 */
export async function groupComplexes(ids: readonly string[], load: ComplexLoader, o: GroupOptions): Promise<Grouping> {
  if (o.by === 'complex')
    return groupSummaries(
      ids.map((id) => ({ id })),
      o,
    );
  const summaries: GroupSummary[] = [];
  for (const id of ids) summaries.push(await groupSummary(await load(id), o.by));
  return groupSummaries(summaries, o);
}

/** Groups from the summaries of groupSummary (in the order the notes should come: by id). */
export async function groupSummaries(summaries: readonly GroupSummary[], o: GroupOptions): Promise<Grouping> {
  const ids = summaries.map((s) => s.id);
  if (new Set(ids).size !== ids.length) throw new Error('complex ids must be unique to split them');
  const notes: Grouping['notes'] = [];
  if (o.by === 'complex') return { by: o.by, groupOf: new Map(ids.map((id) => [id, id])), notes };
  if (o.by === 'time')
    return {
      by: o.by,
      groupOf: new Map(summaries.map((s) => [s.id, s.time!.date ?? 'no date'])),
      notes,
      times: summaries.map((s) => s.time!),
    };
  if (o.by === 'scaffold') {
    for (const s of summaries) if (s.note) notes.push({ id: s.id, note: s.note });
    return { by: o.by, groupOf: new Map(summaries.map((s) => [s.id, s.group!])), notes };
  }
  const threshold = o.threshold ?? DEFAULT_CLUSTER_THRESHOLD;
  const items = summaries.map((s) => s.sequences!);
  if (o.by === 'protein,scaffold') {
    for (const s of summaries) if (s.note) notes.push({ id: s.id, note: s.note });
    const r = await groupSummaries(summaries, { ...o, by: 'protein' });
    return { ...r, by: o.by, notes: [...notes, ...r.notes], scaffoldOf: new Map(summaries.map((s) => [s.id, s.group!])) };
  }
  for (const i of items) {
    if (![...i.pocket, ...(i.whole ?? [])].some((s) => s.length >= 30))
      notes.push({ id: i.id, note: 'no chain of 30 residues or more: a cluster of its own' });
  }
  const started = Date.now();
  const seconds = () => ({ seconds: (Date.now() - started) / 1000 });
  if (o.engine === 'mmseqs') {
    const r = await clusterWithMmseqs(items, { threshold });
    return {
      by: o.by,
      groupOf: r.clusterOf,
      notes,
      threshold,
      engine: { name: 'mmseqs', version: r.version },
      compared: { ...r.compared, ...seconds() },
      sequences: items,
    };
  }
  const r = await clusterProteins(items, { threshold, workers: o.workers });
  return {
    by: o.by,
    groupOf: r.clusterOf,
    notes,
    threshold,
    engine: { name: 'exact', version: EXACT_ENGINE_VERSION },
    compared: { ...r.compared, ...seconds() },
    sequences: items,
  };
}

/**
 * The exact engine's identity measure and linkage; bumped if either ever changes.
 * 2: a pair's identity is always aligned with the complex first in id order as the query
 *    (rows of the split and the audit agreed with the clustering only by chance before), and
 *    a complex with no chain of 30 residues is never a seed.
 */
export const EXACT_ENGINE_VERSION = '2';
