// `misi-gen eval` against a chat-completions server on 127.0.0.1 (fake-chat-server.ts), on
// a dataset generated from the bundled sample: every request's shape is checked by the
// server; 429 with Retry-After, 500, a reply slower than the timeout, malformed JSON and a
// dropped connection are injected, and the run still ends with every question answered
// once; plain and streamed replies give the same predictions; a run killed mid-way resumes
// sending only what is missing and ends with the same file; 401, 404 and an unreachable
// endpoint stop the run with a message naming which; the API key reaches no file or output;
// the dataset's tasks draw at two sizes (translation 512 px, the two whole-pocket tasks
// 1024 px) and each image reaches the server at its own size.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { REPO } from '../shared-structures.ts';
import {
  type Behaviour,
  type FakeServer,
  pngSize,
  type Question,
  questionsOf,
  type ServerOptions,
  startServer,
} from './fake-chat-server.ts';

const noBrowser = findBrowser() === null ? 'no Chromium on this machine' : false;
const BIN = join(REPO, 'test/source-cli.mjs'); // the CLI from the source, never a stale dist/
const root = mkdtempSync(join(tmpdir(), 'misi-eval-'));
const data = join(root, 'data');
const TASKS = ['translation', 'interaction_location', 'pocket_ligand'];
const MODEL = 'test-vlm';
const KEY = 'sk-test-0123456789-secret';
const SERVER: ServerOptions = {
  model: MODEL,
  expect: { temperature: 0, max_tokens: 64, seed: 7, system: 'Answer briefly.' },
  slowMs: 11000,
};
// A reply timeout of 10 s (the 'slow' reply comes after 11 s): 5 s was too short for a good
// reply on a loaded machine (npm test runs two files at a time; seen at load 20), and a
// timed-out good reply is one attempt more than the counts below expect.
const SETTINGS = [
  '--model',
  MODEL,
  '--max-tokens',
  '64',
  '--seed',
  '7',
  '--system-prompt',
  'Answer briefly.',
  '--backoff',
  '0.05',
  '--timeout',
  '10',
];
let questions: Question[] = [];
const open: { close: () => Promise<void> }[] = [];
/** A server closed when the file's tests end, even when an assertion failed first. */
const serve = async (o: ServerOptions): Promise<FakeServer> => {
  const s = await startServer(data, questions, o);
  open.push(s);
  return s;
};

before(async () => {
  if (noBrowser) return;
  const r = await inProcess(['generate', '--out', data, '--tasks', TASKS.join(','), '--test-share', '0.5', '--workers', '1']);
  assert.equal(r.status, 0, r.stderr);
  questions = TASKS.flatMap((t) => questionsOf(data, readFileSync(join(data, 'qa', `${t}.test.jsonl`), 'utf8').split('\n')));
});
after(async () => {
  for (const s of open) await s.close();
  rmSync(root, { recursive: true, force: true });
});

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

