// @ts-check
// A tenth task written outside the package: the ligand alone in the front view, then after
// one roll about the ligand's own centre; the answer is the roll. Its template is in
// ./templates/ (it reuses the bundled `conventions` and `frame` partials). It declares the kind
// of its answer (commands: the record's truth, the human page's command field) and which part
// of the scene the answer moves (the scene, so `stats` measures its observer margins). The
// module only exports the task; the commands load it with `--task-module`:
//
//   misi-gen generate --out out --task-module ligand-rotation-task.mjs
//   misi-gen stats out --task-module ligand-rotation-task.mjs
//   misi-gen score out preds.jsonl --task-module ligand-rotation-task.mjs
//   misi-gen eval out --baseline random --task-module ligand-rotation-task.mjs
//   misi-gen export out --format llava --out out/llava --task-module ligand-rotation-task.mjs
//   misi-gen human out --out session --task-module ligand-rotation-task.mjs
//
// and code of your own adds it with registerTask (./ligand-rotation.mjs does).
import { fileURLToPath } from 'node:url';
import { commandScorer, commandsAnswer, drawIndex, drawOne, formatCommands, rotationScore, scene } from 'misi-gen';

/** @type {readonly import('misi-gen').Command['axis'][]} */
const AXES = ['x', 'y', 'z'];
const ANGLES = [15, 30, 45, 60, 75, 90];

/** @type {import('misi-gen').TaskModule} */
export const ligandRotationTask = {
  id: 'ligand_rotation',
  format: 'cloze',
  imageCount: 2,
  defaultCounts: { train: 2, test: 1 },
  template: 'ligand_rotation',
  templateDir: fileURLToPath(new URL('./templates/', import.meta.url)),
  answer: commandsAnswer,
  // The roll turns the drawn ligand about its own centre (turnCentre 'shown' below), all of the scene there is.
  motion: { moves: 'scene', unstated: 'nothing: angles are read from the pictures alone' },
  plan({ rng, slot, subject, style }) {
    const axis = AXES[slot(AXES.length)];
    const amount = ANGLES[drawIndex(rng, ANGLES.length)] * (rng() < 0.5 ? -1 : 1);
    /** @type {import('misi-gen').Command} */
    const roll = { kind: 'roll', axis, amount };
    /** @type {import('misi-gen').SceneParts['subset']} */
    const ligand = { kind: 'ligand' };
    /** @type {import('misi-gen').SceneParts} */
    const turned = { subset: ligand, transform: [roll], turnCentre: 'shown' };
    return {
      ok: true,
      plan: {
        images: [scene(subject, style, { subset: ligand }), scene(subject, style, turned)],
        answer: formatCommands([roll]),
        truth: { kind: 'commands', commands: [roll] },
        vars: {},
        params: { axis, amount },
        replacements: 0,
      },
    };
  },
  // Scored as the rotation task is: 0 unless the axis is right, then 1 - |error| / 180.
  scorer: commandScorer(
    'roll',
    'xyz',
    'composite',
    '0 unless the axis is right, then 1 - |error| / 180 degrees, floored at 0',
    rotationScore,
  ),
  // The random baseline: a roll with any axis, sign and angle.
  randomGuess: (_question, rng) => `roll ${drawOne(rng, AXES)} ${drawOne(rng, [1, -1]) * drawOne(rng, ANGLES)}`,
};
