// The parts of generate() that need neither a browser nor files: the options record a run's
// identity and manifest carry (key order and defaults, written out here by hand from the
// manifest a default run writes), the task options (defaults, then residueFraming, then the
// run's; each value one of its task's choices), the cluster engine check, the style, the identity, and the closing summary lines
// and run log (run-report.ts).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Versions } from '../../pipeline/dataset/versions.ts';
import { GENERATE_OPTIONS, type GenerateOptions, resolveGenerateOptions } from '../../pipeline/generate/generate-options.ts';
import { defaultRunStyles } from '../../pipeline/generate/plan-question.ts';
import {
  clusterEngineOfRun,
  INPUT_RECORDERS,
  identityOfRun,
  RECORDERS,
  runOptions,
  runStyle,
  runStyles,
  taskOptionsOfRun,
} from '../../pipeline/generate/run-options.ts';
import { type RunFacts, runLog, summaryLines } from '../../pipeline/generate/run-report.ts';
import { MmseqsMissingError } from '../../pipeline/split/mmseqs-clusters.ts';
import { UsageError } from '../../pipeline/usage-error.ts';
import { TASKS } from '../../qa/tasks/index.ts';
import { makeStyle } from '../../renders/style.ts';

const base: GenerateOptions = { structures: ['in'], out: 'out', tasks: TASKS, seed: 0, testShare: 0.25, limit: 12 };
/** The options record of `o` as a run makes it (resolved, no mmseqs unless given). */
const recordOf = (o: GenerateOptions, mmseqs: string | null = null) => runOptions(resolveGenerateOptions(o), mmseqs);

test('the options record of a default run: its keys in order and its defaults', () => {
  const o = recordOf(base);
  assert.deepEqual(Object.keys(o), [
    'tasks',
    'perComplex',
    'testShare',
    'limit',
    'ligand',
    'pocketRadius',
    'pocketHydrogens',
    'hbonds',
    'size',
    'imageSizes',
    'labelFontSize',
    'labelLayout',
    'labelLayouts',
    'labels',
    'zoomDistance',
    'residueFraming',
    'negatives',
    'decoys',
    'antialias',
    'annotations',
    'pngCompression',
  ]);
  assert.equal(
    o.perComplex,
    'translation=4/2,rotation=6/3,zooming=4/2,residue_ligand=40/40,translation_rotation=6/3,rotation_rotation=6/3,docking=6/3,interaction_location=3/3,pocket_ligand=1/1',
  );
  // The library's defaults are the command's (GENERATE_OPTIONS): radius 10 and the H-bond
  // criteria, as a default `misi-gen generate` records them.
  assert.deepEqual([o.limit, o.ligand, o.pocketRadius, o.pocketHydrogens, o.size], [12, null, 10, true, null]);
  assert.deepEqual(o.hbonds, { relax: true, distSlop: 0.4, angleSlop: 20, waters: false });
  assert.deepEqual(o.imageSizes, {
    translation: 512,
    rotation: 512,
    zooming: 512,
    residue_ligand: 512,
    translation_rotation: 512,
    rotation_rotation: 512,
    docking: 512,
    interaction_location: 1024,
    pocket_ligand: 1024,
  });
  assert.deepEqual([o.labelFontSize, o.labelLayout, o.antialias, o.annotations, o.pngCompression], [12, null, 'edge', 'compact', 'fast']);
  const clearTasks = ['translation', 'rotation', 'zooming', 'translation_rotation', 'rotation_rotation', 'docking'];
  assert.deepEqual(o.labelLayouts, Object.fromEntries(TASKS.map((t) => [t.id, clearTasks.includes(t.id) ? 'clear' : 'prefer-clear'])));
  const ownSets: Record<string, string> = { docking: 'residues', pocket_ligand: 'polar', interaction_location: 'polar' };
  assert.deepEqual(o.labels, Object.fromEntries(TASKS.map((t) => [t.id, ownSets[t.id] ?? 'all'])));
  assert.equal(recordOf({ ...base, labelLayout: 'avoid' }).labelLayout, 'avoid', 'one layout for all is recorded');
  assert.equal(recordOf({ ...base, size: 256 }).size, 256, 'one size for all is recorded');
});

