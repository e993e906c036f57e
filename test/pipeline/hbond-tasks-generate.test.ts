// `generate` with the three H-bond tasks on the bundled sample (real Chromium), every answer
// checked against what the run wrote, independently of the task code: residue-ligand
// answers against the bonds stored in complexes.jsonl and the residue's own annotation;
// interaction-location options against the bond atoms' positions read back from the front
// view's annotation (pixels and depth unprojected here); pocket-ligand answers against
// `misi-gen hbonds`; the six full views shared with translation; `stats` figures. Then all
// nine tasks together on 4 complexes of ../shared (skipped when absent): image counts and
// answer formats.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { readImageAnnotation } from '../../pipeline/dataset/read-annotation.ts';
import { type GenerateOptions, generate } from '../../pipeline/generate/run-generate.ts';
import { taskById } from '../../qa/task-registry.ts';
import { TASKS } from '../../qa/tasks/index.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { sharedFolders } from '../qa/hbond-complexes.ts';
import { HAVE_SHARED, REPO } from '../shared-structures.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const HBOND_TASKS = ['residue_ligand', 'interaction_location', 'pocket_ligand'];
const root = mkdtempSync(join(tmpdir(), 'misi-hbond-tasks-'));
const out = join(root, 'sample');
const base = (dir: string, over: Partial<GenerateOptions>): GenerateOptions => ({
  structures: [SAMPLE_DIR],
  ligandsFile: SAMPLE_LIGANDS,
  out: dir,
  tasks: TASKS,
  seed: 5,
  testShare: 0.5,
  pages: 2,
  quiet: true,
  log: () => {},
  ...over,
});

before(async () => {
  if (noBrowser) return;
  await generate(
    base(out, {
      tasks: ['translation', ...HBOND_TASKS].map((id) => taskById(id)!),
      perComplex: 'translation=1/1,residue_ligand=4/4,interaction_location=2/2,pocket_ligand=1/1',
    }),
  );
});
after(() => rmSync(root, { recursive: true, force: true }));

