// Labels per task: `--label-layout` and `--labels` parsing (MODE or TASK=MODE, as --size) and
// their usage errors; the defaults each task gets (prefer-clear for the three tasks whose
// answers name labels, clear for the rest; all labels, docking residues only); tasks with the
// same choices share one style; and a real generate on the bundled sample: the choices are
// recorded per task in the manifest, and the annotations hold exactly the labels chosen.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openDataset, readQaFile } from '../../pipeline/dataset/read-dataset.ts';
import { labelLayouts, labelSets, parseLabelLayouts, parseLabelSets, taskStyles } from '../../pipeline/generate/label-options.ts';
import { identityDifferences } from '../../pipeline/generate/run-identity.ts';
import { taskById } from '../../qa/task-registry.ts';
import { TASKS } from '../../qa/tasks/index.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { makeStyle } from '../../renders/style.ts';
import { cli } from '../cli-in-process.ts';

const tasks = (...ids: string[]) => ids.map((id) => taskById(id)!);
const dir = mkdtempSync(join(tmpdir(), 'misi-label-options-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('defaults: prefer-clear where answers name labels, clear elsewhere; all labels but docking residues and the whole-pocket H-bond tasks polar', () => {
  const layouts = labelLayouts(TASKS);
  const sets = labelSets(TASKS);
  for (const t of TASKS) {
    const naming = ['residue_ligand', 'pocket_ligand', 'interaction_location'].includes(t.id);
    assert.equal(layouts[t.id], naming ? 'prefer-clear' : 'clear', t.id);
    const own: Record<string, string> = { docking: 'residues', pocket_ligand: 'polar', interaction_location: 'polar' };
    assert.equal(sets[t.id], own[t.id] ?? 'all', t.id);
  }
});

test("--label-layout and --labels: a value for all, TASK=VALUE for one (a task's own wins), errors in one line", () => {
  const ts = tasks('translation', 'docking', 'pocket_ligand');
  assert.deepEqual(parseLabelLayouts(['avoid', 'pocket_ligand=anchored'], ts), { all: 'avoid', perTask: { pocket_ligand: 'anchored' } });
  assert.deepEqual(labelLayouts(ts, parseLabelLayouts(['pocket_ligand=anchored', 'avoid'], ts)), {
    translation: 'avoid',
    docking: 'avoid',
    pocket_ligand: 'anchored',
  });
  assert.deepEqual(labelSets(ts, parseLabelSets('docking=all,translation=none', ts)), {
    translation: 'none',
    docking: 'all',
    pocket_ligand: 'polar',
  });
  const cases: [() => unknown, RegExp][] = [
    [() => parseLabelLayouts('spread', ts), /--label-layout: layout 'spread' is not one of clear, prefer-clear, avoid, anchored/],
    [
      () => parseLabelLayouts('zooming=clear', ts),
      /--label-layout: 'zooming' is not one of the chosen tasks \(translation, docking, pocket_ligand\)/,
    ],
    [
      () => parseLabelLayouts(['clear', 'avoid'], ts),
      /--label-layout: two layouts for every task \(clear and avoid\); give one, and TASK=MODE for single tasks/,
    ],
    [() => parseLabelSets('docking=some', ts), /--labels: label set of docking 'some' is not one of all, polar, residues, ligand, none/],
    [() => parseLabelSets(['docking=none', 'docking=all'], ts), /--labels: two label sets for docking \(none and all\)/],
    [() => parseLabelSets(',', ts), /--labels: empty value \(give SET for every task or TASK=SET\)/],
  ];
  for (const [f, message] of cases) assert.throws(f, message);
});

test('tasks with the same layout and set share one style object; the set decides which labels are drawn', () => {
  const ts = tasks('translation', 'rotation', 'docking', 'pocket_ligand');
  const made: string[] = [];
  const styles = taskStyles(ts, labelLayouts(ts), labelSets(ts), (layout) => {
    made.push(layout);
    return makeStyle({ labels: { layout } });
  });
  assert.deepEqual(made.sort(), ['clear', 'prefer-clear'], 'one style per layout');
  assert.equal(styles.translation, styles.rotation);
  assert.notEqual(styles.translation, styles.docking);
  assert.deepEqual([styles.docking.labels.residues, styles.docking.labels.ligandAtoms], [true, false]);
  assert.deepEqual([styles.pocket_ligand.labels.layout, styles.translation.labels.layout], ['prefer-clear', 'clear']);
});

