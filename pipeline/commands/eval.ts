// `misi-gen eval <dataset> --endpoint URL --model NAME [options]`: asks a model served over
// the OpenAI-compatible chat-completions protocol every question of a split (or writes a
// baseline's guesses with `--baseline`), keeps the raw replies as the predictions file
// `score` reads, a run header beside it, and prints the score table of `misi-gen score`.
// stderr: progress, retries, unanswered questions. Exit 1 when the run could not go on.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ArgumentsCamelCase, Argv } from 'yargs';
import { readPredictionLines } from '../../qa/scoring/prediction-lines.ts';
import { TEST } from '../../qa/split-names.ts';
import { readQaSplit } from '../dataset/read-dataset.ts';
import { type CommandIo, defineCommand, type InferredArgs } from '../define-command.ts';
import { BASELINES, baselinePredictions } from '../eval/baselines.ts';
import { redact } from '../eval/chat-client.ts';
import { besidePredictions, defaultPredictionsPath, overwriteProblem, writePredictions, writeRunHeader } from '../eval/eval-output.ts';
import { EVAL_SPLITS, type EvalSplit, selectQuestions } from '../eval/eval-questions.ts';
import { DEFAULTS } from '../eval/eval-settings.ts';
import { IMAGE_MODES, type ImageMode, NO_IMAGES_SETTING, withoutImages } from '../eval/image-mode.ts';
import { ReplyCache } from '../eval/reply-cache.ts';
import { askQuestions } from '../eval/run-eval.ts';
import { CommandFailure } from '../exit-codes.ts';
import { paperTable } from '../score-paper-table.ts';
import { scoreRecords } from '../score-predictions.ts';
import { atomNameRuleOf, atomNamesOption, scoreJson, scoreTable, TABLES, tableOption } from '../score-table.ts';

const EXAMPLE = `Example, with a local vLLM server:
  vllm serve Qwen/Qwen2.5-VL-7B-Instruct --port 8000 --limit-mm-per-prompt '{"image": 12}'
  misi-gen eval out --endpoint http://localhost:8000/v1 \\
    --model Qwen/Qwen2.5-VL-7B-Instruct --split tiny
  (predictions: out/eval/Qwen_Qwen2.5-VL-7B-Instruct.tiny.jsonl)
A hosted API reads its key from the variable --api-key-env names (default OPENAI_API_KEY).
Floors without a model: misi-gen eval out --baseline random (out/eval/baseline-random.test.jsonl)`;

