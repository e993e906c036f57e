// `misi-gen score` end to end on a dataset written by hand (test/pipeline/score-fixture.ts):
// the truth scores 100 everywhere, wrong replies 0, a mixed set the numbers worked out
// below; bad prediction lines, unknown and missing ids are reported, never a stack trace.

import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli as inProcess } from '../cli-in-process.ts';
import { REPO } from '../shared-structures.ts';
import { predictionLines, TEST_QUESTIONS, TINY_IDS, writeScoreFixture } from './score-fixture.ts';

const NINE = [
  'translation',
  'rotation',
  'zooming',
  'residue_ligand',
  'translation_rotation',
  'rotation_rotation',
  'docking',
  'interaction_location',
  'pocket_ligand',
];
const PAPER_SEVEN = NINE.filter((t) => t !== 'translation_rotation' && t !== 'rotation_rotation');

async function score(dataset: string, predictions: string, ...more: string[]) {
  const r = await inProcess(['score', dataset, predictions, ...more], { cwd: REPO });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function scoreJson(dataset: string, replies: [string, string][], ...more: string[]) {
  const file = join(dataset, 'predictions.jsonl');
  writeFileSync(file, predictionLines(replies));
  const r = await score(dataset, file, '--json', ...more);
  assert.equal(r.status, 0, r.stderr);
  return { json: JSON.parse(r.stdout), stderr: r.stderr };
}

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-5, `${what}: ${actual} != ${expected}`);

test('the truth scores 100 on every task, both averages, composite and exact', async () => {
  const dir = writeScoreFixture();
  const { json, stderr } = await scoreJson(
    dir,
    TEST_QUESTIONS.map((q) => [q.id, q.answer]),
  );
  assert.deepEqual(Object.keys(json.tasks), NINE);
  for (const t of NINE) {
    assert.equal(json.tasks[t].composite, 100, t);
    assert.equal(json.tasks[t].exact, 100, t);
    assert.equal(json.tasks[t].missing, 0, t);
  }
  const all100 = {
    composite: 100,
    exact: 100,
    byAtomNames: { equivalent: { composite: 100, exact: 100 }, asWritten: { composite: 100, exact: 100 } },
  };
  assert.deepEqual(json.average, { tasks: PAPER_SEVEN, ...all100 });
  assert.deepEqual(json.averageAllTasks, { tasks: NINE, ...all100 });
  assert.equal(json.atomNames.headline, 'equivalent');
  assert.deepEqual(json.atomNames.tasks, ['residue_ligand', 'pocket_ligand']);
  assert.equal(json.questions, 16);
  assert.equal(stderr, '');
  rmSync(dir, { recursive: true });
});

test('wrong replies score 0 on every task', async () => {
  const dir = writeScoreFixture();
  const { json } = await scoreJson(
    dir,
    TEST_QUESTIONS.map((q) => [q.id, q.wrong]),
  );
  for (const t of NINE) {
    assert.equal(json.tasks[t].composite, 0, t);
    assert.equal(json.tasks[t].exact, 0, t);
    assert.equal(json.tasks[t].unread, 0, t);
  }
  assert.equal(json.average.composite, 0);
  assert.equal(json.averageAllTasks.composite, 0);
  rmSync(dir, { recursive: true });
});