test('generate: usage errors exit 2 before anything runs; the choices are recorded per task and drawn', {
  skip: findBrowser() === null ? 'no Chromium on this machine' : false,
}, async () => {
  const bad = await cli(['generate', '--out', join(dir, 'bad'), '--labels', 'translation=few']);
  assert.equal(bad.status, 2, bad.stderr);
  assert.match(bad.stderr, /--labels: label set of translation 'few' is not one of all, polar, residues, ligand, none/);
  const out = join(dir, 'run');
  const r = await cli([
    'generate',
    '--out',
    out,
    '--tasks',
    'translation,docking,residue_ligand',
    '--per-complex',
    'translation=1/1,docking=1/1,residue_ligand=1/1',
    '--labels',
    'translation=none',
    '--label-layout',
    'avoid',
    '--label-layout',
    'docking=clear',
  ]);
  assert.equal(r.status, 0, r.stderr);
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  assert.deepEqual(manifest.options.labels, { translation: 'none', docking: 'residues', residue_ligand: 'all' });
  assert.deepEqual(manifest.options.labelLayouts, { translation: 'avoid', docking: 'clear', residue_ligand: 'avoid' });
  assert.equal(manifest.options.labelLayout, null, 'layouts differ between tasks');
  const dataset = openDataset(out);
  let dockingLigandAlone = 0;
  for (const file of dataset.files) {
    for (const { record } of readQaFile(file)) {
      for (const image of record.images) {
        const a = dataset.annotation(image)!;
        assert.ok(a.labels, image);
        if (record.task === 'translation') assert.equal(a.labels.length, 0, 'translation draws no label');
        if (record.task === 'docking') {
          assert.equal(a.labelLayout?.mode, 'clear');
          assert.ok(
            a.labels.every((l) => l.kind === 'residue'),
            'docking draws residue labels only',
          );
          assert.equal(typeof a.labelLayout?.omitted, 'number', 'clear counts the labels it leaves out');
          if (a.subset === 'ligand') {
            dockingLigandAlone++;
            assert.equal(a.labels.length, 0);
          }
        }
        if (record.task === 'residue_ligand') {
          assert.equal(a.labelLayout?.mode, 'avoid');
          assert.ok(a.labels.some((l) => l.kind === 'ligand') && a.labels.some((l) => l.kind === 'residue'));
          assert.equal(a.labelLayout?.omitted, undefined, 'avoid leaves none out and records no count');
        }
      }
    }
  }
  assert.ok(dockingLigandAlone >= 3);
});

test('a refused resume names --label-layout and --labels once each, with the values of the tasks both runs hold', () => {
  const run = (layouts: Record<string, string>, labels: Record<string, string>, tasks = Object.keys(layouts)) => ({
    tasks,
    labelLayout: new Set(Object.values(layouts)).size === 1 ? Object.values(layouts)[0] : null,
    labelLayouts: layouts,
    labels,
  });
  const before = run({ translation: 'clear', docking: 'clear' }, { translation: 'all', docking: 'residues' });
  const now = run({ translation: 'avoid', docking: 'clear' }, { translation: 'all', docking: 'all' });
  assert.deepEqual(identityDifferences(before, now, 'that run', 'now'), [
    '--label-layout differs: clear in that run, avoid, docking=clear now',
    '--labels differs: all, docking=residues in that run, all now',
  ]);
  // A task in one run only: --tasks says it, not the layouts.
  const fewer = run({ translation: 'clear' }, { translation: 'all' });
  assert.deepEqual(identityDifferences(before, fewer, 'that run', 'now'), [
    '--tasks differs: translation,docking in that run, translation now',
  ]);
});
