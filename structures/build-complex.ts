// From one discovered input (a PDBbind-style folder or a whole entry) to one Complex, or to
// a reject that says which file and what was wrong.

import type { EntryJob, FolderJob } from './discover.ts';
import { type LigandResult, ligandFromMol2, ligandFromResidue, ligandFromSdf } from './ligand-from-files.ts';
import { choiceWarning, chooseLigand, type LigandRequest } from './ligand-of-interest.ts';
import type { Complex, Diagnostic, EntryInfo, Ligand, Residue, SourceFile } from './model.ts';
import { parseStructure } from './parse-structure.ts';
import { cutPocket, DEFAULT_POCKET_RADIUS, nearestDistance } from './pocket-cut.ts';
import { readInputFile } from './read-input-file.ts';
import type { StructureRecord } from './read-pdb.ts';
import { enterStage, type Reject, type Step } from './reject.ts';
import { residueKind } from './residue-kinds.ts';

export type { Reject } from './reject.ts';

export interface BuildOptions {
  /** Pocket radius in angstrom when the pocket is cut (layouts 2 and 3). */
  pocketRadius?: number;
  /** Count hydrogens when cutting the pocket. */
  pocketHydrogens?: boolean;
}

export type BuildResult = { ok: true; complex: Complex } | { ok: false; reject: Reject };

const fail = (id: string, path: string, stage: string, reason: string, line?: number): BuildResult => ({
  ok: false,
  reject: { id, path, stage, reason: line ? `line ${line}: ${reason}` : reason },
});

async function readStructure(
  path: string,
): Promise<{ ok: true; record: StructureRecord; sha256: string } | { ok: false; reason: string; line?: number }> {
  const file = await readInputFile(path);
  if (!file.ok) return file;
  const record = parseStructure(file.text, path);
  if (record.errors.length) {
    const e = record.errors[0];
    return {
      ok: false,
      reason: `${e.message}${record.errors.length > 1 ? ` (and ${record.errors.length - 1} more problems)` : ''}`,
      line: e.line,
    };
  }
  if (record.residues.length === 0) return { ok: false, reason: 'no ATOM or HETATM records: not a coordinate file, or truncated' };
  return { ok: true, record, sha256: file.sha256 };
}

// Every residue of the protein or entry file a complex was cut from, while that complex is
// in memory (a weak map: nothing is kept after it), so that the split's whole-chain
// sequences need not read and parse the same file again.
const wholeResidues = new WeakMap<Complex, readonly Residue[]>();

/** The residues of the whole protein or entry file the complex was cut from, if it was parsed here. */
export function wholeResiduesOf(complex: Complex): readonly Residue[] | undefined {
  return wholeResidues.get(complex);
}

/** Splits residues into pocket (polymer + other hetero groups), waters and ions. */
function sortResidues(residues: Residue[]): Pick<Complex, 'pocket' | 'waters' | 'metals'> {
  const pocket: Residue[] = [],
    waters: Residue[] = [],
    metals: Residue[] = [];
  for (const r of residues) {
    const kind = residueKind(r);
    (kind === 'water' ? waters : kind === 'ion' ? metals : pocket).push(r);
  }
  return { pocket, waters, metals };
}

/** A pocket must hold protein residues near the ligand, or the two files do not belong together. */
function pocketProblem(pocket: Residue[], ligand: Ligand, radius: number, cut = false): string | null {
  const polymer = pocket.filter((r) => residueKind(r) === 'polymer');
  if (polymer.length === 0)
    return cut
      ? `no protein residue has an atom within ${radius} A of the ligand, so the cut pocket is empty; are the files from the same structure?`
      : 'the pocket holds no protein residue';
  const d = nearestDistance(polymer, ligand.atoms);
  if (!Number.isFinite(d)) return 'the protein residues of the pocket have no heavy atoms';
  if (d > radius)
    return `no protein residue near the ligand: the nearest protein atom is ${d.toFixed(1)} A away (limit ${radius} A); are the files from the same structure?`;
  return null;
}

/**
 * `step` is moved on as the work goes (read-ligand, ligand-chemistry, read-pocket,
 * pocket-cut, check), so the failure boundary around the call can name the stage of a throw.
 */
