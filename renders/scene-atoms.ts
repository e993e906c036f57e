// The atoms and labels a scene draws, taken from a Complex by subset and style. Waters and
// metal ions are never drawn (the spec keeps pocket residues and the ligand only).
import { HBOND_ELEMENTS } from '../structures/elements.ts';
import type { Complex, Vec3 } from '../structures/model.ts';
import { type Camera, type CameraOptions, frameCamera } from './camera.ts';
import { residueLabelText } from './label-text.ts';
import type { Style } from './style.ts';
import { formatSubset, isSubsetResidue, type Subset } from './subset.ts';

/** Which atom it is: what the annotation of an image says of every atom drawn. */
export interface AtomIdentity {
  part: 'pocket' | 'ligand';
  chain: string;
  residueName: string;
  residueNumber: number;
  insertionCode: string;
  atomName: string;
  element: string;
}

export interface DrawnAtom extends AtomIdentity {
  /** Index of the residue in `complex.pocket`; -1 for the ligand. */
  residueIndex: number;
  /**
   * Index in the complex's atom order: every atom of the pocket residues in order (hydrogens
   * included), then every ligand atom (the compact annotations' atom table,
   * renders/annotation-compact.ts).
   */
  atomIndex: number;
  /** Model frame, angstrom (before any ligand transform). */
  xyz: Vec3;
  /** Drawing colour of this atom, '#RRGGBB', or null for the element's 3Dmol colour. */
  color: string | null;
}

export interface SceneLabel {
  text: string;
  part: 'pocket' | 'ligand';
  /** Index into the drawn atoms of the atom the label sits on. */
  atom: number;
}

export interface DrawnScene {
  atoms: DrawnAtom[];
  labels: SceneLabel[];
}

function atomColor(style: Style, element: string, carbon: string): string | null {
  if (element === 'C') return carbon;
  return style.elementColors[element] ?? null;
}

/**
 * Drawn scenes already made, by complex, style and subset: every image and load of a scene
 * asks again (a run's images of one complex share a few subsets), and nothing changes a
 * DrawnScene once made.
 */
const drawnCache = new WeakMap<Complex, WeakMap<Style, Map<string, DrawnScene>>>();

/** Pocket atoms first (residues in file order), then ligand atoms (file order). Shared: not to be changed. */
export function drawnScene(complex: Complex, subset: Subset, style: Style): DrawnScene {
  let byStyle = drawnCache.get(complex);
  if (!byStyle) drawnCache.set(complex, (byStyle = new WeakMap()));
  let bySubset = byStyle.get(style);
  if (!bySubset) byStyle.set(style, (bySubset = new Map()));
  const key = formatSubset(subset);
  let drawn = bySubset.get(key);
  if (!drawn) bySubset.set(key, (drawn = makeDrawnScene(complex, subset, style)));
  return drawn;
}

function makeDrawnScene(complex: Complex, subset: Subset, style: Style): DrawnScene {
  const atoms: DrawnAtom[] = [];
  const labels: SceneLabel[] = [];
  const pocketShown = subset.kind === 'full' || subset.kind === 'pocket' || subset.kind === 'residue';
  let pocketAtoms = 0;
  const residueStart = complex.pocket.map((res) => (pocketAtoms += res.atoms.length) - res.atoms.length);
  if (pocketShown) {
    complex.pocket.forEach((res, residueIndex) => {
      if (subset.kind === 'residue' && !isSubsetResidue(subset, res)) return;
      const carbon = style.pocketCarbons[residueIndex % style.pocketCarbons.length];
      const first = atoms.length;
      let anchor = -1;
      res.atoms.forEach((a, k) => {
        if (a.isHydrogen && !style.hydrogens) return;
        if (a.name === 'CA' && anchor < 0) anchor = atoms.length;
        atoms.push({
          part: 'pocket',
          residueIndex,
          atomIndex: residueStart[residueIndex] + k,
          chain: res.chain,
          residueName: res.name,
          residueNumber: res.number,
          insertionCode: res.insertionCode,
          atomName: a.name,
          element: a.element,
          xyz: a.xyz,
          color: atomColor(style, a.element, carbon),
        });
      });
      if (atoms.length > first && style.labels.residues) {
        labels.push({ text: residueLabelText(complex, res), part: 'pocket', atom: anchor >= 0 ? anchor : first });
      }
    });
    if (subset.kind === 'residue' && atoms.length === 0) {
      throw new Error(`complex ${complex.id} has no pocket residue ${subset.chain || '_'}:${subset.number}${subset.insertionCode}`);
    }
  }
  if (subset.kind !== 'pocket') {
    const lig = complex.ligand;
    lig.atoms.forEach((a, k) => {
      if (a.isHydrogen && !style.hydrogens) return;
      const named = style.labels.ligandAtoms === 'polar' ? HBOND_ELEMENTS.has(a.element) : style.labels.ligandAtoms;
      if (named) labels.push({ text: a.name, part: 'ligand', atom: atoms.length });
      atoms.push({
        part: 'ligand',
        residueIndex: -1,
        atomIndex: pocketAtoms + k,
        chain: lig.chain,
        residueName: lig.name,
        residueNumber: lig.number,
        insertionCode: lig.insertionCode,
        atomName: a.name,
        element: a.element,
        xyz: a.xyz,
        color: atomColor(style, a.element, style.ligandCarbon),
      });
    });
  }
  return { atoms, labels };
}

/** Heavy atoms of pocket + ligand: what the camera frames and what views turn about. */
export function complexPoints(complex: Complex): Vec3[] {
  const pts: Vec3[] = [];
  for (const r of complex.pocket) for (const a of r.atoms) if (!a.isHydrogen) pts.push(a.xyz);
  for (const a of complex.ligand.atoms) if (!a.isHydrogen) pts.push(a.xyz);
  return pts;
}

/** The one camera of a complex: its front view framed on pocket + ligand heavy atoms. */
export function complexCamera(complex: Complex, options: CameraOptions = {}): Camera {
  return frameCamera(complexPoints(complex), options);
}