function evalRun(args: string[], opts: { killWhen?: () => boolean } = {}): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'eval', data, ...args], { env: { ...process.env, MISI_TEST_KEY: KEY } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = opts.killWhen
      ? setInterval(() => {
          if (opts.killWhen!()) child.kill('SIGKILL');
        }, 5)
      : undefined;
    child.on('close', (status) => {
      clearInterval(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

const predLines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const sortedIds = () => questions.map((q) => q.id).sort();

/** No file under the run's folder, and neither output stream, holds the key. */
function assertNoKey(dir: string, ran: Ran) {
  assert.ok(!ran.stdout.includes(KEY) && !ran.stderr.includes(KEY), 'the key was printed');
  for (const f of readdirSync(dir)) assert.ok(!readFileSync(join(dir, f), 'utf8').includes(KEY), `the key is in ${f}`);
}

// Each fault once on the first attempt of a different question (and a 429 twice in a row on one).
const FAULTS: Behaviour[] = ['429', '500', 'slow', 'malformed', 'drop'];
const faultPlan = (id: string, attempt: number): Behaviour => {
  const i = sortedIds().indexOf(id);
  if (i === FAULTS.length && attempt <= 2) return '429';
  return attempt === 1 && i < FAULTS.length ? FAULTS[i] : 'ok';
};

test('every fault injected, every question answered once; request shape checked; settings in the run header; no key anywhere', {
  skip: noBrowser,
}, async () => {
  const server = await serve({ ...SERVER, plan: faultPlan });
  const dir = join(root, 'plain');
  const out = join(dir, 'preds.jsonl');
  const ran = await evalRun([
    '--endpoint',
    server.url,
    ...SETTINGS,
    '--tasks',
    TASKS.join(','),
    '--concurrency',
    '3',
    '--api-key-env',
    'MISI_TEST_KEY',
    '--out',
    out,
    '--json',
  ]);
  await server.close();
  assert.equal(ran.status, 0, ran.stderr);
  assert.deepEqual(server.problems, []);
  assert.ok(questions.length >= 8, `${questions.length} questions`);
  assert.deepEqual(
    predLines(out).map((p) => p.id),
    sortedIds(),
    'every question once, sorted by id',
  );
  for (const p of predLines(out)) assert.equal(p.prediction, `The answer is ${questions.find((q) => q.id === p.id)!.answer}`);
  for (const b of FAULTS)
    assert.ok(
      server.seen.some((s) => s.behaviour === b),
      `${b} was not injected`,
    );
  assert.ok(server.seen.every((s) => s.authorization === `Bearer ${KEY}`));
  // Retry-After: 1 held back the next attempt of that question by at least a second.
  const id429 = sortedIds()[FAULTS.length];
  const times = server.seen.filter((s) => s.id === id429).map((s) => s.at);
  assert.equal(times.length, 3);
  assert.ok(times[1] - times[0] >= 950 && times[2] - times[1] >= 950, `retries after ${times[1] - times[0]} and ${times[2] - times[1]} ms`);
  assert.match(ran.stderr, /HTTP 429 .*attempt 2 of 7/);
  assert.match(ran.stderr, /no reply within 10 s/);
  assert.match(ran.stderr, /not JSON/);
  const score = JSON.parse(ran.stdout);
  assert.equal(score.questions, questions.length);
  for (const t of TASKS) assert.equal(score.tasks[t].composite, 100, t);
  assert.equal(score.atomNames.headline, 'equivalent');
  assert.deepEqual(score.tasks.pocket_ligand.byAtomNames, {
    equivalent: { composite: 100, exact: 100 },
    asWritten: { composite: 100, exact: 100 },
  });
  const meta = JSON.parse(readFileSync(join(dir, 'preds.meta.json'), 'utf8'));
  assert.equal(meta.model, MODEL);
  assert.deepEqual(meta.servedModels, [`${MODEL}-served`]);
  assert.equal(meta.apiKeyEnv, 'MISI_TEST_KEY');
  assert.deepEqual(meta.settings, {
    temperature: 0,
    maxTokens: 64,
    systemPrompt: 'Answer briefly.',
    seed: 7,
    images: 'data URLs',
    stream: false,
  });
  assert.deepEqual([meta.questions, meta.answered, meta.unanswered], [questions.length, questions.length, 0]);
  assert.deepEqual(meta.usage, {
    replies: questions.length,
    promptTokens: 1000 * questions.length,
    completionTokens: 7 * questions.length,
  });
  assertNoKey(dir, ran);
});

test('mixed image sizes: each image reaches the server as the dataset holds it, 512 and 1024 px in one run', {
  skip: noBrowser,
}, async () => {
  const server = await serve(SERVER);
  const ran = await evalRun(['--endpoint', server.url, ...SETTINGS, '--concurrency', '2', '--out', join(root, 'sizes', 'preds.jsonl')]);
  await server.close();
  assert.equal(ran.status, 0, ran.stderr);
  assert.deepEqual(server.problems, [], "a request did not carry the dataset's bytes");
  assert.deepEqual(server.seen.map((s) => s.id).sort(), sortedIds());
  const onDisk = (path: string) => pngSize(readFileSync(join(data, path)));
  for (const s of server.seen) {
    const q = questions.find((x) => x.id === s.id)!;
    assert.deepEqual(s.sizes, q.images.map(onDisk), `${s.id}: sizes as sent`);
  }
  // Each task's images at the size the manifest gives it, and two sizes in the run.
  const sizes: Record<string, number> = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8')).options.imageSizes;
  const sent = (task: string) => [...new Set(server.seen.filter((s) => s.id.startsWith(`${task}-`)).flatMap((s) => s.sizes))];
  for (const t of TASKS) assert.deepEqual(sent(t), [`${sizes[t]}x${sizes[t]}`], t);
  assert.deepEqual(new Set(TASKS.map((t) => sizes[t])), new Set([512, 1024]));
});

test('streamed replies give the same predictions file; a rerun sends nothing and writes the same bytes', { skip: noBrowser }, async () => {
  const server = await serve(SERVER);
  const out = join(root, 'stream', 'preds.jsonl');
  const args = ['--endpoint', server.url, ...SETTINGS, '--stream', '--out', out];
  const first = await evalRun(args);
  assert.equal(first.status, 0, first.stderr);
  assert.ok(server.seen.length === questions.length && server.seen.every((s) => s.stream));
  const bytes = readFileSync(out);
  assert.deepEqual(bytes, readFileSync(join(root, 'plain', 'preds.jsonl')));
  const again = await evalRun(args);
  await server.close();
  assert.equal(again.status, 0, again.stderr);
  assert.equal(server.seen.length, questions.length, 'the rerun sent requests');
  assert.match(again.stderr, new RegExp(`${questions.length} of ${questions.length} questions already answered`));
  assert.deepEqual(readFileSync(out), bytes);
  assert.match(again.stdout, /^pocket_ligand .* 100\.0  100\.0$/m);
});

test('killed mid-way and resumed: only the missing questions are sent; same file as an uninterrupted run; more tasks send only theirs', {
  skip: noBrowser,
}, async () => {
  const server = await serve({ ...SERVER, delayMs: 150 });
  const dir = join(root, 'resume');
  const out = join(dir, 'preds.jsonl');
  const cache = join(dir, 'preds.cache.jsonl');
  const args = ['--endpoint', server.url, ...SETTINGS, '--concurrency', '2', '--out', out];
  // First only one task, then all: the second run asks only the other tasks' questions.
  const one = await evalRun([...args, '--tasks', 'translation']);
  assert.equal(one.status, 0, one.stderr);
  const translation = questions.filter((q) => q.id.startsWith('translation')).length;
  assert.equal(server.seen.length, translation);
  const half = Math.floor((questions.length + translation) / 2);
  const killed = await evalRun(args, { killWhen: () => server.replied.size >= half });
  assert.equal(killed.status, null, 'the run was not killed');
  const cachedIds = new Set(
    readFileSync(cache, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).id),
  );
  assert.ok(cachedIds.size < questions.length, 'the run finished before the kill');
  const before = server.seen.length;
  const resumed = await evalRun(args);
  await server.close();
  assert.equal(resumed.status, 0, resumed.stderr);
  const sentNow = server.seen
    .slice(before)
    .map((s) => s.id)
    .sort();
  assert.deepEqual(
    sentNow,
    sortedIds().filter((id) => !cachedIds.has(id)),
    'the resumed run sent other than the missing questions',
  );
  assert.deepEqual(readFileSync(out), readFileSync(join(root, 'plain', 'preds.jsonl')));
});

test('a question whose replies stay malformed or empty is unanswered, logged and scored missing', { skip: noBrowser }, async () => {
  const [broken, empty] = sortedIds();
  const server = await serve({ ...SERVER, plan: (id) => (id === broken ? 'malformed' : id === empty ? 'empty' : 'ok') });
  const out = join(root, 'broken', 'preds.jsonl');
  const ran = await evalRun(['--endpoint', server.url, ...SETTINGS, '--retries', '2', '--out', out, '--json']);
  await server.close();
  assert.equal(ran.status, 0, ran.stderr);
  assert.equal(server.seen.filter((s) => s.id === broken).length, 3);
  assert.equal(server.seen.filter((s) => s.id === empty).length, 1);
  assert.match(ran.stderr, new RegExp(`${broken}: unanswered: the reply is not JSON.*after 3 attempts`));
  assert.match(ran.stderr, new RegExp(`${empty}: unanswered: the reply has no text`));
  assert.deepEqual(
    predLines(out).map((p) => p.id),
    sortedIds().slice(2),
  );
  assert.equal(JSON.parse(ran.stdout).missing, 2);
});

test('401 (key echoed back), 404 and an unreachable endpoint stop the run, naming which; the key is never shown', {
  skip: noBrowser,
}, async () => {
  for (const [behaviour, pattern] of [
    ['401', /answered 401 Unauthorized/],
    ['404', /answered 404 Not Found: check the endpoint/],
  ] as const) {
    const server = await serve({ ...SERVER, plan: () => behaviour, echo: KEY });
    const dir = join(root, `fatal-${behaviour}`);
    const ran = await evalRun(['--endpoint', server.url, ...SETTINGS, '--api-key-env', 'MISI_TEST_KEY', '--out', join(dir, 'preds.jsonl')]);
    await server.close();
    assert.equal(ran.status, 1, behaviour);
    assert.match(ran.stderr, pattern);
    assert.ok(server.seen.length <= 4, `${server.seen.length} requests after a ${behaviour}`);
    assert.doesNotMatch(ran.stderr, /at .*\.ts:\d+/);
    assertNoKey(dir, ran);
  }
  const server = await serve(SERVER);
  const url = server.url;
  await server.close(); // nothing listens there now
  const ran = await evalRun(['--endpoint', url, ...SETTINGS, '--out', join(root, 'unreachable', 'preds.jsonl')]);
  assert.equal(ran.status, 1);
  assert.match(ran.stderr, /cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: ECONNREFUSED/);
});

test('baselines: random is seeded (same seed, same bytes), majority is the most frequent train answer per task', {
  skip: noBrowser,
}, async () => {
  const a = join(root, 'base', 'random-a.jsonl');
  const b = join(root, 'base', 'random-b.jsonl');
  for (const out of [a, b]) assert.equal((await evalRun(['--baseline', 'random', '--seed', '3', '--out', out])).status, 0);
  assert.deepEqual(readFileSync(a), readFileSync(b));
  assert.deepEqual(
    predLines(a).map((p) => p.id),
    sortedIds(),
  );
  const other = join(root, 'base', 'random-c.jsonl');
  await evalRun(['--baseline', 'random', '--seed', '4', '--out', other]);
  assert.notDeepEqual(readFileSync(a), readFileSync(other));
  const letters = predLines(a).filter((p) => p.id.startsWith('interaction_location'));
  assert.ok(letters.every((p) => /^[A-D]$/.test(p.prediction)));
  const maj = join(root, 'base', 'majority.jsonl');
  const ran = await evalRun(['--baseline', 'majority', '--out', maj]);
  assert.equal(ran.status, 0, ran.stderr);
  assert.match(ran.stdout, /^average \(paper, 3 columns\) /m);
  // the table of `score`: both atom-name rules, the headline named
  assert.match(ran.stdout, /^H-bond answers: residue atom names no image can tell apart count as one \(--atom-names equivalent\)$/m);
  assert.match(ran.stdout, /^By the other rule, residue atom names as written, the paper's rule/m);
  assert.match(ran.stdout, /^pocket_ligand +\d+\.\d +\d+\.\d$/m);
  for (const t of TASKS) {
    const train = readFileSync(join(data, 'qa', `${t}.train.jsonl`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).answer as string);
    const counts = new Map<string, number>();
    for (const x of train) counts.set(x, (counts.get(x) ?? 0) + 1);
    const top = Math.max(...counts.values());
    const want = [...counts]
      .filter(([, n]) => n === top)
      .map(([x]) => x)
      .sort()[0];
    for (const p of predLines(maj).filter((p) => p.id.startsWith(`${t}-`))) assert.equal(p.prediction, want, t);
  }
  assert.equal(JSON.parse(readFileSync(join(root, 'base', 'majority.meta.json'), 'utf8')).baseline, 'majority');
});

test('--help shows an example with a local vLLM server; a missing --model is a usage error', async () => {
  const help = await inProcess(['eval', '--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /vllm serve .* --port 8000/);
  assert.match(help.stdout, /misi-gen eval out --endpoint http:\/\/localhost:8000\/v1/);
  const bad = await inProcess(['eval', 'out', '--endpoint', 'http://localhost:8000/v1']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /needs --endpoint and --model/);
  const noScheme = await inProcess(['eval', 'out', '--endpoint', 'localhost:8000/v1', '--model', 'm']);
  assert.equal(noScheme.status, 2);
  assert.match(noScheme.stderr, /--endpoint must be an http:\/\/ or https:\/\/ URL/);
  assert.ok(!existsSync(join(REPO, 'preds.jsonl')));
});
