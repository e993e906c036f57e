// `misi-gen stats` label legibility on a dataset written by hand (qa records and annotations
// whose label boxes are chosen here), so every expected figure is counted by hand below: which
// labels an answer names, readable (no overlap, inside the image, within 40 px of the anchor)
// in all six views or in four, and the target line issue #36's "Done when" names per task.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { datasetStats, formatStats } from '../../pipeline/generate/dataset-stats.ts';

const dir = mkdtempSync(join(tmpdir(), 'misi-stats-legibility-'));
after(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'qa'));
mkdirSync(join(dir, 'annotations'));

type Box = { x: number; y: number; w: number; h: number };
const residue = (number: number, box: Box, flags: { collides?: boolean; inside?: boolean } = {}) => ({
  text: `ASP ${number}`,
  kind: 'residue',
  chain: 'A',
  residueName: 'ASP',
  residueNumber: number,
  insertionCode: '',
  anchor: { x: box.x + 2, y: box.y + 2 },
  box,
  leader: false,
  collides: flags.collides ?? false,
  inside: flags.inside ?? true,
  crowded: false,
});
const ligand = (atomName: string, box: Box, anchor = { x: box.x + 2, y: box.y + 2 }) => ({
  text: atomName,
  kind: 'ligand',
  chain: 'L',
  residueName: 'LIG',
  residueNumber: 1,
  insertionCode: '',
  atomName,
  anchor,
  box,
  leader: false,
  collides: false,
  inside: true,
  crowded: false,
});
/** A whole annotation record (the reader checks every field) of a 512 px image with these labels. */
const annotation = (key: string, labels: unknown[]) => ({
  key,
  complex: 'x',
  subset: 'complex',
  view: 'front',
  transform: '',
  ligandTransform: '',
  camera: { projection: 'perspective', fovDeg: 30, width: 512, height: 512, near: 1, far: 100, view: [], projectionMatrix: [] },
  ligandMatrix: [],
  sceneMatrix: [],
  atoms: [],
  labels,
  labelLayout: { mode: 'avoid', fontSize: 12 },
  turnCentre: 'complex',
});
/** Writes six annotations `<prefix>-<view>` and returns their image paths. */
function views(prefix: string, labelsOf: (view: number) => unknown[]): string[] {
  return [0, 1, 2, 3, 4, 5].map((v) => {
    writeFileSync(join(dir, 'annotations', `${prefix}-${v}.json`), JSON.stringify(annotation(`${prefix}-${v}`, labelsOf(v))));
    return `images/${prefix}-${v}.png`;
  });
}
/** The records as question records (the dataset reader checks every field: the text and answer are not counted here). */
const write = (task: string, records: object[]) =>
  writeFileSync(
    join(dir, 'qa', `${task}.train.jsonl`),
    records.map((r) => JSON.stringify({ question: 'Q?', answer: 'A', ...r })).join('\n') + '\n',
  );

// residue_ligand, one "Yes" question: ASP 25 is hidden under another box in view 2 (readable
// in 5 of 6), O1 is readable everywhere, O2 lies 41 px from its atom in views 0-2 (3 of 6).
write('residue_ligand', [
  {
    id: 'residue_ligand-x-000',
    task: 'residue_ligand',
    split: 'train',
    complex: 'x',
    images: views('rl', (v) => [
      residue(25, { x: 100, y: 100, w: 40, h: 14 }, { collides: v === 2 }),
      ...(v === 2 ? [{ ...ligand('C9', { x: 110, y: 105, w: 18, h: 14 }), collides: true }] : []),
      ligand('O1', { x: 200, y: 200, w: 18, h: 14 }),
      ligand('O2', { x: 300, y: 300, w: 18, h: 14 }, v < 3 ? { x: 259, y: 305 } : undefined),
    ]),
    truth: {
      residue: { chain: 'A', number: 25, insertionCode: '', name: 'ASP' },
      bonds: [
        { residueAtom: 'OD1', ligandAtom: 'O1' },
        { residueAtom: 'OD2', ligandAtom: 'O2' },
      ],
    },
    meta: { params: { verdict: 'yes' } },
  },
]);
// pocket_ligand, one question naming ASP 25-O1 and ASP 30-O1: ASP 30 is cut by the frame edge
// in views 0 and 1 (readable in 4 of 6), ASP 25 lacks a label in views 0-2 (3 of 6), O1 everywhere.
write('pocket_ligand', [
  {
    id: 'pocket_ligand-x-000',
    task: 'pocket_ligand',
    split: 'train',
    complex: 'x',
    images: views('pl', (v) => [
      ...(v < 3 ? [] : [residue(25, { x: 100, y: 100, w: 40, h: 14 })]),
      residue(30, { x: v < 2 ? 490 : 400, y: 50, w: 40, h: 14 }, { inside: v >= 2 }),
      ligand('O1', { x: 200, y: 200, w: 18, h: 14 }),
    ]),
    truth: {
      bonds: [
        // A whole bond-list truth, as generate writes it (a truth not of its task's kind names no label).
        { chain: 'A', residueName: 'ASP', residueNumber: 25, insertionCode: '', residueAtom: 'OD1', ligandAtom: 'O1' },
        { chain: 'A', residueName: 'ASP', residueNumber: 30, insertionCode: '', residueAtom: 'OD2', ligandAtom: 'O1' },
      ],
    },
    meta: { params: {} },
  },
]);

test('stats: referenced labels readable in all six and in four views, and the target line per task', () => {
  const stats = datasetStats(dir);
  const rl = stats.find((s) => s.task === 'residue_ligand')!.legibility!;
  // Labels over the six distinct images: 3 a view, plus C9 in view 2; ASP 25 and C9 collide there.
  assert.deepEqual([rl.images, rl.labels, rl.colliding], [6, 19, 2]);
  // ASP 25 (5 of 6), O1 (6 of 6), O2 (3 of 6).
  assert.deepEqual([rl.referenced, rl.readableInAll, rl.readableInFour], [3, 1, 2]);
  assert.deepEqual(rl.target && [rl.target.figure, rl.target.min, rl.target.met], ['referencedReadableInAll', 0.98, false]);
  assert.ok(Math.abs(rl.target!.share! - 1 / 3) < 1e-12);
  const pl = stats.find((s) => s.task === 'pocket_ligand')!.legibility!;
  // ASP 25 (3 of 6), ASP 30 (4 of 6), O1 once although two bonds name it (6 of 6).
  assert.deepEqual([pl.referenced, pl.readableInAll, pl.readableInFour], [3, 1, 2]);
  assert.deepEqual(pl.target && [pl.target.figure, pl.target.min, pl.target.met], ['referencedReadableInFour', 0.9, false]);
  const text = formatStats(stats);
  assert.match(
    text,
    /^residue_ligand:[\s\S]*\n {2}referenced +3 labels, readable in all images 33\.3 %, in >= 4 66\.7 %\n {2}target +readable in 6\/6 views 33\.3 % \(target >= 98 %: NOT met\)\n/m,
  );
  assert.match(text, /\n {2}target +readable in >= 4\/6 views 66\.7 % \(target >= 90 %: NOT met\)\n/);
});