test('the split by protein adds its keys after testShare; mmseqs adds its engine', () => {
  const o = recordOf({ ...base, splitBy: 'protein', buffer: 'val' }, '15.6f452');
  assert.deepEqual(Object.keys(o).slice(0, 9), [
    'tasks',
    'perComplex',
    'testShare',
    'splitBy',
    'clusterThreshold',
    'maxExcluded',
    'buffer',
    'clusterEngine',
    'limit',
  ]);
  assert.deepEqual(
    [o.clusterThreshold, o.maxExcluded, o.buffer, o.clusterEngine],
    [0.3, 0.2, 'val', { name: 'mmseqs', version: '15.6f452' }],
  );
  const time = recordOf({ ...base, splitBy: 'time', splitDate: '2015-01-01' });
  assert.equal(time.splitDate, '2015-01-01');
  assert.equal('maxExcluded' in time, false);
});

test("task options: every task's defaults, then residueFraming, then the run's own", () => {
  assert.deepEqual(taskOptionsOfRun({ tasks: [] }), {
    residueFraming: 'subject',
    negatives: 'paired',
    decoys: 'anchored',
    zoomDistance: 'stated',
  });
  assert.equal(taskOptionsOfRun({ tasks: [], residueFraming: 'complex' }).residueFraming, 'complex');
  assert.equal(
    taskOptionsOfRun({ tasks: [], residueFraming: 'complex', taskOptions: { residueFraming: 'subject' } }).residueFraming,
    'subject',
  );
});

test("a task option's value must be one of its task's choices, the 0.1 key residueFraming too; an option no task has is left alone", () => {
  assert.throws(
    () => resolveGenerateOptions({ ...base, residueFraming: 'aerial' }),
    (e) => e instanceof UsageError && e.message === "--residue-framing 'aerial': the choices are subject, complex",
  );
  assert.throws(
    () => resolveGenerateOptions({ ...base, taskOptions: { negatives: 'random' } }),
    (e) => e instanceof UsageError && e.message === "--negatives 'random': the choices are matched, paired, stratified",
  );
  assert.equal(resolveGenerateOptions({ ...base, residueFraming: 'complex' }).residueFraming, 'complex');
  assert.deepEqual(resolveGenerateOptions({ ...base, taskOptions: { notAnOption: 'x' } }).taskOptions, { notAnOption: 'x' });
});

test('the cluster engine: none unless mmseqs splits by protein; mmseqs missing is refused', () => {
  const never = () => assert.fail('mmseqs asked for its version');
  assert.equal(clusterEngineOfRun({ splitBy: 'complex', clusterEngine: 'mmseqs' }, never), null);
  assert.equal(clusterEngineOfRun({ splitBy: 'protein', clusterEngine: 'exact' }, never), null);
  assert.equal(
    clusterEngineOfRun({ splitBy: 'protein', clusterEngine: 'mmseqs' }, () => '15'),
    '15',
  );
  assert.throws(() => clusterEngineOfRun({ splitBy: 'protein,scaffold', clusterEngine: 'mmseqs' }, () => null), MmseqsMissingError);
});

test('the styles of a default run are the ones planQuestion draws with; flags change them', () => {
  const o = recordOf(base);
  assert.deepEqual(runStyles(TASKS, o), defaultRunStyles(TASKS));
  assert.equal(o.labelLayout, null, "the tasks' own layouts differ");
  assert.deepEqual(
    runStyle({ ...o, antialias: 'none', labelFontSize: 16 }),
    makeStyle({ antialias: 'none', labels: { layout: 'clear', fontSize: 16 } }),
  );
  assert.notDeepEqual(runStyles(TASKS, { ...o, antialias: 'none' }), defaultRunStyles(TASKS));
});