test('mixed replies: per-task numbers and both averages as worked out by hand', async () => {
  const dir = writeScoreFixture();
  const { json, stderr } = await scoreJson(dir, [
    ['translation/1a30/0', 'The answer is move x 1.'], // 1 - 2/8 = 0.75; translation/1a30/1 missing: 0
    ['rotation/1a30/0', 'Answer: roll y 60'], // 1 - 45/180 = 0.75
    ['rotation/1a30/1', 'roll Z -90'], // 1
    ['zooming/1a30/0', 'move z 50.'], // 1
    ['zooming/1a30/1', 'move z 44'], // 0
    ['residue_ligand/1a30/0', 'Yes: ARG N, O23; ARG NH2, O22; ARG NE, O1'], // all true + invented: 0.5
    ['residue_ligand/1a30/1', 'no'], // 1
    ['translation_rotation/1a30/0', 'B'], // 1
    ['translation_rotation/1a30/1', 'Answer: A'], // 0
    ['rotation_rotation/1a30/0', '(a)'], // 1; rotation_rotation/1a30/1 missing: 0
    ['docking/1a30/0', 'roll x 75, move x 14'], // wrong sign: 0.5 + 0
    ['docking/1a30/1', 'move x 4.5, roll z -30'], // 0.5 + 0.5 * (1 - 4.5/9) = 0.75
    ['interaction_location/1a30/0', 'move x 0, move y 5'], // the text of option C: 1
    ['pocket_ligand/1a30/0', 'ARG 221 NH2 A, O22; ASP 227A OD1 _, N3'], // 2 of 3
    ['nope/1', 'B'], // no such question
  ]);
  const expected: Record<string, [number, number]> = {
    // composite, exact (percent)
    translation: [37.5, 0],
    rotation: [87.5, 50],
    zooming: [50, 50],
    residue_ligand: [75, 50],
    translation_rotation: [50, 50],
    rotation_rotation: [50, 50],
    docking: [62.5, 0],
    interaction_location: [100, 100],
    pocket_ligand: [200 / 3, 0],
  };
  for (const [t, [composite, exact]] of Object.entries(expected)) {
    close(json.tasks[t].composite, composite, `${t} composite`);
    close(json.tasks[t].exact, exact, `${t} exact`);
  }
  close(json.average.composite, (37.5 + 87.5 + 50 + 75 + 62.5 + 100 + 200 / 3) / 7, 'paper average');
  close(json.average.exact, (0 + 50 + 50 + 50 + 0 + 100 + 0) / 7, 'paper average, exact');
  close(json.averageAllTasks.composite, (37.5 + 87.5 + 50 + 75 + 50 + 50 + 62.5 + 100 + 200 / 3) / 9, 'average of all');
  close(json.averageAllTasks.exact, (0 + 50 + 50 + 50 + 50 + 50 + 0 + 100 + 0) / 9, 'average of all, exact');
  assert.equal(json.tasks.translation.missing, 1);
  assert.equal(json.tasks.rotation_rotation.missing, 1);
  assert.equal(json.missing, 2);
  assert.deepEqual(json.unknownIds, ['nope/1']);
  assert.match(stderr, /1 prediction id names no question of the test split and is ignored \(14 of 15 scored\): nope\/1/);
  assert.match(stderr, /2 of 16 questions have no prediction/);
  rmSync(dir, { recursive: true });
});

test('the table prints every task, both averages and the definitions', async () => {
  const dir = writeScoreFixture();
  const file = join(dir, 'p.jsonl');
  writeFileSync(file, predictionLines(TEST_QUESTIONS.map((q) => [q.id, q.answer])));
  const r = await score(dir, file);
  assert.equal(r.status, 0, r.stderr);
  for (const t of NINE) assert.match(r.stdout, new RegExp(`^${t} .* 100\\.0  100\\.0$`, 'm'), t);
  for (const c of ['RL\\+', 'RL-']) assert.match(r.stdout, new RegExp(`^  ${c} +1 +1 +0 +0 +100\\.0  100\\.0$`, 'm'), c);
  assert.match(r.stdout, /^average \(paper, 8 columns\) .* 100\.0  100\.0$/m);
  assert.match(r.stdout, /^average \(7 tasks\) .* 100\.0  100\.0$/m);
  assert.match(r.stdout, /^average \(all tasks\) .* 100\.0  100\.0$/m);
  assert.match(
    r.stdout,
    /average \(paper, 8 columns\) +the paper's Avg: unweighted mean of the columns Tr, Rot, Zoom, RL\+, RL-, Dock, Loc, PL/,
  );
  assert.match(r.stdout, /average \(7 tasks\) +unweighted mean over the tasks present but translation_rotation and rotation_rotation/);
  assert.match(r.stdout, /translation +0 unless the axis is right, then 1 - \|error\| \/ 8 A/);
  assert.match(r.stdout, /missing +questions with no prediction: they score 0/);
  rmSync(dir, { recursive: true });
});

/** The truth, but for equivalent residue atom names swapped in both H-bond tasks' first question. */
const SWAPPED: [string, string][] = TEST_QUESTIONS.map((q) => [
  q.id,
  (
    {
      'residue_ligand/1a30/0': 'Yes: ARG NH1, O22; ARG N, O23', // truth ARG NH2, O22; ARG N, O23
      'pocket_ligand/1a30/0': 'ARG 221 NH1 A, O22; ARG 221 N A, O23; ASP 227A OD2 _, N3', // truth NH2 ... OD1
    } as Record<string, string>
  )[q.id] ?? q.answer,
]);

// By names as written: residue_ligand/1a30/0 finds 1 of 2 (0.5), /1 is a true No (1): 75, exact 50;
// pocket_ligand finds 1 of 3: 33.3, exact 0; every other task 100.
const WRITTEN = {
  residue_ligand: { composite: 75, exact: 50 },
  pocket_ligand: { composite: 100 / 3, exact: 0 },
  average: { composite: (5 * 100 + 75 + 100 / 3) / 7, exact: (5 * 100 + 50 + 0) / 7 },
  averageAllTasks: { composite: (7 * 100 + 75 + 100 / 3) / 9, exact: (7 * 100 + 50 + 0) / 9 },
};