export async function buildFromFolder(
  job: FolderJob,
  options: BuildOptions,
  step: Step = { stage: 'read-ligand', path: '' },
): Promise<BuildResult> {
  const radius = options.pocketRadius ?? DEFAULT_POCKET_RADIUS;
  const sources: SourceFile[] = [];
  const warnings: Diagnostic[] = [];
  // The ligand: mol2 when present (it carries atom names), else SDF.
  let lig: LigandResult | null = null;
  let ligPath = (job.mol2 ?? job.sdf)!;
  const sdfFile = job.sdf ? await readInputFile(job.sdf) : null;
  if (job.mol2) {
    enterStage(step, 'read-ligand', job.mol2);
    const f = await readInputFile(job.mol2);
    lig = f.ok ? await ligandFromMol2(f.text, job.mol2, sdfFile?.ok ? sdfFile.text : undefined, step) : { ok: false, reason: f.reason };
    if (f.ok && lig.ok) sources.push({ role: 'ligand', path: job.mol2, sha256: f.sha256 });
    if (!lig.ok && sdfFile?.ok) {
      warnings.push({
        file: job.mol2,
        line: lig.line,
        message: `mol2 unusable (${lig.reason}); ligand read from the SDF instead`,
        kind: 'ligand-from-sdf',
      });
      lig = null;
    }
  }
  if (!lig) {
    ligPath = job.sdf!;
    enterStage(step, 'read-ligand', job.sdf!);
    lig = sdfFile!.ok ? await ligandFromSdf(sdfFile!.text, job.sdf!, step) : { ok: false, reason: sdfFile!.reason };
    if (sdfFile!.ok && lig.ok) sources.push({ role: 'ligand', path: job.sdf!, sha256: sdfFile!.sha256 });
  }
  if (!lig.ok) return fail(job.id, ligPath, lig.stage ?? 'read-ligand', lig.reason, lig.line);
  const ligand = lig.ligand;
  warnings.push(...lig.warnings);
  // The pocket: the pocket file when present, else cut from the protein.
  let parts: Pick<Complex, 'pocket' | 'waters' | 'metals'>;
  let proteinResidues: readonly Residue[] | undefined;
  // The entry's facts (release date...) from the pocket or protein file, when it states them.
  let entry: EntryInfo | undefined;
  if (job.pocket) {
    enterStage(step, 'read-pocket', job.pocket);
    const s = await readStructure(job.pocket);
    if (!s.ok) return fail(job.id, job.pocket, 'read-pocket', s.reason, s.line);
    sources.push({ role: 'pocket', path: job.pocket, sha256: s.sha256 });
    warnings.push(...s.record.warnings);
    entry = s.record.entry;
    parts = sortResidues(s.record.residues);
    if (job.protein) {
      const p = await readInputFile(job.protein);
      if (p.ok) sources.push({ role: 'protein', path: job.protein, sha256: p.sha256 });
      else warnings.push({ file: job.protein, message: `protein file not used: ${p.reason}` });
    }
  } else {
    enterStage(step, 'read-protein', job.protein!);
    const s = await readStructure(job.protein!);
    if (!s.ok) return fail(job.id, job.protein!, 'read-protein', s.reason, s.line);
    sources.push({ role: 'protein', path: job.protein!, sha256: s.sha256 });
    proteinResidues = s.record.residues;
    warnings.push(...s.record.warnings);
    entry = s.record.entry;
    enterStage(step, 'pocket-cut');
    parts = sortResidues(cutPocket(s.record.residues, ligand.atoms, { radius, withHydrogens: options.pocketHydrogens }));
    warnings.push({
      file: job.protein!,
      message: `pocket cut from the protein: ${parts.pocket.length} residues within ${radius} A of the ligand`,
    });
  }
  enterStage(step, 'check');
  const problem = pocketProblem(parts.pocket, ligand, job.pocket ? Math.max(radius, DEFAULT_POCKET_RADIUS) : radius, !job.pocket);
  if (problem) return fail(job.id, job.pocket ?? job.protein!, job.pocket ? 'check' : 'pocket-cut', problem);
  const complex: Complex = { id: job.id, ...(entry ? { entry } : {}), sources, ...parts, ligand, warnings };
  if (proteinResidues) wholeResidues.set(complex, proteinResidues);
  return { ok: true, complex };
}

export async function buildFromEntry(
  job: EntryJob,
  request: LigandRequest,
  options: BuildOptions,
  step: Step = { stage: 'read-entry', path: job.path },
): Promise<BuildResult> {
  const radius = options.pocketRadius ?? DEFAULT_POCKET_RADIUS;
  enterStage(step, 'read-entry', job.path);
  const s = await readStructure(job.path);
  if (!s.ok) return fail(job.id, job.path, 'read-entry', s.reason, s.line);
  const warnings: Diagnostic[] = [...s.record.warnings];
  const residues = s.record.residues;
  enterStage(step, 'select-ligand');
  const choice = chooseLigand(residues, request);
  if (typeof choice === 'string') return fail(job.id, job.path, 'select-ligand', choice);
  const chosen = choice.residue;
  // The rule that chose is recorded; a ligand given in full needs no note.
  const noted = choiceWarning(choice, job.path);
  if (noted) warnings.push(noted);
  enterStage(step, 'read-ligand');
  const lig = ligandFromResidue(chosen, s.record.conect, job.path);
  if (!lig.ok) return fail(job.id, job.path, 'read-ligand', lig.reason);
  warnings.push(...lig.warnings);
  enterStage(step, 'pocket-cut');
  const others = residues.filter((r) => r !== chosen);
  const parts = sortResidues(cutPocket(others, lig.ligand.atoms, { radius, withHydrogens: options.pocketHydrogens }));
  enterStage(step, 'check');
  const problem = pocketProblem(parts.pocket, lig.ligand, radius, true);
  if (problem) return fail(job.id, job.path, 'pocket-cut', problem);
  const entry = s.record.entry;
  const complex: Complex = {
    id: job.id,
    ...(entry ? { entry } : {}),
    sources: [{ role: 'entry', path: job.path, sha256: s.sha256 }],
    ...parts,
    ligand: lig.ligand,
    warnings,
  };
  wholeResidues.set(complex, residues);
  return { ok: true, complex };
}
