// The reading warnings that change what a complex holds, said on screen at the end of a run:
// the ligand read from another file than the usual one, atoms renamed, alternate locations
// chosen, a ligand picked without a selector. Other warnings (an element guessed from a
// name, a pocket cut from the protein) are recorded on the complex and not summarised.
// The readers mark each such warning with its kind (`Diagnostic.kind`, structures/model.ts),
// set where the warning is made (build-complex.ts, ligand-from-files.ts, alt-locs.ts,
// ligand-of-interest.ts); the words of the message are for people and may change.
import type { Diagnostic, DiagnosticKind } from '../structures/model.ts';
import { firstIds } from './reject-summary.ts';

/** What each kind is called on screen, in the order the summary lists them. */
const LABELS = {
  'ligand-from-sdf': 'ligand read from the SDF (mol2 unusable; atom names generated)',
  'bond-orders-from-sdf': 'bond orders taken from the SDF',
  'ligand-picked': 'ligand picked automatically',
  'atoms-renamed': 'atoms renamed',
  'altlocs-chosen': 'alternate locations chosen',
  'chains-named': 'chains without ids told apart (named _1, _2, ...)',
} as const satisfies Record<DiagnosticKind, string>;

export type ChangeKind = (typeof LABELS)[DiagnosticKind];
const ORDER = Object.keys(LABELS) as DiagnosticKind[];

/** What a warning that changed what the complex holds is called on screen, or null for other warnings. */
export function changeKind(warning: Diagnostic): ChangeKind | null {
  return known(warning.kind) ? LABELS[warning.kind] : null;
}

/** A kind this version counts (a record written by a later version may hold others). */
const known = (kind: string | undefined): kind is DiagnosticKind => kind !== undefined && Object.hasOwn(LABELS, kind);

/** Complex ids per kind of change, gathered over a run. */
export class ContentChanges {
  private readonly byKind = new Map<DiagnosticKind, Set<string>>();

  /** Notes the changes among one complex's warnings. */
  add(id: string, warnings: readonly Diagnostic[] | undefined): void {
    for (const w of warnings ?? []) {
      const kind = w.kind;
      if (!known(kind)) continue;
      if (!this.byKind.has(kind)) this.byKind.set(kind, new Set());
      this.byKind.get(kind)!.add(id);
    }
  }

  get complexes(): number {
    return new Set([...this.byKind.values()].flatMap((s) => [...s])).size;
  }

  /**
   * `2 complexes changed on reading (warnings in out/complexes.jsonl): ligand read from the SDF
   * (...) 1: 1abc; alternate locations chosen 1: 2def`, or null when none was.
   */
  summary(where: string): string | null {
    const n = this.complexes;
    if (n === 0) return null;
    const parts = ORDER.filter((k) => this.byKind.has(k)).map((k) => {
      const ids = this.byKind.get(k)!;
      return `${LABELS[k]} ${ids.size}: ${firstIds(ids)}`;
    });
    return `${n} complex${n === 1 ? '' : 'es'} changed on reading (the warnings are in ${where}): ${parts.join('; ')}`;
  }
}
