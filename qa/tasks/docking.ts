// Task 7, ligand docking (cloze, 7 images): the ligand alone is displaced by `move x d`
// (the whole number that just clears the pocket in the front view, plus 0, 1 or 2) and
// then `roll <axis> a` about its own centre; the answer undoes both, rotation first.
// Images 1-3 show the pocket and 4-6 the displaced ligand from the same three viewpoints
// (the same scene split in two, so each pair lays over each other); image 7 shows both.
// All seven are drawn through the question's own camera (see qa/docking-camera.ts).
// (side, extra, roll) is drawn without replacement per complex (qa/parameter-decks.ts): 72
// per roll axis, 216 in all, so no two questions of a complex share a displacement.
import { formatCommands } from '../../renders/commands.ts';
import { commandsAnswer } from '../answer-kinds.ts';
import { dockingCamera } from '../docking-camera.ts';
import { clearingDistance } from '../docking-clearance.ts';
import { annotationOf } from '../option-separation.ts';
import { axisDecks, drawFromDecks } from '../parameter-decks.ts';
import { move, ROTATION_AXES, randomRoll, signedRolls, undoCommands } from '../parameters.ts';
import { drawIndex, drawOne } from '../random.ts';
import { scene, threeViews } from '../scenes.ts';
import { readTruthCommands } from '../scoring/read-commands.ts';
import { dockingScorer } from '../scoring/task-scorers.ts';
import type { AskedQuestion, PreparedComplex, TaskModule } from '../task.ts';

const SIDES = [1, -1] as const;
const DOCKING = 'docking';
const EXTRA = [0, 1, 2] as const;
/** Per roll axis, every (side, extra, roll angle). */
const DECKS = axisDecks(ROTATION_AXES, (axis) =>
  SIDES.flatMap((side) => EXTRA.flatMap((extra) => signedRolls(axis).map((turn) => ({ side, extra, turn })))),
);

/** The move distances of the train answers, whole angstrom (computed once per list; [] without any). */
const distances = new WeakMap<readonly AskedQuestion[], number[]>();
function trainDistances(train: readonly AskedQuestion[]): number[] {
  let d = distances.get(train);
  if (!d) {
    d = train.flatMap((r) =>
      readTruthCommands(r.answer)
        .filter((c) => c.kind === 'move')
        .map((c) => Math.round(Math.abs(c.amount))),
    );
    distances.set(train, d);
  }
  return d;
}

export const dockingTask: TaskModule = {
  id: DOCKING,
  paperColumns: [{ name: 'Dock' }],
  format: 'cloze',
  summary: 'give the roll and move that put a displaced ligand back into its pocket',
  // Residue labels only: the answer names no ligand atom, and on the small displaced ligand
  // (a median 96 px across at 512 px) its atom names' leader lines crossed the bonds whose
  // orientation is the roll half of the answer (docs/labels.md). `--labels docking=all` draws them.
  labelSet: 'residues',
  imageCount: 7,
  defaultCounts: { train: 6, test: 3 },
  template: DOCKING,
  scorer: dockingScorer,
  answer: commandsAnswer,
  // The answer undoes the ligand's displacement: its neighbours are the displacement's.
  motion: { moves: 'ligand', unstated: 'the scale, as for translation (the move); the roll needs nothing' },
  // A random roll plus a move along x of random sign and the distance of a train answer drawn
  // at random: the distances cluster (15-27 A for most PDBbind pockets, the pocket's size), so
  // a blind guess knows them as well as any guess that has seen the train answers (the audit's
  // chance; before template version 5, a distance uniform between the least and greatest).
  // Without train answers, 10-20 A.
  randomGuess(_question, rng, train) {
    const d = trainDistances(train);
    const distance = d.length ? drawOne(rng, d) : 10 + drawIndex(rng, 11);
    return `${randomRoll(rng)}, move x ${drawOne(rng, [1, -1]) * distance}`;
  },
  plan(ctx) {
    const { subject, style } = ctx;
    const drawn = drawFromDecks(ctx, DOCKING, DECKS);
    if (!drawn.ok) return { ok: false, reason: drawn.reason, replacements: 0 };
    const { side, extra, turn } = drawn.value;
    // The clearing distance is judged in the front view of the complex's own camera; the
    // seven images are then framed by the question's camera (qa/docking-camera.ts), which
    // keeps the displaced ligand inside the picture.
    let clear: number;
    try {
      clear = clearingDistance(subject, style, side, [turn]);
    } catch (e) {
      return { ok: false, reason: (e as Error).message, replacements: 0 };
    }
    const displacement = [move('x', side * (clear + extra)), turn];
    const answer = undoCommands(displacement);
    const framed: PreparedComplex = { ...subject, camera: dockingCamera(subject, displacement) };
    const both = scene(framed, style, { ligandTransform: displacement });
    const images = [
      ...threeViews(framed, style, { subset: { kind: 'pocket' }, ligandTransform: displacement }),
      ...threeViews(framed, style, { subset: { kind: 'ligand' }, ligandTransform: displacement }),
      both,
    ];
    const ligandAtoms = annotationOf(both).atoms.filter((a) => a.part === 'ligand');
    const visible = ligandAtoms.filter((a) => a.visible).length / Math.max(1, ligandAtoms.length);
    return {
      ok: true,
      plan: {
        images,
        answer: formatCommands(answer),
        truth: { kind: 'commands', commands: answer },
        vars: {},
        params: {
          displacement: formatCommands(displacement),
          clearingDistance: clear,
          extra,
          ligandVisibleShare: Math.round(visible * 1000) / 1000,
        },
        replacements: 0,
      },
    };
  },
};
