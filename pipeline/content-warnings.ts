// The reading warnings that change what a complex holds, said on screen at the end of a run:
// the ligand read from another file than the usual one, atoms renamed, alternate locations
// chosen, a ligand picked without a selector. Other warnings (an element guessed from a
// name, a pocket cut from the protein) are recorded on the complex and not summarised.
// The readers' messages are the source: each kind is recognised by the words of its message
// (structures/build-complex.ts, ligand-from-files.ts, alt-locs.ts); test/pipeline/
// content-warnings.test.ts holds those words against real structures.
import type { Diagnostic } from '../structures/model.ts';
import { firstIds } from './reject-summary.ts';

/** The kinds, in the order the summary lists them, with the words that mark each. */
const KINDS = [
  { kind: 'ligand read from the SDF (mol2 unusable; atom names generated)', words: /ligand read from the SDF instead/ },
  { kind: 'bond orders taken from the SDF', words: /taken from the SDF of the same ligand/ },
  { kind: 'ligand picked automatically', words: /^ligand (\S+ )?picked automatically/ },
  { kind: 'atoms renamed', words: /made unique|; renamed / },
  { kind: 'alternate locations chosen', words: /^alternate locations in |has two versions; kept / },
] as const;

export type ChangeKind = (typeof KINDS)[number]['kind'];

/** The kind of a warning that changes what the complex holds, or null. */
export function changeKind(message: string): ChangeKind | null {
  return KINDS.find((k) => k.words.test(message))?.kind ?? null;
}

/** Complex ids per kind of change, gathered over a run. */
export class ContentChanges {
  private readonly byKind = new Map<ChangeKind, Set<string>>();

  /** Notes the changes among one complex's warnings. */
  add(id: string, warnings: readonly Diagnostic[] | undefined): void {
    for (const w of warnings ?? []) {
      const kind = changeKind(w.message);
      if (!kind) continue;
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
    const parts = KINDS.filter((k) => this.byKind.has(k.kind)).map((k) => {
      const ids = this.byKind.get(k.kind)!;
      return `${k.kind} ${ids.size}: ${firstIds(ids)}`;
    });
    return `${n} complex${n === 1 ? '' : 'es'} changed on reading (the warnings are in ${where}): ${parts.join('; ')}`;
  }
}
