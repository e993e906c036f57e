// Task 8, interaction location (4-way choice, 6 images: the six views of the full complex).
// The question names one hydrogen bond; each option is a move `move x a, move y b` in the
// screen frame of the front view, and the right one brings the centroid of the bond's two
// heavy atoms to the screen centre (qa/centring-move.ts). The options are drawn around a
// hidden anchor one step from the truth (qa/anchored-options.ts, the steps and the prior they
// keep: centring-move.ts), or with `--decoys paper` each perturbs the signs and magnitudes of
// the true move, one scheme each; the four options are distinct. One question
// per H-bond (distinct residue atom / ligand atom pair), in an order drawn once per complex,
// up to the requested count; the correct letter takes the question's balanced slot.

import { formatCommands } from '../../renders/commands.ts';
import { type CanonicalPair, canonicalPairs, formatCanonicalPair } from '../../structures/hbonds/canonical-format.ts';
import type { Complex } from '../../structures/model.ts';
import { anchoredOptions, DECOYS_OPTION, decoyMode } from '../anchored-options.ts';
import { letterAnswer } from '../answer-kinds.ts';
import { bondAtoms, pairResidueId, residueLabel } from '../bond-atoms.ts';
import { centringMove, LOCATION_SCHEMES, locationChange, locationDecoy, moveCommands } from '../centring-move.ts';
import { LETTERS, MAX_REPLACEMENTS } from '../choice.ts';
import { complexGenerator } from '../complex-generator.ts';
import type { Rng } from '../random.ts';
import { shuffled } from '../random.ts';
import { readPocketBond } from '../scoring/read-bonds.ts';
import { choiceScorer } from '../scoring/task-scorers.ts';
import { sixViews } from '../six-views.ts';
import { type ChoiceOption, type TaskModule, WHOLE_POCKET_IMAGE_SIZE } from '../task.ts';

export const INTERACTION_LOCATION = 'interaction_location';

/** The complex's bonds in question order (drawn once per seed and complex). */
export function locationBonds(seed: number, complex: Complex): CanonicalPair[] {
  return shuffled(complexGenerator(seed, INTERACTION_LOCATION, complex.id, 'bonds'), canonicalPairs(complex.hbonds ?? []));
}

/** How a question names a bond: `atom OD1 of ASP 25 (chain A) and ligand atom N3`. */
export function bondLabel(p: CanonicalPair): string {
  return `atom ${p.residueAtom} of residue ${residueLabel(p.residueName, pairResidueId(p))} and ligand atom ${p.ligandAtom}`;
}

export const interactionLocationTask: TaskModule = {
  id: INTERACTION_LOCATION,
  paperColumns: [{ name: 'Loc' }],
  format: 'choice',
  imageCount: 6,
  // Spec: one per H-bond up to 3 / 3 (our choice of cap, as the spec suggests).
  defaultCounts: { train: 3, test: 3 },
  defaultImageSize: WHOLE_POCKET_IMAGE_SIZE,
  labelLayout: 'prefer-clear',
  // Every residue, and only the ligand atoms an H-bond can join (the names its answers use):
  // with every ligand atom named, their labels hid a median 42 % of the ligand (docs/labels.md).
  labelSet: 'polar',
  template: INTERACTION_LOCATION,
  options: [DECOYS_OPTION],
  scorer: choiceScorer(),
  answer: letterAnswer,
  // Its question names the bond whose place it asks: residue_ligand's and pocket_ligand's answers may hold it.
  namesABond: true,
  // The labels its question names: the bond's residue and ligand atom (meta.params.bond, the
  // canonical pair text), >= 90 % of them readable in at least four of six views (docs/labels.md).
  namedLabels: ({ params }) => {
    const bond = typeof params.bond === 'string' ? readPocketBond(params.bond) : undefined;
    if (!bond) return [];
    return [
      { kind: 'residue', chain: bond.chain, residueNumber: bond.residueNumber, insertionCode: bond.insertionCode },
      { kind: 'ligand', atomName: bond.ligandAtom },
    ];
  },
  legibilityTarget: { views: 'four', min: 0.9 },
  questionCount: (c, _split, requested) => Math.min(requested, canonicalPairs(c.complex.hbonds ?? []).length),
  plan({ seed, index, rng, slot, subject, style, options: chosen }) {
    const bond = locationBonds(seed, subject.complex)[index];
    if (!bond) return { ok: false, reason: `the complex has no H-bond number ${index + 1}`, replacements: 0 };
    const atoms = bondAtoms(subject.complex, bond);
    const truth = centringMove(subject.camera, atoms.pocket.xyz, atoms.ligand.xyz);
    const at = slot(LETTERS.length);
    const anchored = decoyMode(chosen) === 'anchored';
    for (let replacements = 0; replacements <= MAX_REPLACEMENTS; replacements++) {
      const drawn = anchored ? anchoredMoves(rng, truth.x, truth.y, at) : paperMoves(rng, truth.x, truth.y, at);
      if (!drawn) continue;
      const options = drawn.options;
      const texts = options.map((o) => formatCommands(o.commands!));
      if (new Set(texts).size < LETTERS.length) continue;
      const vars: Record<string, string> = { bond: bondLabel(bond) };
      LETTERS.forEach((l, i) => (vars[`option${l}`] = texts[i]));
      return {
        ok: true,
        plan: {
          images: sixViews(subject, style),
          answer: LETTERS[at],
          truth: { kind: 'letter', letter: LETTERS[at], options },
          vars,
          params: {
            bond: formatCanonicalPair(bond),
            move: texts[at],
            centroid: truth.centroid.map((v) => Math.round(v * 1000) / 1000),
            ...(drawn.anchor ? { anchor: drawn.anchor } : {}),
          },
          replacements,
        },
      };
    }
    return { ok: false, reason: `no draw in ${MAX_REPLACEMENTS + 1} gave four distinct options`, replacements: MAX_REPLACEMENTS + 1 };
  },
};

/** The paper's options: the truth under `at`, a decoy per scheme (LOCATION_SCHEMES) under the rest. */
function paperMoves(rng: Rng, x: number, y: number, at: number): { options: ChoiceOption[]; anchor?: string } {
  const schemes = shuffled(rng, LOCATION_SCHEMES);
  const options: ChoiceOption[] = LETTERS.map((letter, i) => {
    if (i === at) return { letter, commands: moveCommands(x, y), scheme: 'truth' };
    const scheme = schemes.shift()!;
    const [dx, dy] = locationDecoy(rng, scheme, x, y);
    return { letter, commands: moveCommands(dx, dy), scheme };
  });
  return { options };
}

/** Anchored options (qa/anchored-options.ts); null when the four are not distinct. */
function anchoredMoves(rng: Rng, x: number, y: number, at: number): { options: ChoiceOption[]; anchor: string } | null {
  const set = anchoredOptions<[number, number]>(rng, [x, y], locationChange, at, (v) => v.join(' '));
  if (!set) return null;
  return {
    options: set.options.map((o) => ({ letter: o.letter, commands: moveCommands(o.value[0], o.value[1]), scheme: o.scheme })),
    anchor: formatCommands(moveCommands(set.anchor[0], set.anchor[1])),
  };
}