test('the identity: seed, versions and options; the inputs with the shard', () => {
  const o = recordOf(base);
  const v = { misiGen: '0.1.0', renderer: 'r' } as unknown as Versions;
  const id = identityOfRun(resolveGenerateOptions({ ...base, ligandsFile: 'l.tsv', shard: { index: 1, count: 4 } }), o, v);
  assert.equal(id.dataset.seed, 0);
  assert.equal((id.dataset as Record<string, unknown>).misiGen, undefined, 'the package version is not part of it');
  assert.equal((id.dataset as Record<string, unknown>).renderer, 'r');
  assert.deepEqual(id.inputs, { structures: ['in'], ligands: 'l.tsv', shard: '1/4' });
});

test('every option declared part of the identity is recorded by exactly one recorder, and no other is', () => {
  const declared = (part: string) =>
    Object.entries(GENERATE_OPTIONS)
      .filter(([, d]) => d.identity === part)
      .map(([k]) => k)
      .sort();
  const covered = (recorders: readonly { covers: readonly string[] }[]) => recorders.flatMap((r) => r.covers).sort();
  assert.deepEqual(covered(RECORDERS), declared('options'));
  assert.deepEqual(covered(INPUT_RECORDERS), declared('inputs'));
  assert.deepEqual(declared('seed'), ['seed']);
  // Written by hand: the options that are how a run is done, not what it makes.
  assert.deepEqual(
    Object.entries(GENERATE_OPTIONS)
      .filter(([, d]) => d.identity === null)
      .map(([k]) => k)
      .sort(),
    ['allowShort', 'indexYears', 'log', 'onInterrupt', 'out', 'pages', 'quiet', 'readThreads'],
  );
});

test('resolving: defaults filled in once, a refused value named by its flag, the counts as text or by task alike', () => {
  const r = resolveGenerateOptions(base);
  assert.equal(resolveGenerateOptions(r), r, 'resolved options are taken as they are');
  assert.deepEqual([r.labelFontSize, r.splitBy, r.buffer, r.annotations], [12, 'complex', 'none', 'compact']);
  for (const [over, message] of [
    [{ labelFontSize: 3 }, /^--label-font-size must be from 4 to 96 pixels$/],
    [{ seed: 0.5 }, /^--seed must be a whole number$/],
    [{ limit: 0 }, /^--limit must be a positive whole number$/],
    [{ testShare: 1.5 }, /^--test-share must be between 0 and 1$/],
    [{ pages: 0 }, /^--workers must be a positive whole number$/],
    [{ perComplex: 'translation=4' }, /^--per-complex: 'translation=4' is not TASK=TRAIN\/TEST/],
    [{ perComplex: { nosuch: { train: 1, test: 1 } } }, /^--per-complex: 'nosuch' is not one of the chosen tasks/],
    [
      { perComplex: 'rotation=6/3,translation=4/2/1,docking=1/1/0' },
      /^--per-complex: a third number \(val\) for translation, docking needs --buffer val, which makes the val split$/,
    ],
  ] as [Partial<GenerateOptions>, RegExp][])
    assert.throws(
      () => resolveGenerateOptions({ ...base, ...over }),
      (e: Error) => e instanceof UsageError && message.test(e.message),
    );
  assert.deepEqual(resolveGenerateOptions({ ...base, perComplex: 'docking=2/1/1', buffer: 'val' }).perComplex.docking, {
    train: 2,
    test: 1,
    val: 1,
  });
  const text = resolveGenerateOptions({ ...base, perComplex: 'docking=2/1' }).perComplex;
  assert.deepEqual(resolveGenerateOptions({ ...base, perComplex: { docking: { train: 2, test: 1 } } }).perComplex, text);
  assert.deepEqual(
    [text.docking, text.translation],
    [
      { train: 2, test: 1 },
      { train: 4, test: 2 },
    ],
  );
});

