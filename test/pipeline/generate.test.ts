// `generate` on the bundled sample with real Chromium: the files and record fields of the
// contract, and every answer recomputed here and re-rendered: the cloze answers reproduce
// the last image byte for byte, the docking answer's inverse reproduces image 7, the
// correct option is the re-render of the truth; same seed, same qa/ and manifest.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { readImageAnnotation } from '../../pipeline/dataset/read-annotation.ts';
import { type GenerateOptions, generate } from '../../pipeline/generate/run-generate.ts';
import { LetterTruthSchema, parseTruth } from '../../qa/answer-kinds.ts';
import { dockingCamera } from '../../qa/docking-camera.ts';
import { defaultLabelSet } from '../../qa/task.ts';
import { taskById } from '../../qa/task-registry.ts';
import { TASKS } from '../../qa/tasks/index.ts';
import { type Command, parseCommands } from '../../renders/commands.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { RenderPool } from '../../renders/render-pool.ts';
import { renderScenes } from '../../renders/render-scenes.ts';
import type { SceneSpec } from '../../renders/scene-spec.ts';
import { DEFAULT_ANTIALIAS, makeStyle, withLabelSet } from '../../renders/style.ts';
import type { Subset } from '../../renders/subset.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { sampleComplexes } from '../qa/sample-complexes.ts';
import { REPO } from '../shared-structures.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const PER_COMPLEX =
  'translation=1/1,rotation=1/1,zooming=1/1,residue_ligand=2/2,translation_rotation=1/1,rotation_rotation=1/1,docking=1/1,interaction_location=1/1,pocket_ligand=1/1';
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
const FIELDS = ['id', 'task', 'split', 'complex', 'images', 'question', 'answer', 'truth', 'options', 'meta'];

const root = mkdtempSync(join(tmpdir(), 'misi-generate-'));
const base = (out: string, over: Partial<GenerateOptions> = {}): GenerateOptions => ({
  structures: [SAMPLE_DIR],
  ligandsFile: SAMPLE_LIGANDS,
  out,
  tasks: TASKS,
  seed: 3,
  perComplex: PER_COMPLEX,
  testShare: 0.5,
  pages: 2,
  quiet: true,
  log: () => {},
  ...over,
});
const main = join(root, 'main');
let pool: RenderPool | null = null;