/** eval's flags, declared once: the handler's and the helpers' argument type. */
const evalOptions = (y: Argv) =>
  y
    .positional('dataset', { type: 'string', demandOption: true, describe: 'output folder of generate' })
    .option('endpoint', {
      type: 'string',
      describe: 'API base of the server, e.g. http://localhost:8000/v1 (or the full .../chat/completions URL)',
    })
    .option('model', { type: 'string', describe: 'model name the server serves (sent as "model")' })
    .option('baseline', {
      choices: BASELINES,
      describe: "no model: random (seeded guesses from each task's answer space) or majority (most frequent train answer per task)",
    })
    .option('split', { choices: EVAL_SPLITS, default: TEST as EvalSplit, describe: 'which questions to ask' })
    .option('tasks', { type: 'string', describe: 'comma-separated task ids (default: every task of the dataset)' })
    .option('out', {
      type: 'string',
      defaultDescription: '<dataset>/eval/<model or baseline-NAME>.<split>.jsonl',
      describe: 'predictions file; <name>.meta.json and <name>.cache.jsonl go beside it',
    })
    .option('force', {
      type: 'boolean',
      default: false,
      describe: 'replace predictions another run (other model, baseline, split, tasks or settings) wrote there',
    })
    .option('temperature', { type: 'number', default: DEFAULTS.temperature, describe: 'sampling temperature' })
    .option('max-tokens', { type: 'number', default: DEFAULTS.maxTokens, describe: 'most tokens per reply (max_tokens)' })
    .option('system-prompt', { type: 'string', describe: 'a system message sent before every question (default: none)' })
    .option('seed', { type: 'number', describe: "sent as the request's seed (default: not sent); seeds the random baseline (default 0)" })
    .option('image-urls', {
      type: 'string',
      describe: 'send images as <prefix>/<path in the dataset> (http:// or file://) instead of data URLs',
    })
    .option('images', {
      choices: IMAGE_MODES,
      default: IMAGE_MODES[0] as ImageMode,
      describe:
        "all: each question with its images; none: the same questions as text alone (a model's score without looking; `compare` puts the two side by side: MG = with - without)",
    })
    .option('stream', { type: 'boolean', default: false, describe: 'ask for streamed replies (server-sent events)' })
    .option('concurrency', { type: 'number', default: DEFAULTS.concurrency, describe: 'requests in flight at once' })
    .option('timeout', { type: 'number', default: DEFAULTS.timeoutSeconds, describe: 'seconds one request may take before it is retried' })
    .option('retries', {
      type: 'number',
      default: DEFAULTS.retries,
      describe: 'further attempts after a 429, 5xx, timeout, dropped connection or malformed reply',
    })
    .option('backoff', {
      type: 'number',
      default: DEFAULTS.backoffSeconds,
      describe: 'first wait between attempts, seconds (doubled each time, jittered, at least Retry-After)',
    })
    .option('api-key-env', {
      type: 'string',
      default: DEFAULTS.apiKeyEnv,
      describe: 'environment variable holding the API key (sent as a Bearer token; never written anywhere)',
    })
    .option('atom-names', atomNamesOption)
    .option('json', { type: 'boolean', default: false, describe: 'print the scores as JSON instead of the table' })
    .option('table', tableOption)
    .check((a) => {
      if (a.baseline === undefined && (!a.endpoint || !a.model))
        throw new Error('eval needs --endpoint and --model (or --baseline random|majority)');
      if (a.endpoint !== undefined && !/^https?:\/\/[^/]/.test(String(a.endpoint)))
        throw new Error(`--endpoint must be an http:// or https:// URL, e.g. http://localhost:8000/v1 (got '${a.endpoint}')`);
      if (!(a.concurrency >= 1) || !(a.timeout > 0) || !(a.retries >= 0) || !(a.backoff >= 0))
        throw new Error('--concurrency must be >= 1, --timeout > 0, --retries and --backoff >= 0');
      return true;
    })
    .epilogue(EXAMPLE);

type EvalArgs = ArgumentsCamelCase<InferredArgs<typeof evalOptions>>;

