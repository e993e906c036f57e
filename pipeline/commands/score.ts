// `misi-gen score <dataset-dir> <predictions.jsonl> [--split test|tiny|val] [--atom-names
// equivalent|as-written] [--json]`: scores a model's replies against a dataset's answers
// (metrics of dataset-spec.md, "Scoring"; both atom-name rules, docs/scoring.md).
// stdout: the table with its definitions, or with --json the same numbers as JSON. stderr:
// prediction lines that were skipped, ids that name no question, the count of missing ones.
import { readFile } from 'node:fs/promises';
import type { CommandModule } from 'yargs';
import { readPredictionLines } from '../../qa/scoring/prediction-lines.ts';
import { DatasetRecordError, scoreSplit } from '../../qa/scoring/score-split.ts';
import { DatasetReadError, readQaSplit } from '../dataset/read-dataset.ts';
import { atomNameRuleOf, atomNamesOption, scoreJson, scoreTable } from '../score-table.ts';

interface Args {
  dataset: string;
  predictions: string;
  split: string;
  atomNames: string;
  json: boolean;
}

/** How many skipped lines or unknown ids stderr lists by name before summing up the rest. */
const LIST_AT_MOST = 20;

function fail(message: string): void {
  process.stderr.write(`misi-gen score: ${message}\n`);
  process.exitCode = 1;
}

export const scoreCommand: CommandModule<object, Args> = {
  builder: (y) =>
    y
      .positional('dataset', { type: 'string', demandOption: true, describe: 'a dataset folder (holds qa/<task>.<split>.jsonl)' })
      .positional('predictions', { type: 'string', demandOption: true, describe: 'JSON lines {"id": ..., "prediction": "..."}' })
      .option('split', { choices: ['test', 'tiny', 'val'], default: 'test', describe: 'which questions to score against' })
      .option('atom-names', atomNamesOption)
      .option('json', { type: 'boolean', default: false, describe: 'print the numbers as JSON instead of the table' }) as any,
  handler: async (args) => {
    let predictionText: string;
    try {
      predictionText = await readFile(args.predictions, 'utf8');
    } catch (e) {
      return fail(`${args.predictions}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    let score;
    let questions;
    const { replies, problems } = readPredictionLines(predictionText);
    try {
      questions = await readQaSplit(args.dataset, args.split);
      score = scoreSplit(questions, replies, { atomNames: atomNameRuleOf(args.atomNames) });
    } catch (e) {
      if (e instanceof DatasetReadError) return fail(e.message);
      if (e instanceof DatasetRecordError) return fail(`${args.dataset}/${e.message}`);
      throw e;
    }
    for (const p of problems.slice(0, LIST_AT_MOST)) process.stderr.write(`${args.predictions}:${p.line}: skipped: ${p.problem}\n`);
    if (problems.length > LIST_AT_MOST) process.stderr.write(`${args.predictions}: ${problems.length - LIST_AT_MOST} more lines skipped\n`);
    if (score.unknownIds.length && score.unknownIds.length === replies.size) {
      // Not one prediction is of this dataset's questions: a score of 0 would say nothing.
      return fail(noneMatch(args, score.unknownIds, questions.map((q) => q.id)));
    }
    if (score.unknownIds.length) {
      const n = score.unknownIds.length;
      const shown = score.unknownIds.slice(0, LIST_AT_MOST).join(', ');
      const more = n > LIST_AT_MOST ? `, and ${n - LIST_AT_MOST} more` : '';
      process.stderr.write(`${n === 1 ? '1 prediction id names' : `${n} prediction ids name`} no question of the ${args.split} split and ${n === 1 ? 'is' : 'are'} ignored (${replies.size - n} of ${replies.size} scored): ${shown}${more}\n`);
    }
    if (score.missing) process.stderr.write(`${score.missing} of ${score.questions} questions have no prediction (each scores 0)\n`);
    const run = { dataset: args.dataset, predictions: args.predictions, split: args.split, score, problems };
    process.stdout.write(args.json ? JSON.stringify(scoreJson(run), null, 2) + '\n' : scoreTable(run));
  },
};

/**
 * Not one prediction id names a question of the split: the first ids beside an id of the
 * dataset (of the same task where one names it), so the difference of form shows.
 */
function noneMatch(args: Args, unknown: readonly string[], ids: readonly string[]): string {
  const first = unknown.slice(0, 3);
  const sorted = [...ids].sort();
  const task = sorted.map((id) => id.replace(/-[^-]+-\d+$/, '')).find((t) => first[0].startsWith(t)) ?? '';
  const example = sorted.find((id) => task && id.startsWith(`${task}-`)) ?? sorted[0];
  const shown = first.map((id) => JSON.stringify(id)).join(', ');
  return `none of the ${unknown.length} prediction ids in ${args.predictions} names a question of the ${args.split} split of ${args.dataset} (${shown}${unknown.length > first.length ? ', ...' : ''}); its ids look like ${JSON.stringify(example ?? '(no questions)')} (<task>-<complex>-<index, 3 digits>, the question record's "id"; docs/scoring.md)`;
}