type Rec = {
  id: string;
  task: string;
  split: string;
  complex: string;
  images: string[];
  question: string;
  answer: string;
  truth: unknown;
  options?: any[];
  meta: any;
};
const records = (dir: string, task: string): Rec[] =>
  ['train', 'test'].flatMap((s) => {
    const f = join(dir, 'qa', `${task}.${s}.jsonl`);
    return readFileSync(f, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  });
const annotation = (dir: string, image: string) => readImageAnnotation(dir, image)!;
const complexes = (dir: string) =>
  new Map<string, any>(
    readFileSync(join(dir, 'complexes.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const c = JSON.parse(l);
        return [c.id, c];
      }),
  );
const misiGen = (...args: string[]) => inProcess(args, { cwd: REPO });

/** Distinct bonds of a stored complex record, read raw: residue (chain, number, icode, name), atoms. */
function storedPairs(c: any) {
  const seen = new Map<string, any>();
  for (const h of c.hbonds ?? []) {
    const p = h.donorSide === 'pocket' ? h.donor : h.acceptor;
    const l = h.donorSide === 'pocket' ? h.acceptor : h.donor;
    const v = { chain: p.chain, number: p.residueNumber, icode: p.insertionCode, name: p.residueName, atom: p.atomName, lig: l.atomName };
    seen.set(JSON.stringify(v), v);
  }
  return [...seen.values()];
}
const lt = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Eye-frame (x, y) of an annotated atom: its pixel position and depth unprojected through the recorded projection. */
function eyeXY(a: any, cam: any): [number, number] {
  const ndcX = (2 * a.x) / cam.width - 1;
  const ndcY = 1 - (2 * a.y) / cam.height;
  const p = cam.projectionMatrix;
  if (cam.projection === 'perspective') return [(ndcX * a.depth) / p[0], (ndcY * a.depth) / p[5]];
  return [(ndcX - p[12]) / p[0], (ndcY - p[13]) / p[5]];
}

test('residue_ligand: six views of one residue + ligand; Yes lists exactly the stored bonds of that residue, No residues have none', {
  skip: noBrowser,
}, async () => {
  const stored = complexes(out);
  const balance: Record<string, { yes: number; no: number }> = {};
  for (const r of records(out, 'residue_ligand')) {
    assert.equal(r.images.length, 6);
    const notes = r.images.map((p) => annotation(out, p));
    assert.deepEqual(
      notes.map((n) => n.view),
      ['front', 'left', 'top', 'back', 'right', 'bottom'],
    );
    const subset = notes[0].subset;
    for (const n of notes) assert.equal(n.subset, subset);
    const m = /^residue:([^:]+):(-?\d+)([A-Za-z]?)$/.exec(subset);
    assert.ok(m, subset);
    const chain = m[1] === '_' ? '' : m[1];
    const drawnPocket = notes[0].atoms.filter((a: any) => a.part === 'pocket');
    assert.ok(drawnPocket.length > 0);
    for (const a of drawnPocket)
      assert.deepEqual([a.chain, a.residueNumber, a.insertionCode], [chain, Number(m[2]), m[3]], `${r.id}: only the residue is drawn`);
    const ligandDrawn = new Set(notes[0].atoms.filter((a: any) => a.part === 'ligand').map((a: any) => a.atomName));
    const mine = storedPairs(stored.get(r.complex))
      .filter((p) => p.chain === chain && p.number === Number(m[2]) && p.icode === m[3])
      .sort((a, b) => lt(a.atom, b.atom) || lt(a.lig, b.lig));
    const expected = mine.length ? `Yes: ${mine.map((p) => `${p.name} ${p.atom}, ${p.lig}`).join('; ')}` : 'No';
    assert.equal(r.answer, expected, r.id);
    for (const p of mine) {
      assert.ok(
        drawnPocket.some((a: any) => a.atomName === p.atom),
        `${r.id}: bonded atom ${p.atom} is drawn`,
      );
      assert.ok(ligandDrawn.has(p.lig), `${r.id}: ligand atom ${p.lig} is drawn`);
    }
    assert.ok(r.question.includes(`${drawnPocket[0].residueName} ${m[2]}${m[3]} `), `${r.id}: the question names the residue`);
    const b = (balance[r.split] ??= { yes: 0, no: 0 });
    b[mine.length ? 'yes' : 'no']++;
  }
  for (const [split, b] of Object.entries(balance)) assert.equal(b.yes, b.no, `${split}: ${JSON.stringify(b)}`);
});

test('interaction_location: from the front view annotation, the right option centres the bond centroid within 0.5 A and no other does', {
  skip: noBrowser,
}, async () => {
  const stored = complexes(out);
  const list = records(out, 'interaction_location');
  assert.ok(list.length >= 3);
  for (const r of list) {
    const front = annotation(out, r.images[0]);
    assert.equal(front.view, 'front');
    assert.equal(front.subset, 'full');
    const m =
      /hydrogen bond between atom (\S+) of residue (\S+) (-?\d+)([A-Za-z]?) \((?:chain (\S+)|no chain id)\) and ligand atom (\S+)\./.exec(
        r.question,
      );
    assert.ok(m, `${r.id}: the question names one bond`);
    const [, atom, name, num, icode, chain = '', lig] = m;
    assert.ok(
      storedPairs(stored.get(r.complex)).some(
        (p) => p.atom === atom && p.name === name && p.number === Number(num) && p.icode === icode && p.chain === chain && p.lig === lig,
      ),
      `${r.id}: a stored bond`,
    );
    const pa = front.atoms.find(
      (a: any) =>
        a.part === 'pocket' && a.chain === chain && a.residueNumber === Number(num) && a.insertionCode === icode && a.atomName === atom,
    );
    const la = front.atoms.find((a: any) => a.part === 'ligand' && a.atomName === lig);
    assert.ok(pa && la, `${r.id}: both atoms are drawn`);
    const [ax, ay] = eyeXY(pa, front.camera);
    const [bx, by] = eyeXY(la, front.camera);
    const centroid = [(ax + bx) / 2, (ay + by) / 2];
    assert.deepEqual(
      r.options!.map((o) => o.letter),
      ['A', 'B', 'C', 'D'],
    );
    assert.equal(new Set(r.options!.map((o) => o.commands)).size, 4);
    for (const o of r.options!) {
      assert.ok(r.question.includes(`${o.letter}: ${o.commands}\n`), `${r.id}: option ${o.letter} is in the question`);
      const mm = /^move x (-?\d+), move y (-?\d+)$/.exec(o.commands);
      assert.ok(mm, o.commands);
      const off = [centroid[0] + Number(mm[1]), centroid[1] + Number(mm[2])];
      const within = Math.max(Math.abs(off[0]), Math.abs(off[1]));
      if (o.letter === r.answer)
        assert.ok(within <= 0.5 + 1e-3, `${r.id}: the answer leaves the centroid ${within.toFixed(3)} A off centre`);
      else assert.ok(within > 0.5 - 1e-3, `${r.id}: decoy ${o.letter} '${o.commands}' also centres it`);
    }
  }
});

test('pocket_ligand: the answer is what `misi-gen hbonds` prints; the six full views are the images interaction_location shows; translation shows three at 512 px', {
  skip: noBrowser,
}, async () => {
  const cli = await misiGen('hbonds', SAMPLE_DIR, '--ligands', SAMPLE_LIGANDS);
  assert.equal(cli.status, 0, cli.stderr);
  const printed = new Map(
    cli.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t') as [string, string]),
  );
  const list = records(out, 'pocket_ligand');
  assert.equal(list.length, 3);
  for (const r of list) {
    assert.equal(r.answer, printed.get(r.complex), r.id);
    assert.ok(r.answer.length > 0);
    const loc = records(out, 'interaction_location').filter((x) => x.complex === r.complex);
    for (const x of loc) assert.deepEqual(x.images, r.images);
    // Translation's first three images are the same scenes, at 512 px where pocket_ligand's
    // are 1024 px (each task's own size): other images.
    const tr = records(out, 'translation').find((x) => x.complex === r.complex)!;
    const scene = (p: string) => {
      const a = annotation(out, p);
      return [a.subset, a.view, a.transform, a.ligandTransform];
    };
    assert.deepEqual(tr.images.slice(0, 3).map(scene), r.images.slice(0, 3).map(scene));
    assert.deepEqual(
      tr.images.slice(0, 3).map((p) => annotation(out, p).camera.width),
      [512, 512, 512],
    );
    assert.deepEqual(
      r.images.map((p) => annotation(out, p).camera.width),
      [1024, 1024, 1024, 1024, 1024, 1024],
    );
    for (let k = 0; k < 3; k++) assert.notEqual(tr.images[k], r.images[k]);
    assert.deepEqual(
      r.images.map((p) => annotation(out, p).view),
      ['front', 'left', 'top', 'back', 'right', 'bottom'],
    );
  }
});

test('stats: verdicts per split, distances of both sides, letters, bonds per complex', { skip: noBrowser }, async () => {
  const s = await misiGen('stats', out);
  assert.equal(s.status, 0, s.stderr);
  const json = JSON.parse((await misiGen('stats', out, '--json')).stdout);
  const rl = json.find((x: any) => x.task === 'residue_ligand');
  for (const split of ['train', 'test']) assert.equal(rl.histograms[`verdict ${split}`].yes, rl.histograms[`verdict ${split}`].no);
  // Histograms cover train and test (a tiny set repeats test questions and is not counted again).
  const sum = (h: Record<string, number>) => Object.values(h).reduce((a, b) => a + b, 0);
  const asked = (s: any) => s.count.train + s.count.test;
  assert.equal(sum(rl.histograms['distance yes']) + sum(rl.histograms['distance no']), asked(rl));
  const il = json.find((x: any) => x.task === 'interaction_location');
  assert.equal(sum(il.histograms.letter), asked(il));
  const pl = json.find((x: any) => x.task === 'pocket_ligand');
  assert.equal(sum(pl.histograms['bonds/complex']), asked(pl));
  assert.equal(asked(pl), 3);
  assert.match(s.stdout, /verdict train +no:\d+ {2}yes:\d+/);
});

test("../shared, 4 complexes: all nine tasks with the spec's image counts and answer formats", {
  skip: noBrowser || (HAVE_SHARED ? false : '../shared/structures is not present'),
}, async () => {
  const dir = join(root, 'shared');
  await generate(
    base(dir, {
      structures: sharedFolders(4),
      ligandsFile: undefined,
      testShare: 0.5,
      perComplex: TASKS.map((t) => `${t.id}=${t.id === 'residue_ligand' ? '2/2' : '1/1'}`).join(','),
    }),
  );
  const IMAGES: Record<string, number> = {
    translation: 4,
    rotation: 4,
    zooming: 4,
    residue_ligand: 6,
    translation_rotation: 11,
    rotation_rotation: 8,
    docking: 7,
    interaction_location: 6,
    pocket_ligand: 6,
  };
  const ANGLE = '-?(15|30|45|60|75|90)';
  const FORMAT: Record<string, RegExp> = {
    translation: /^move [xy] -?[1-4]$/,
    rotation: new RegExp(`^roll [xyz] ${ANGLE}$`),
    zooming: /^move z (4\d|5\d|60)$/,
    residue_ligand: /^(No|Yes: [A-Z0-9]{1,4} \S+, \S+(; [A-Z0-9]{1,4} \S+, \S+)*)$/,
    translation_rotation: /^[ABCD]$/,
    rotation_rotation: /^[ABCD]$/,
    docking: new RegExp(`^roll [xyz] ${ANGLE}, move x -?\\d+$`),
    interaction_location: /^[ABCD]$/,
    pocket_ligand: /^[A-Z0-9]{1,4} -?\d+[A-Za-z]? \S+ [A-Za-z0-9_]{1,4}, \S+(; [A-Z0-9]{1,4} -?\d+[A-Za-z]? \S+ [A-Za-z0-9_]{1,4}, \S+)*$/,
  };
  for (const t of TASKS) {
    const list = records(dir, t.id);
    assert.ok(list.length > 0, `${t.id} has questions`);
    for (const r of list) {
      assert.equal(r.images.length, IMAGES[t.id], r.id);
      assert.match(r.answer, FORMAT[t.id], r.id);
      for (const p of r.images) assert.ok(existsSync(join(dir, p)), p);
    }
  }
  const rejects = readFileSync(join(dir, 'rejects.jsonl'), 'utf8').split('\n').filter(Boolean);
  assert.deepEqual(rejects, []);
});