test('equivalent atom names swapped: 100 by the headline rule, the paper rule beside it (JSON)', async () => {
  const dir = writeScoreFixture();
  const { json } = await scoreJson(dir, SWAPPED);
  assert.equal(json.atomNames.headline, 'equivalent');
  assert.match(json.atomNames.rules.equivalent, /ASP OD1 = OD2, GLU OE1 = OE2, ARG NH1 = NH2, O = OXT/);
  assert.match(json.atomNames.rules.asWritten, /the paper's rule/);
  for (const t of NINE) {
    assert.deepEqual([json.tasks[t].composite, json.tasks[t].exact], [100, 100], t);
    assert.deepEqual(json.tasks[t].byAtomNames.equivalent, { composite: 100, exact: 100 }, t);
    assert.equal(json.tasks[t].equivalentAtomNames, t === 'residue_ligand' || t === 'pocket_ligand', t);
    if (!json.tasks[t].equivalentAtomNames) assert.deepEqual(json.tasks[t].byAtomNames.asWritten, { composite: 100, exact: 100 }, t);
  }
  for (const t of ['residue_ligand', 'pocket_ligand'] as const) {
    close(json.tasks[t].byAtomNames.asWritten.composite, WRITTEN[t].composite, `${t} composite as written`);
    close(json.tasks[t].byAtomNames.asWritten.exact, WRITTEN[t].exact, `${t} exact as written`);
  }
  for (const a of ['average', 'averageAllTasks'] as const) {
    assert.deepEqual([json[a].composite, json[a].exact], [100, 100], a);
    close(json[a].byAtomNames.asWritten.composite, WRITTEN[a].composite, `${a} composite as written`);
    close(json[a].byAtomNames.asWritten.exact, WRITTEN[a].exact, `${a} exact as written`);
  }
  rmSync(dir, { recursive: true });
});

test('--atom-names as-written puts the paper rule in the headline, the other rule still beside it', async () => {
  const dir = writeScoreFixture();
  const { json } = await scoreJson(dir, SWAPPED, '--atom-names', 'as-written');
  assert.equal(json.atomNames.headline, 'asWritten');
  close(json.tasks.pocket_ligand.composite, WRITTEN.pocket_ligand.composite, 'pocket_ligand composite');
  close(json.average.composite, WRITTEN.average.composite, 'paper average');
  assert.equal(json.tasks.residue_ligand.exact, 50);
  assert.deepEqual(json.tasks.pocket_ligand.byAtomNames.equivalent, { composite: 100, exact: 100 });
  const bad = await score(dir, join(dir, 'predictions.jsonl'), '--atom-names', 'loose');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /atom-names.*Choices: "equivalent", "as-written"/s);
  rmSync(dir, { recursive: true });
});

