// `eval --images none` and `misi-gen compare`, against chat servers on 127.0.0.1 that this
// file starts (fake-chat-server.ts), on a dataset generated from the bundled sample
// (residue_ligand and rotation_rotation):
// - a vision model: right on every question sent with its images; sent the text alone, it
//   answers by a rule on the text ("No" to an H-bond question, else "A");
// - a text-only model: a rule on the text alone ("Yes: ALA N, O1" to an H-bond question, else "B").
// MG = S_v - S_wv and ML = max(0, S_wv - S_t) are worked out by hand from the answers of the
// dataset's records; RL+ and RL- counted by hand; two people's files give a mean and spread.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import { twoDecimals } from '../../pipeline/score-paper-table.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli } from '../cli-in-process.ts';
import { type FakeServer, type Question, questionsOf, startServer } from './fake-chat-server.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const root = mkdtempSync(join(tmpdir(), 'misi-compare-'));
const data = join(root, 'data');
const TASKS = ['residue_ligand', 'rotation_rotation'];
const SETTINGS = ['--max-tokens', '64', '--concurrency', '2', '--timeout', '30'];
const EXPECT = { temperature: 0, max_tokens: 64 };
const HBOND = (text: string) => text.includes('hydrogen bond');
let questions: Question[] = [];
const servers: FakeServer[] = [];

before(async () => {
  if (noBrowser) return;
  const r = await cli([
    'generate',
    '--out',
    data,
    '--tasks',
    TASKS.join(','),
    '--per-complex',
    'residue_ligand=6/8,rotation_rotation=3/6',
    '--test-share',
    '0.34',
    '--size',
    '160',
    '--workers',
    '1',
  ]);
  assert.equal(r.status, 0, r.stderr);
  questions = TASKS.flatMap((t) => questionsOf(data, readFileSync(join(data, 'qa', `${t}.test.jsonl`), 'utf8').split('\n')));
});
after(async () => {
  for (const s of servers) await s.close();
  rmSync(root, { recursive: true, force: true });
});

const share = (qs: Question[], answer: string) => (100 * qs.filter((q) => q.answer === answer).length) / qs.length;
const close = (got: number | null, want: number, what: string) =>
  assert.ok(got !== null && Math.abs(got - want) < 1e-5, `${what}: ${got} != ${want}`);

