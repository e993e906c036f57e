// `misi-gen score <dataset-dir> <predictions.jsonl>... [--split test|tiny|val] [--atom-names
// equivalent|as-written] [--json] [--table tasks|paper]`: scores a model's replies against a
// dataset's answers (both atom-name rules, docs/scoring.md), per task and in the paper's
// columns (RL+ and RL- apart) with the paper's 8-column average; --table paper prints the
// row to paste under the paper's (score-paper-table.ts).
// stdout: the table with its definitions, or with --json the same numbers as JSON; given
// several files (people of a human baseline, or runs), the mean over them with its spread
// (score-people.ts; JSON: {files, people}). --answered-only scores each file on the questions
// it answers (a human session's sample). stderr: per file, prediction lines that were
// skipped, ids that name no question, the count of missing ones.
import type { ArgumentsCamelCase, Argv } from 'yargs';
import { TEST } from '../../qa/split-names.ts';
import { readQaSplit } from '../dataset/read-dataset.ts';
import { defineCommand, type InferredArgs } from '../define-command.ts';
import { EVAL_SPLITS, type EvalSplit } from '../eval/eval-questions.ts';
import { CommandFailure } from '../exit-codes.ts';
import { paperTable } from '../score-paper-table.ts';
import { peopleRows, peopleTable } from '../score-people.ts';
import { readPredictionsFile, scoreRecords } from '../score-predictions.ts';
import { atomNameRuleOf, atomNamesOption, type ScoreRun, scoreJson, scoreTable, TABLES, tableOption } from '../score-table.ts';

/** How many skipped lines or unknown ids stderr lists by name before summing up the rest. */
const LIST_AT_MOST = 20;

/** score's flags, declared once: the handler's and `noneMatch`'s argument type. */
const scoreOptions = (y: Argv) =>
  y
    .positional('dataset', { type: 'string', demandOption: true, describe: 'a dataset folder (holds qa/<task>.<split>.jsonl)' })
    .positional('predictions', {
      type: 'string',
      array: true,
      demandOption: true,
      describe: 'JSON lines {"id": ..., "prediction": "..."}; several files: the mean over them with its spread',
    })
    .option('split', { choices: EVAL_SPLITS, default: TEST as EvalSplit, describe: 'which questions to score against' })
    .option('atom-names', atomNamesOption)
    .option('json', { type: 'boolean', default: false, describe: 'print the numbers as JSON instead of the table' })
    .option('table', tableOption)
    .option('answered-only', {
      type: 'boolean',
      default: false,
      describe:
        'score only the questions a file answers (a human session asks a sample of the split); the rest are left out, not counted as 0',
    });

type ScoreArgs = ArgumentsCamelCase<InferredArgs<typeof scoreOptions>>;

export const scoreCommand = defineCommand({
  builder: scoreOptions,
  handler: async (args, io) => {
    const files = ([] as string[]).concat(args.predictions).map(String);
    // A dataset that cannot be read: exit 1 (pipeline/exit-codes.ts).
    const records = await readQaSplit(args.dataset, args.split);
    const runs: ScoreRun[] = [];
    for (const file of files) {
      // A file that cannot be read, or of another form than {"id", "prediction"} lines: exit 1.
      const { replies, problems } = await readPredictionsFile(file);
      const asked = args.answeredOnly ? records.filter((r) => replies.has(r.id)) : records;
      if (args.answeredOnly)
        io.stderr.write(
          `${file}: --answered-only: ${records.length - asked.length} of ${records.length} questions of the ${args.split} split have no prediction and are left out\n`,
        );
      const { score, paper } = scoreRecords(args.dataset, asked, replies, atomNameRuleOf(args.atomNames));
      for (const p of problems.slice(0, LIST_AT_MOST)) io.stderr.write(`${file}:${p.line}: skipped: ${p.problem}\n`);
      if (problems.length > LIST_AT_MOST) io.stderr.write(`${file}: ${problems.length - LIST_AT_MOST} more lines skipped\n`);
      const whose = files.length > 1 ? `${file}: ` : '';
      if (score.unknownIds.length && score.unknownIds.length === replies.size) {
        // Not one prediction is of this dataset's questions: a score of 0 would say nothing.
        throw new CommandFailure(
          noneMatch(
            args,
            file,
            score.unknownIds,
            records.map((q) => q.id),
          ),
        );
      }
      if (score.unknownIds.length) {
        const n = score.unknownIds.length;
        const shown = score.unknownIds.slice(0, LIST_AT_MOST).join(', ');
        const more = n > LIST_AT_MOST ? `, and ${n - LIST_AT_MOST} more` : '';
        io.stderr.write(
          `${whose}${n === 1 ? '1 prediction id names' : `${n} prediction ids name`} no question of the ${args.split} split and ${n === 1 ? 'is' : 'are'} ignored (${replies.size - n} of ${replies.size} scored): ${shown}${more}\n`,
        );
      }
      if (score.missing) io.stderr.write(`${whose}${score.missing} of ${score.questions} questions have no prediction (each scores 0)\n`);
      runs.push({ dataset: args.dataset, predictions: file, split: args.split, score, paper, problems });
    }
    if (args.table === TABLES.paper && !args.json) {
      io.stdout.write(paperTable(runs));
      return;
    }
    if (runs.length === 1) {
      io.stdout.write(args.json ? JSON.stringify(scoreJson(runs[0]), null, 2) + '\n' : scoreTable(runs[0]));
      return;
    }
    io.stdout.write(
      args.json ? JSON.stringify({ files: runs.map(scoreJson), people: peopleRows(runs) }, null, 2) + '\n' : peopleTable(runs),
    );
  },
});

/**
 * Not one prediction id names a question of the split: the first ids beside an id of the
 * dataset (of the same task where one names it), so the difference of form shows.
 */
function noneMatch(args: ScoreArgs, file: string, unknown: readonly string[], ids: readonly string[]): string {
  const first = unknown.slice(0, 3);
  const sorted = [...ids].sort();
  const task = sorted.map((id) => id.replace(/-[^-]+-\d+$/, '')).find((t) => first[0].startsWith(t)) ?? '';
  const example = sorted.find((id) => task && id.startsWith(`${task}-`)) ?? sorted[0];
  const shown = first.map((id) => JSON.stringify(id)).join(', ');
  return `none of the ${unknown.length} prediction ids in ${file} names a question of the ${args.split} split of ${args.dataset} (${shown}${unknown.length > first.length ? ', ...' : ''}); its ids look like ${JSON.stringify(example ?? '(no questions)')} (<task>-<complex>-<index, 3 digits>, the question record's "id"; docs/scoring.md)`;
}