test('the paper construction: the five options set, recorded last as construction; a flag it sets given too is refused', () => {
  const paper = recordOf({ ...base, construction: 'paper' });
  const separate = recordOf({
    ...base,
    labelLayout: 'avoid',
    labels: 'all',
    taskOptions: { decoys: 'paper', negatives: 'stratified', zoomDistance: 'unstated' },
  });
  assert.equal(Object.keys(paper).at(-1), 'construction');
  assert.equal((paper as Record<string, unknown>).construction, 'paper');
  assert.equal('construction' in separate, false, 'a run of the separate flags records none');
  const { construction: _, ...rest } = paper as Record<string, unknown>;
  assert.equal(JSON.stringify(rest), JSON.stringify(separate));
  assert.deepEqual(
    [paper.zoomDistance, paper.negatives, paper.decoys, paper.residueFraming],
    ['unstated', 'stratified', 'paper', 'subject'],
  );
  for (const over of [{ taskOptions: { decoys: 'paper' } }, { labels: 'all' as const }, { labelLayouts: { docking: 'clear' as const } }])
    assert.throws(
      () => resolveGenerateOptions({ ...base, construction: 'paper', ...over }),
      /--paper sets --(decoys|labels|label-layout) itself \(it stands for --decoys paper --negatives stratified --zoom-distance unstated --label-layout avoid --labels all\)/,
    );
});

const facts = (over: Partial<RunFacts> = {}): RunFacts => ({
  out: '/d',
  seconds: { ingest: 1, render: 2, write: 0.5 },
  ids: { total: 3, mine: 3, resumed: 0, done: 3 },
  sides: { train: 2, test: 1, val: 0, excluded: 0 },
  summary: { questions: 10, imageReferences: 40, distinctImages: 30, rejects: 0, rejectKinds: [] },
  tally: { rendered: 28, existing: 2, failed: new Map() },
  rejectsAt: '/d/rejects.jsonl',
  ...over,
});

test('summary lines: a whole run and a shard, with the rejects line only when there are rejects', () => {
  assert.deepEqual(summaryLines(facts()), [
    'generate: 3 complexes (2 train, 1 test), 10 questions, 40 image references, 30 distinct images (28 drawn, 2 already there), 0 rejects, 3.5 s -> /d',
  ]);
  const shard = summaryLines(
    facts({
      shard: { index: 2, count: 4 },
      ids: { total: 8, mine: 3, resumed: 1, done: 2 },
      sides: { train: 5, test: 1, val: 1, excluded: 1 },
    }),
  );
  assert.deepEqual(shard, [
    'generate: shard 2/4: 3 of 8 complexes (5 train, 1 test, 1 val, 1 excluded), 28 images drawn, 2 already there, 3.5 s -> /d (join the shards with misi-gen merge)',
  ]);
  const withRejects = summaryLines(facts({ summary: { ...facts().summary, rejects: 1, rejectKinds: [{ stage: 'plan', id: 'x' }] } }));
  assert.equal(withRejects.length, 2);
  assert.match(withRejects[1], /^generate: .*\/d\/rejects\.jsonl/);
});

test('the run log: seconds with their total, complexes, images and the pool', () => {
  const log = runLog(facts(), new Date(0), new Date(1000), { size: 2, launches: 2, retries: 0 }, 5, { path: '/chrome' });
  assert.deepEqual(log.seconds, { ingest: 1, render: 2, write: 0.5, total: 3.5 });
  assert.deepEqual(log.images, { distinct: 30, rendered: 28, existing: 2, failed: 0, renderedPerSecond: 14 });
  assert.deepEqual(
    [log.started, log.finished, log.shard, log.pages, log.complexReads],
    ['1970-01-01T00:00:00.000Z', '1970-01-01T00:00:01.000Z', null, 2, 5],
  );
  assert.deepEqual(Object.keys(log), [
    'started',
    'finished',
    'seconds',
    'shard',
    'complexes',
    'images',
    'pages',
    'browserLaunches',
    'retries',
    'complexReads',
    'machine',
  ]);
});