test('MG and ML worked by hand: a vision model with and without the images, a text-only model, two people; the chart', {
  skip: noBrowser,
}, async () => {
  const vision = await startServer(data, questions, { model: 'vlm', expect: EXPECT, blind: (t) => (HBOND(t) ? 'No' : 'A') });
  const textOnly = await startServer(data, [], { model: 'llm', expect: EXPECT, blind: (t) => (HBOND(t) ? 'Yes: ALA N, O1' : 'B') });
  servers.push(vision, textOnly);
  const run = async (args: string[]) => {
    const r = await cli(['eval', data, ...SETTINGS, ...args]);
    assert.equal(r.status, 0, r.stderr);
    return r;
  };
  const sv = join(data, 'eval', 'vlm.test.jsonl');
  await run(['--endpoint', vision.url, '--model', 'vlm']);
  const sentWithImages = vision.seen.length;
  const rl = questions.filter((q) => q.id.startsWith('residue_ligand-'));
  const rr = questions.filter((q) => q.id.startsWith('rotation_rotation-'));
  // --images none: the default file is named for it; no request carries an image.
  const none = await run(['--endpoint', vision.url, '--model', 'vlm', '--images', 'none', '--table', 'paper']);
  const swv = join(data, 'eval', 'vlm.no-images.test.jsonl');
  assert.ok(existsSync(swv), none.stderr);
  assert.deepEqual(
    JSON.parse(readFileSync(join(data, 'eval', 'vlm.no-images.test.meta.json'), 'utf8')).settings.images,
    'none (text only)',
  );
  const blindSeen = vision.seen.slice(sentWithImages);
  assert.equal(blindSeen.length, questions.length);
  assert.ok(blindSeen.every((s) => s.sizes.length === 0 && s.id.startsWith('blind:')));
  assert.equal(vision.problems.length, 0, vision.problems.join('; '));
  // eval --table paper: the run's row in the paper's columns (RL+ 0 and RL- 100 blind; RR left out of Avg).
  const rrA = share(rr, 'A');
  assert.match(none.stdout, /^Table 1, weighted score \(composite\):$/m);
  assert.ok(
    none.stdout.includes(`| vlm.no-images.test | 50.00 | - | - | - | 0.00 | 100.00 | - | ${twoDecimals(rrA)} | - | - | - |`),
    none.stdout,
  );
  const st = join(data, 'eval', 'llm.no-images.test.jsonl');
  await run(['--endpoint', textOnly.url, '--model', 'llm', '--images', 'none']);

  // By hand, from the records' answers.
  const negatives = rl.filter((q) => q.answer === 'No');
  assert.ok(
    negatives.length > 0 && negatives.length < rl.length && rr.length > 0,
    `${rl.length} RL, ${negatives.length} No, ${rr.length} RR`,
  );
  assert.ok(!rl.some((q) => q.answer.includes('ALA N, O1')));
  const noShare = share(rl, 'No');
  const [aShare, bShare] = [share(rr, 'A'), share(rr, 'B')];

  // Two people: one right everywhere, one answering "No" and "A" everywhere.
  const right = join(root, 'person-1.jsonl');
  const blind = join(root, 'person-2.jsonl');
  writeFileSync(right, questions.map((q) => JSON.stringify({ id: q.id, prediction: q.answer })).join('\n') + '\n');
  writeFileSync(
    blind,
    questions.map((q) => JSON.stringify({ id: q.id, prediction: q.id.startsWith('residue') ? 'No' : 'A' })).join('\n') + '\n',
  );

  const chart = join(root, 'charts', 'compare.png');
  const args = ['compare', data, '--with-images', sv, '--without-images', swv, '--text-only', st, '--people', right, blind];
  const r = await cli([...args, '--json', '--chart', chart]);
  assert.equal(r.status, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  const row = (name: string) => json.rows.find((x: { row: string }) => x.row === name);
  // residue_ligand: S_v 100; S_wv = the share of No; MG = 100 - that; S_t 0 (an invented bond
  // on every question); ML = S_wv - 0.
  close(row('residue_ligand').withImages.composite, 100, 'RL S_v');
  close(row('residue_ligand').withoutImages.composite, noShare, 'RL S_wv');
  close(row('residue_ligand').gain.composite, 100 - noShare, 'RL MG');
  close(row('residue_ligand').textOnly.composite, 0, 'RL S_t');
  close(row('residue_ligand').leakage.composite, noShare, 'RL ML');
  // RL+ and RL-: blind "No" is all wrong on the bonds, all right on the No's.
  close(row('RL+').withoutImages.composite, 0, 'RL+ S_wv');
  close(row('RL-').withoutImages.composite, 100, 'RL- S_wv');
  close(row('RL+').gain.composite, 100, 'RL+ MG');
  close(row('RL-').gain.composite, 0, 'RL- MG');
  // rotation_rotation: blind "A" against the text-only "B".
  close(row('rotation_rotation').withoutImages.exact, aShare, 'RR S_wv');
  close(row('rotation_rotation').gain.exact, 100 - aShare, 'RR MG');
  close(row('rotation_rotation').textOnly.exact, bShare, 'RR S_t');
  close(row('rotation_rotation').leakage.exact, Math.max(0, aShare - bShare), 'RR ML');
  // The paper's average here: RL+ and RL- (rotation_rotation is left out). S_v 100, S_wv (0 + 100) / 2.
  const avg = row('average (paper, 2 columns)');
  close(avg.withImages.composite, 100, 'avg S_v');
  close(avg.withoutImages.composite, 50, 'avg S_wv');
  close(avg.gain.composite, 50, 'avg MG');
  close(avg.textOnly.composite, 0, 'avg S_t');
  close(avg.leakage.composite, 50, 'avg ML');
  // People: 100 and the share of No: mean and sd (n - 1) of two values, |x - y| / sqrt(2).
  close(row('residue_ligand').people.composite.mean, (100 + noShare) / 2, 'people mean');
  close(row('residue_ligand').people.composite.sd, (100 - noShare) / Math.SQRT2, 'people sd');
  assert.equal(row('residue_ligand').people.composite.files, 2);
  // Chance from the audit: four options, or one half for the verdict.
  close(row('rotation_rotation').chance, 25, 'RR chance');
  close(row('residue_ligand').chance, 50, 'RL chance');
  const audit = JSON.parse((await cli(['audit', data, '--json'])).stdout);
  const best = (t: string) =>
    Math.max(
      ...audit.tasks
        .find((x: { task: string }) => x.task === t)
        .splits.find((s: { split: string }) => s.split === 'test')
        .baselines.map((b: { score: number }) => b.score),
    );
  for (const t of TASKS) close(row(t).blind.score, Math.round(100 * best(t) * 1e6) / 1e6, `${t} best blind`);

  // The table says which number is which.
  const table = await cli(args);
  assert.equal(table.status, 0, table.stderr);
  assert.match(table.stdout, /^row +chance +best blind +S_v +S_wv +MG +S_t +ML +people +sd +n$/m);
  assert.match(
    table.stdout,
    new RegExp(
      `^residue_ligand +50\\.0 .* 100\\.0 +${noShare.toFixed(1)} +\\+${(100 - noShare).toFixed(1)} +0\\.0 +${noShare.toFixed(1)} `,
      'm',
    ),
  );
  assert.match(table.stdout, /^ {2}MG +S_v - S_wv, the multi-modal gain/m);
  assert.match(table.stdout, /^ {2}ML +max\(0, S_wv - S_t\), the multi-modal leakage/m);

  // The dataset card takes the model rows from the runs in <dataset>/eval: vlm with and
  // without the images, llm (a run without images only) as the text-only model.
  const hf = join(root, 'hf');
  const exported = await cli(['export', data, '--format', 'hf', '--out', hf]);
  assert.equal(exported.status, 0, exported.stderr);
  const card = readFileSync(join(hf, 'README.md'), 'utf8');
  const section = card.split('## What a model gets without looking')[1].split('\n## ')[0];
  assert.match(
    section,
    /Model vlm on the test split, .*`eval\/vlm\.test\.jsonl`.*`eval\/vlm\.no-images\.test\.jsonl`.*text-only model llm/,
  );
  assert.match(section, /^\| task \| chance \| best blind \| vlm with images \| without \| MG \| llm \(text only\) \| ML \|$/m);
  const n = noShare.toFixed(1);
  assert.match(
    section,
    new RegExp(
      `^\\| residue_ligand \\| 50\\.0 \\| [^|]+ \\| 100\\.0 \\| ${n} \\| \\+${(100 - noShare).toFixed(1)} \\| 0\\.0 \\| ${n} \\|$`,
      'm',
    ),
  );
  assert.match(section, /^\| RL\+ \| - \| - \| 100\.0 \| 0\.0 \| \+100\.0 \| 0\.0 \| 0\.0 \|$/m);
  assert.match(section, /^\| paper average \| - \| - \| 100\.0 \| 50\.0 \| \+50\.0 \| 0\.0 \| 50\.0 \|$/m);

  // The chart: a PNG as wide as its page, with the bars' colours in it.
  const png = PNG.sync.read(readFileSync(chart));
  assert.ok(png.width >= 900 && png.height > 300, `${png.width} x ${png.height}`);
  const colours = new Set<string>();
  for (let i = 0; i < png.data.length; i += 4) colours.add(`${png.data[i]},${png.data[i + 1]},${png.data[i + 2]}`);
  for (const c of ['74,120,194', '224,138,44', '176,122,161', '89,161,79']) assert.ok(colours.has(c), `bar colour ${c}`);
});

test('compare: a predictions file of the wrong form or of another dataset stops it, naming the file', { skip: noBrowser }, async () => {
  const bad = join(root, 'bad.csv');
  writeFileSync(bad, 'id,prediction\nx,No\n');
  const other = join(root, 'other.jsonl');
  writeFileSync(other, `${JSON.stringify({ id: 'translation-9xyz-000', prediction: 'move x 1' })}\n`);
  const good = join(root, 'good.jsonl');
  writeFileSync(good, questions.map((q) => JSON.stringify({ id: q.id, prediction: q.answer })).join('\n') + '\n');
  const r = await cli(['compare', data, '--with-images', good, '--without-images', bad, '--no-audit']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /bad\.csv is not JSON lines: line 1 is not JSON \(a CSV or TSV table\?\)/);
  assert.equal(r.stdout, '');
  const o = await cli(['compare', data, '--with-images', good, '--without-images', other, '--no-audit']);
  assert.equal(o.status, 1);
  assert.match(o.stderr, /none of the 1 prediction ids in .*other\.jsonl names a question of the test split/);
});