export const evalCommand = defineCommand({
  builder: evalOptions,
  handler: async (args, io) => {
    // A dataset that cannot be read, or without the split or tasks asked for: exit 1 (pipeline/exit-codes.ts).
    const sel = await selectQuestions(
      args.dataset,
      args.split,
      args.tasks
        ?.split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    );
    const log = (line: string) => io.stderr.write(line + '\n');
    const source = args.baseline ? { baseline: args.baseline } : { model: args.model! };
    args.out ??= defaultPredictionsPath(args.dataset, args.split, source, args.images);
    const problem = await overwriteProblem(args.out, { split: args.split, tasks: sel.tasks, source, settings: settingsOf(args) });
    if (problem && !args.force) throw new CommandFailure(`${problem}; give another --out, or --force to replace it`);
    if (problem) log(`eval: --force: replacing ${args.out}`);
    await mkdir(dirname(args.out), { recursive: true });
    const header = { dataset: args.dataset, split: args.split, tasks: sel.tasks, questions: sel.questions.length };
    let fatal: string | undefined;
    if (args.baseline) {
      const seed = args.seed ?? 0;
      const { guesses, warnings } = baselinePredictions(args.baseline, sel.questions, (t) => sel.dataset.records.get(t)!.train, seed);
      for (const w of warnings) log(`eval: ${w}`);
      const replyOf = (q: { id: string }) => (guesses.has(q.id) ? { prediction: guesses.get(q.id)! } : undefined);
      const answered = await writePredictions(args.out, sel.questions, replyOf);
      await writeRunHeader(
        args.out,
        { ...header, source: { baseline: args.baseline }, settings: settingsOf(args), answered },
        sel.questions.map(replyOf),
      );
      log(`eval: baseline ${args.baseline}: ${answered} of ${sel.questions.length} questions answered -> ${args.out}`);
    } else {
      const apiKey = process.env[args.apiKeyEnv] || undefined;
      const g = {
        model: args.model!,
        temperature: args.temperature,
        maxTokens: args.maxTokens,
        systemPrompt: args.systemPrompt,
        seed: args.seed,
      };
      const cache = new ReplyCache(besidePredictions(args.out!, 'cache.jsonl'));
      if (cache.badLines.length)
        log(`eval: ${cache.path}: ${cache.badLines.length} unreadable lines skipped (first: line ${cache.badLines[0]})`);
      const images = { datasetDir: args.dataset, urlPrefix: args.imageUrls, sha256: sel.sha256 };
      const transport = {
        endpoint: args.endpoint!,
        stream: args.stream,
        concurrency: args.concurrency,
        timeoutMs: args.timeout * 1000,
        retries: args.retries,
        backoffMs: args.backoff * 1000,
        apiKey,
      };
      // --images none: the same questions, their images left out of every request.
      const asked = args.images === 'none' ? sel.questions.map(withoutImages) : sel.questions;
      const run = await askQuestions(asked, g, transport, images, cache, log);
      fatal = run.fatal;
      const replies = new Map(sel.questions.map((q) => [q.id, cache.get(g.model, q.id, run.keys.get(q.id)!)]));
      const answered = await writePredictions(args.out, sel.questions, (q) => replies.get(q.id));
      await writeRunHeader(
        args.out,
        {
          ...header,
          answered,
          source: { endpoint: chatEndpointForHeader(args.endpoint!, apiKey), model: g.model, apiKeyEnv: args.apiKeyEnv },
          settings: settingsOf(args),
        },
        [...replies.values()],
      );
      log(
        `eval: ${answered} of ${sel.questions.length} questions answered (${run.cached} from the cache, ${run.answeredNow} now, ${run.unanswered.length} unanswered, ${run.retried} retries) -> ${args.out}`,
      );
    }
    if (fatal)
      throw new CommandFailure(
        `${fatal}\nThe replies received so far are kept in ${besidePredictions(args.out, 'cache.jsonl')}; run the same command again to resume.`,
      );
    await printScores(args, io);
  },
});

/** The settings the run header records (and a later run compares before writing the same file). */
function settingsOf(args: EvalArgs): Record<string, unknown> {
  if (args.baseline) return { seed: args.seed ?? 0 };
  return {
    temperature: args.temperature,
    maxTokens: args.maxTokens,
    systemPrompt: args.systemPrompt ?? null,
    seed: args.seed ?? null,
    images: args.images === 'none' ? NO_IMAGES_SETTING : args.imageUrls === undefined ? 'data URLs' : `URLs under ${args.imageUrls}`,
    stream: args.stream,
  };
}

/** The endpoint as recorded: without user info in the URL, and never the key. */
function chatEndpointForHeader(endpoint: string, apiKey?: string): string {
  let text = endpoint;
  try {
    const u = new URL(endpoint);
    u.username = '';
    u.password = '';
    text = u.toString();
  } catch {
    /* not a URL: kept as given */
  }
  return redact(text, apiKey);
}

/** The table (or JSON) of `misi-gen score`, over the tasks asked. */
async function printScores(args: EvalArgs, io: CommandIo): Promise<void> {
  const { replies, problems } = readPredictionLines(await readFile(args.out!, 'utf8'));
  const tasks = args.tasks
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  // A dataset that cannot be read: exit 1 (pipeline/exit-codes.ts).
  const records = (await readQaSplit(args.dataset, args.split)).filter((r) => !tasks?.length || tasks.includes(r.task));
  const { score, paper } = scoreRecords(args.dataset, records, replies, atomNameRuleOf(args.atomNames));
  const run = { dataset: args.dataset, predictions: args.out!, split: args.split, score, paper, problems };
  io.stdout.write(
    args.json ? JSON.stringify(scoreJson(run), null, 2) + '\n' : args.table === TABLES.paper ? paperTable([run]) : scoreTable(run),
  );
}