test('the table names its headline rule and gives the H-bond tasks by the other rule below', async () => {
  const dir = writeScoreFixture();
  const file = join(dir, 'p.jsonl');
  writeFileSync(file, predictionLines(SWAPPED));
  const r = await score(dir, file);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^H-bond answers: residue atom names no image can tell apart count as one \(--atom-names equivalent\)$/m);
  for (const t of NINE) assert.match(r.stdout, new RegExp(`^${t} .* 100\\.0  100\\.0$`, 'm'), t);
  const [, second] = r.stdout.split(
    /^By the other rule, residue atom names as written, the paper's rule \(every other task scores the same by both\):$/m,
  );
  assert.ok(second, r.stdout);
  assert.match(second, /^residue_ligand +75\.0 +50\.0$/m);
  assert.match(second, /^pocket_ligand +33\.3 +0\.0$/m);
  assert.match(second, /^  RL\+ +50\.0 +0\.0$/m); // the one question whose truth is a bond: 1 of 2 bonds
  assert.match(second, /^  RL- +100\.0 +100\.0$/m);
  // Tr Rot Zoom 100, RL+ 50 (exact 0), RL- 100, Dock Loc 100, PL 33.3 (exact 0): 683.3 / 8, 600 / 8
  assert.match(second, /^average \(paper, 8 columns\) +85\.4 +75\.0$/m);
  assert.match(second, /^average \(7 tasks\) +86\.9 +78\.6$/m); // 608.3 / 7, 550 / 7
  assert.match(second, /^average \(all tasks\) +89\.8 +83\.3$/m); // 808.3 / 9, 750 / 9
  assert.doesNotMatch(second, /^translation /m);
  assert.match(r.stdout, /--atom-names equivalent +\(the headline\) .*ARG NH1 = NH2/);
  assert.match(r.stdout, /--atom-names as-written +\(second table\) .*the paper's rule/);
  const written = await score(dir, file, '--atom-names', 'as-written');
  assert.match(written.stdout, /^H-bond answers: residue atom names as written, the paper's rule \(--atom-names as-written\)$/m);
  assert.match(written.stdout, /^pocket_ligand +composite +1 +1 +0 +0 +33\.3 +0\.0$/m);
  assert.match(written.stdout, /^By the other rule, residue atom names no image can tell apart count as one/m);
  assert.match(written.stdout, /^pocket_ligand +100\.0 +100\.0$/m);
  rmSync(dir, { recursive: true });
});

test('--split tiny scores only the tiny questions', async () => {
  const dir = writeScoreFixture();
  const { json, stderr } = await scoreJson(
    dir,
    TEST_QUESTIONS.map((q) => [q.id, q.answer]),
    '--split',
    'tiny',
  );
  assert.equal(json.split, 'tiny');
  assert.equal(json.questions, TINY_IDS.length);
  assert.equal(json.questions, 9);
  assert.equal(json.averageAllTasks.composite, 100);
  // the test-only questions are unknown to the tiny split
  assert.equal(json.unknownIds.length, 16 - 9);
  assert.match(stderr, /7 prediction ids name no question of the tiny split/);
  rmSync(dir, { recursive: true });
});

test('malformed prediction lines are reported by line number and skipped', async () => {
  const dir = writeScoreFixture();
  const file = join(dir, 'p.jsonl');
  const good = TEST_QUESTIONS.map((q) => JSON.stringify({ id: q.id, prediction: q.answer }));
  writeFileSync(
    file,
    [
      good[0], // line 1
      '{"id": "rotation/1a30/0", "prediction": "roll y 15"', // 2: cut short
      '', // 3: blank, ignored
      '["translation/1a30/1", "move y -2"]', // 4: not an object
      '{"id": 7, "prediction": "B"}', // 5: id not a string
      '{"id": "zooming/1a30/0"}', // 6: no prediction
      JSON.stringify({ id: TEST_QUESTIONS[0].id, prediction: 'move x -4' }), // 7: repeat, ignored
      ...good.slice(1), // 8...
    ].join('\n') + '\n',
  );
  const r = await score(dir, file, '--json');
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /at .*\.ts:\d+/);
  for (const [line, why] of [
    [2, /not JSON/],
    [4, /not a JSON object/],
    [5, /field `id` must be a string, got number/],
    [6, /field `prediction` is missing \(must be a string\) \(id zooming\/1a30\/0\)/],
    [7, /repeats line 1/],
  ] as const) {
    assert.match(r.stderr, new RegExp(`p\\.jsonl:${line}: skipped: .*${why.source}`), `line ${line}`);
  }
  const json = JSON.parse(r.stdout);
  assert.deepEqual(
    json.predictionProblems.map((p: { line: number }) => p.line),
    [2, 4, 5, 6, 7],
  );
  // the repeat did not replace line 1, and every question still has its (true) reply
  assert.equal(json.averageAllTasks.composite, 100);
  rmSync(dir, { recursive: true });
});

test('unusable inputs give one plain line naming the file, exit status 1', async () => {
  const dir = writeScoreFixture();
  const file = join(dir, 'p.jsonl');
  writeFileSync(file, predictionLines([[TEST_QUESTIONS[0].id, TEST_QUESTIONS[0].answer]]));
  const cases: [string[], RegExp][] = [
    [[join(dir, 'nowhere'), file], /nowhere\/qa: no such folder/],
    [[dir, join(dir, 'missing.jsonl')], /missing\.jsonl: cannot read \(ENOENT\)/],
  ];
  writeFileSync(join(dir, 'qa', 'zooming.test.jsonl'), '{"id":"zooming/x/0","task":"zooming","answer":"move z fifty"}\n');
  cases.push([[dir, file], /qa\/zooming\.test\.jsonl:1: question zooming\/x\/0: answer command 1 .*bad number 'fifty'/]);
  for (const [args, re] of cases) {
    const r = await score(args[0], args[1]);
    assert.equal(r.status, 1, args.join(' '));
    assert.match(r.stderr, re);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.equal(r.stdout, '');
  }
  writeFileSync(join(dir, 'qa', 'zooming.test.jsonl'), 'oops\n');
  const r = await score(dir, file);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /zooming\.test\.jsonl:1: not JSON/);
  rmSync(dir, { recursive: true });
});
