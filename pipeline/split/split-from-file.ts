// A published split applied as given (`--split-from FILE`): one `<id><TAB>train|test|val` per
// line (blank lines and lines starting with # are skipped), e.g. ATOM3D's LBA 30 % split of
// the PDBbind refined set. Then the audit of the split by protein (audit-split.ts) reports
// its leaks; with `fix` (`--fix-leaks`) every leaking train complex moves to excluded. A
// complex of the corpus the file does not list is excluded, and so is every `val` complex
// unless `--buffer val` makes them val; ids listed but not in the corpus are noted.

import { EXCLUDED as EXCLUDED_SIDE, isSplit, type Split, TEST as TEST_SPLIT, TRAIN as TRAIN_SPLIT, VAL } from '../../qa/split-names.ts';
import { ComplexIdentity } from '../../structures/grouping/complex-identity.ts';
import { linkageData } from '../../structures/grouping/protein-linkage.ts';
import { auditSplit } from './audit-split.ts';
import { linkageItems } from './protein-clusters.ts';
import type { ComplexSequences } from './protein-sequences.ts';
import { EXCLUDED, TEST, TRAIN } from './seed-exclude.ts';
import { type BufferSide, nearestByIds, type ProteinSide, type ProteinSplit } from './split-by-protein.ts';
import { proteinSplitFile, type SplitFile } from './split-file.ts';

/** A side a split list may give: a split (val is excluded unless --buffer val). */
export type ListedSide = Split;

/** The sides a split list gives, and its bad lines as `FILE:LINE: problem`. */
export function parseSplitList(text: string, path: string): { sides: Map<string, ListedSide>; problems: string[] } {
  const sides = new Map<string, ListedSide>();
  const problems: string[] = [];
  text.split('\n').forEach((raw, k) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.startsWith('#')) return;
    const [id, side, ...rest] = line.split('\t');
    const where = `${path}:${k + 1}`;
    if (side === undefined || rest.length)
      problems.push(`${where}: expected <id><TAB>train|test|val, found ${JSON.stringify(line.slice(0, 60))}`);
    else if (!isSplit(side)) problems.push(`${where}: side '${side}' is not train, test or val`);
    else if (!id) problems.push(`${where}: no id`);
    else if (sides.has(id) && sides.get(id) !== side) problems.push(`${where}: ${id} is listed as ${sides.get(id)} and as ${side}`);
    else sides.set(id, side);
  });
  return { sides, problems };
}

export interface AppliedList extends ProteinSplit {
  notes: { id: string; note: string }[];
}

/** The listed sides on the corpus `items`, audited (leaking train complexes moved to excluded with `fix`). */
export function applySplitList(
  items: readonly ComplexSequences[],
  sides: ReadonlyMap<string, ListedSide>,
  o: { threshold: number; fix: boolean; minLength?: number; buffer?: BufferSide; threads?: number },
): AppliedList {
  const { sorted, items: linkage } = linkageItems(items, o.minLength);
  const ids = sorted.map((s) => s.id);
  const present = new Set(ids);
  const notes: AppliedList['notes'] = [];
  const side = Uint8Array.from(ids, (id) => {
    const s = sides.get(id);
    if (s === undefined) notes.push({ id, note: 'not in the split list: excluded' });
    else if (s === VAL && o.buffer !== VAL) notes.push({ id, note: 'val in the split list: excluded (no questions)' });
    return s === TRAIN_SPLIT ? TRAIN : s === TEST_SPLIT ? TEST : EXCLUDED;
  });
  for (const id of [...sides.keys()].sort()) if (!present.has(id)) notes.push({ id, note: 'in the split list but not in the corpus' });
  const t0 = Date.now();
  const ci = new ComplexIdentity(linkageData(linkage, { threshold: o.threshold }), { threads: o.threads });
  let a;
  try {
    a = auditSplit(ci, side, o.threshold, o.fix);
  } finally {
    ci.close();
  }
  const names: ProteinSide[] = [TRAIN_SPLIT, TEST_SPLIT, EXCLUDED_SIDE];
  const test = side.reduce((k, s) => k + (s === TEST ? 1 : 0), 0);
  return {
    // --buffer val: a complex listed val (on no side in the audit) is val.
    side: new Map(ids.map((id, i) => [id, o.buffer === VAL && sides.get(id) === VAL && side[i] === EXCLUDED ? VAL : names[side[i]]])),
    nearest: nearestByIds(a, ids),
    target: test,
    excludedBySeeds: 0,
    audit: {
      pairs: a.pairs,
      leaks: a.leaks.map((l) => ({ test: ids[l.test], train: ids[l.train], identity: l.identity })),
      moved: a.moved.map((i) => ids[i]),
    },
    work: {
      seeds: 0,
      regions: 0,
      rows: 0,
      searches: 0,
      searchesFound: 0,
      searchesToRow: 0,
      ...ci.stats,
      threads: ci.threadCount,
      seedSeconds: 0,
      auditSeconds: (Date.now() - t0) / 1000,
    },
    notes,
  };
}

/** split.json's content for a split list applied to the complexes' sequences. */
export function splitFileFromList(
  items: readonly ComplexSequences[],
  listed: ReadonlyMap<string, ListedSide>,
  o: { path: string; threshold: number; fix: boolean; seed: number; buffer?: BufferSide },
): { file: SplitFile; applied: AppliedList } {
  const applied = applySplitList(items, listed, o);
  const group = new Map(items.map((i) => [i.id, i.id]));
  const file = proteinSplitFile(applied, group, {
    seed: o.seed,
    testShare: applied.target / Math.max(1, items.length),
    threshold: o.threshold,
    engine: 'none (split list)',
    maxExcluded: items.length,
    from: o.path,
  });
  return { file, applied };
}