before(async () => {
  if (!noBrowser) await generate(base(main));
});
after(async () => {
  await pool?.close();
  rmSync(root, { recursive: true, force: true });
});

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
  ['train', 'test'].flatMap((s) =>
    readFileSync(join(dir, 'qa', `${task}.${s}.jsonl`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
  );
const bytes = (p: string) => readFileSync(p);

async function reRender(
  name: string,
  complexId: string,
  parts: { transform?: Command[]; ligandTransform?: Command[]; subset?: Subset; docking?: boolean },
): Promise<Buffer> {
  const c = (await sampleComplexes()).find((x) => x.complex.id === complexId)!;
  // A docking question is framed by its own camera (qa/docking-camera.ts).
  const camera = parts.docking ? dockingCamera(c, parts.ligandTransform ?? []) : c.camera;
  const spec: SceneSpec = {
    // The style generate gives the task: docking labels residues only (TaskModule.labelSet).
    complex: c.complex,
    subset: parts.subset ?? { kind: 'full' },
    style: parts.docking ? withLabelSet(makeStyle(), defaultLabelSet(taskById('docking')!)) : makeStyle(),
    camera,
    view: 'front',
    transform: parts.transform ?? [],
    ligandTransform: parts.ligandTransform ?? [],
  };
  pool ??= new RenderPool({ pages: 1 });
  const out = join(root, 're', `${name}.png`);
  const [o] = await renderScenes(pool, [{ spec, out, annotationsOut: null }]);
  assert.notEqual(o.status, 'failed', o.reason);
  return bytes(out);
}

test('files and records as the contract lists them', { skip: noBrowser }, () => {
  for (const f of ['complexes.jsonl', 'rejects.jsonl', 'manifest.json', 'run.json', 'split.json']) assert.ok(existsSync(join(main, f)), f);
  const manifest = JSON.parse(readFileSync(join(main, 'manifest.json'), 'utf8'));
  assert.equal(manifest.options.antialias, DEFAULT_ANTIALIAS, 'the manifest records the antialiasing method (the default)');
  const side = new Map(JSON.parse(readFileSync(join(main, 'split.json'), 'utf8')).complexes.map((c: any) => [c.id, c.side]));
  assert.deepEqual([...side.values()].sort(), ['test', 'test', 'train']);
  const seen = new Set<string>();
  for (const t of TASKS) {
    for (const s of ['train', 'test']) {
      const list = records(main, t.id).filter((r) => r.split === s);
      assert.equal(manifest.counts[t.id][s], list.length, `${t.id}.${s}`);
      assert.deepEqual(
        list.map((r) => r.id),
        list.map((r) => r.id).sort(),
        'sorted by id',
      );
    }
    const all = records(main, t.id);
    assert.ok(all.length > 0, `${t.id} has questions`);
    for (const r of all) {
      assert.deepEqual(
        Object.keys(r),
        FIELDS.filter((f) => f !== 'options' || t.format === 'choice'),
      );
      assert.equal(r.images.length, IMAGES[t.id]);
      assert.equal(side.get(r.complex), r.split);
      for (const p of r.images) {
        assert.match(p, /^images\/[0-9a-f]{32}\.png$/);
        assert.ok(existsSync(join(main, p)), p);
        assert.ok(readImageAnnotation(main, p), `annotation of ${p}`);
        seen.add(p);
      }
      // The text says what the pictures' labels are (qa/label-wording.ts), read against their
      // annotations: labels left out only with the clear layout; a kind of label the text
      // says is not drawn is in no picture (docking draws residue labels only).
      const anns = r.images.map((p: string) => readImageAnnotation(main, p)!);
      const kinds = new Set(anns.flatMap((a: any) => a.labels.map((l: any) => l.kind)));
      const modes = new Set(anns.map((a: any) => a.labelLayout.mode));
      assert.equal(modes.size, 1, r.id);
      assert.equal(r.question.includes('the other labels are left out'), modes.has('clear'), r.id);
      for (const [kind, words] of [
        ['ligand', 'Ligand atoms are not labelled.'],
        ['residue', 'Pocket residues are not labelled.'],
      ])
        if (r.question.includes(words)) assert.ok(!kinds.has(kind), `${r.id}: ${words}, yet a ${kind} label is drawn`);
      if (r.question.includes("The ligand's other atoms are not labelled.")) {
        // polar: every ligand label names an N, O or S atom, read from the annotation's atoms.
        for (const a of anns)
          for (const l of a.labels.filter((l: any) => l.kind === 'ligand'))
            assert.match(
              a.atoms.find((x: any) => x.part === 'ligand' && x.atomName === l.atomName)?.element ?? 'none',
              /^(N|O|S)$/,
              `${r.id}: ${l.text}`,
            );
      }
      if (['pocket_ligand', 'interaction_location'].includes(t.id)) assert.ok(r.question.includes("The ligand's other atoms"), r.id);
      if (t.id === 'docking') assert.ok(r.question.includes('Ligand atoms are not labelled.'), r.id);
      else assert.ok(kinds.has('ligand') && kinds.has('residue'), `${r.id}: both kinds of label drawn`);
      // The template file's own header says which version the records must carry.
      const header = readFileSync(join(REPO, 'qa/templates', `${t.id}.txt`), 'utf8');
      assert.deepEqual(r.meta.template, { id: t.id, version: Number(/^version: (\d+)$/m.exec(header)![1]) });
      assert.equal(r.meta.seed, 3);
    }
  }
  // Every referenced image is in the manifest with its sha256, and nothing else is.
  assert.deepEqual(
    manifest.images.map((i: any) => i.path),
    [...seen].sort(),
  );
  for (const i of manifest.images)
    assert.equal(
      createHash('sha256')
        .update(bytes(join(main, i.path)))
        .digest('hex'),
      i.sha256,
    );
  assert.equal(readdirSync(join(main, 'images')).length, seen.size);
  // The one train complex has no partner for translation+rotation: its questions are rejects, with the reason.
  const rejects = readFileSync(join(main, 'rejects.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    rejects.map((r) => [r.task, r.split, r.reason]),
    [['translation_rotation', 'train', 'no other complex in this split to pair with']],
  );
});

test('translation, rotation, zooming: the start scene re-rendered with the answer is the last image, byte for byte', {
  skip: noBrowser,
}, async () => {
  for (const task of ['translation', 'rotation', 'zooming']) {
    for (const r of records(main, task)) {
      const png = await reRender(r.id, r.complex, { transform: parseCommands(r.answer) });
      assert.ok(png.equals(bytes(join(main, r.images[3]))), `${r.id}: '${r.answer}' does not reproduce image 4`);
    }
  }
});

test('docking: the inverse of the answer, re-rendered, is image 7 byte for byte', { skip: noBrowser }, async () => {
  for (const r of records(main, 'docking')) {
    const answer = parseCommands(r.answer);
    const displacement = answer
      .slice()
      .reverse()
      .map((c) => ({ ...c, amount: -c.amount }));
    const annotation = readImageAnnotation(main, r.images[6])!;
    assert.equal(annotation.ligandTransform, displacement.map((c) => `${c.kind} ${c.axis} ${c.amount}`).join(', '));
    const png = await reRender(r.id, r.complex, { ligandTransform: displacement, docking: true });
    assert.ok(png.equals(bytes(join(main, r.images[6]))), `${r.id}: the inverse of '${r.answer}' does not reproduce image 7`);
  }
});

test('choice tasks: the correct option image is the re-render of the truth; options look different in their annotations', {
  skip: noBrowser,
}, async () => {
  for (const task of ['translation_rotation', 'rotation_rotation']) {
    const first = taskById(task)!.imageCount - 4;
    for (const r of records(main, task)) {
      const at = 'ABCD'.indexOf(r.answer);
      assert.ok(at >= 0);
      const truth = parseTruth(LetterTruthSchema, r.truth);
      assert.ok(truth, `${r.id}: its truth is a choice's`);
      assert.equal(truth.letter, r.answer);
      const right = truth.options[at];
      assert.equal(right.scheme, 'truth');
      assert.equal(right.image, r.images[first + at]);
      const truthCommands: Command[] = right.commands ?? [];
      assert.deepEqual(truthCommands, parseCommands(`${r.meta.params.f1}, ${r.meta.params.f2}`));
      const onto = task === 'translation_rotation' ? r.meta.partners[0] : r.complex;
      const before = task === 'rotation_rotation' ? truthCommands : [];
      const png = await reRender(r.id, onto, { transform: [...before, ...truthCommands] });
      assert.ok(png.equals(bytes(join(main, r.images[first + at]))), `${r.id}: option ${r.answer} is not the truth re-rendered`);
      const atoms = r.images.slice(first).map((p) => readImageAnnotation(main, p)!.atoms);
      for (let i = 0; i < 4; i++)
        for (let j = i + 1; j < 4; j++) {
          const mean =
            atoms[i].reduce((s: number, a: any, k: number) => s + Math.hypot(a.x - atoms[j][k].x, a.y - atoms[j][k].y), 0) /
            atoms[i].length;
          assert.ok(mean >= 8, `${r.id}: options ${i} and ${j} only ${mean.toFixed(1)} px apart`);
        }
    }
  }
});

test('same seed: byte-identical qa/, images, annotations and manifest; another seed: other questions', { skip: noBrowser }, async () => {
  // The second run starts from an empty folder and draws every image again: rendering that
  // is not deterministic shows as an image (or a manifest sha256) that differs.
  const again = join(root, 'again');
  const summary = await generate(base(again));
  assert.ok(summary.rendered > 0 && summary.resumed === 0, 'drawn anew');
  for (const f of readdirSync(join(main, 'qa'))) assert.ok(bytes(join(main, 'qa', f)).equals(bytes(join(again, 'qa', f))), f);
  for (const sub of ['images', 'annotations']) {
    const names = readdirSync(join(main, sub)).sort();
    assert.deepEqual(readdirSync(join(again, sub)).sort(), names, `${sub}: the same files`);
    for (const f of names) assert.ok(bytes(join(main, sub, f)).equals(bytes(join(again, sub, f))), `${sub}/${f} drawn again differs`);
  }
  assert.ok(bytes(join(main, 'manifest.json')).equals(bytes(join(again, 'manifest.json'))));
  const other = join(root, 'other');
  cpSync(join(main, 'images'), join(other, 'images'), { recursive: true });
  cpSync(join(main, 'annotations'), join(other, 'annotations'), { recursive: true });
  await generate(base(other, { seed: 4, tasks: [taskById('translation')!], perComplex: 'translation=2/2', testShare: 0.34 }));
  const a = records(main, 'translation')
    .map((r) => `${r.id} ${r.answer}`)
    .sort();
  const b = records(other, 'translation')
    .map((r) => `${r.id} ${r.answer}`)
    .sort();
  const repeated = b.filter((x) => a.includes(x)).length;
  assert.ok(repeated < a.length, `seed 4 repeats all ${a.length} seed-3 translation questions`);
  assert.notEqual(readFileSync(join(main, 'manifest.json'), 'utf8'), readFileSync(join(other, 'manifest.json'), 'utf8'));
});
