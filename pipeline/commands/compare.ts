// `misi-gen compare <dataset> --with-images V.jsonl --without-images WV.jsonl [--text-only
// T.jsonl] [--people P1.jsonl ...] [--split] [--atom-names] [--json] [--chart out.png]
// [--no-audit]`: what a model gets from the images, per task, beside chance, the audit's best
// blind baseline and people (pipeline/compare/compare-rows.ts). stdout: the table with its
// definitions, or JSON; stderr: the chart's path. Exit 1 when a file or the dataset cannot be
// read, or a predictions file holds no prediction of the split.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { TEST } from '../../qa/split-names.ts';
import { type AuditReport, auditDataset } from '../audit/audit-dataset.ts';
import { writeCompareChart } from '../compare/compare-chart.ts';
import { type CompareRuns, compareRows } from '../compare/compare-rows.ts';
import { compareJson, compareTable } from '../compare/compare-table.ts';
import { readQaSplit } from '../dataset/read-dataset.ts';
import { defineCommand } from '../define-command.ts';
import { EVAL_SPLITS, type EvalSplit } from '../eval/eval-questions.ts';
import { CommandFailure } from '../exit-codes.ts';
import { readPredictionsFile, scoreRecords } from '../score-predictions.ts';
import { atomNameRuleOf, atomNamesOption, type ScoreRun } from '../score-table.ts';

export const compareCommand = defineCommand({
  builder: (y) =>
    y
      .positional('dataset', { type: 'string', demandOption: true, describe: 'a dataset folder (holds qa/<task>.<split>.jsonl)' })
      .option('with-images', {
        type: 'string',
        demandOption: true,
        describe: "a model's predictions with the images (eval): S_v",
      })
      .option('without-images', {
        type: 'string',
        demandOption: true,
        describe: 'the same model on the same questions without them (eval --images none): S_wv; MG = S_v - S_wv',
      })
      .option('text-only', {
        type: 'string',
        describe: "a text-only model's predictions (the vision model's language base, eval --images none): S_t; ML = max(0, S_wv - S_t)",
      })
      .option('people', {
        type: 'string',
        array: true,
        describe: "people's predictions (misi-gen human), one file each: their mean and spread",
      })
      .option('answered-only', {
        type: 'boolean',
        default: false,
        describe: "score each people's file on the questions it answers (a human session asks a sample)",
      })
      .option('split', { choices: EVAL_SPLITS, default: TEST as EvalSplit, describe: 'which questions to score against' })
      .option('atom-names', atomNamesOption)
      .option('audit', {
        type: 'boolean',
        default: true,
        describe: 'run the shortcut audit for chance and the best blind baseline per task (--no-audit: leave them out)',
      })
      .option('json', { type: 'boolean', default: false, describe: 'print the numbers as JSON instead of the table' })
      .option('chart', {
        type: 'string',
        describe: 'also draw the comparison as a bar chart PNG here (needs Chromium: misi-gen setup-browser)',
      }),
  handler: async (args, io) => {
    // A dataset that cannot be read: exit 1 (pipeline/exit-codes.ts).
    const records = await readQaSplit(args.dataset, args.split);
    const rule = atomNameRuleOf(args.atomNames);
    const scored = async (file: string, answeredOnly = false): Promise<ScoreRun> => {
      // A file that cannot be read or holds no prediction: exit 1.
      const { replies, problems } = await readPredictionsFile(file);
      if (problems.length) io.stderr.write(`compare: ${file}: ${problems.length} lines skipped (misi-gen score lists them)\n`);
      const asked = answeredOnly ? records.filter((r) => replies.has(r.id)) : records;
      const { score, paper } = scoreRecords(args.dataset, asked, replies, rule);
      if (score.unknownIds.length === replies.size)
        throw new CommandFailure(
          `none of the ${replies.size} prediction ids in ${file} names a question of the ${args.split} split of ${args.dataset} (misi-gen score ${args.dataset} ${file} shows the ids beside the dataset's)`,
        );
      if (score.missing)
        io.stderr.write(`compare: ${file}: ${score.missing} of ${score.questions} questions have no prediction (each scores 0)\n`);
      return { dataset: args.dataset, predictions: file, split: args.split, score, paper, problems };
    };
    const runs: CompareRuns = {
      withImages: await scored(args.withImages),
      withoutImages: await scored(args.withoutImages),
      ...(args.textOnly !== undefined ? { textOnly: await scored(args.textOnly) } : {}),
      people: [],
    };
    for (const p of args.people ?? []) runs.people.push(await scored(String(p), args.answeredOnly));
    // An audit that cannot run leaves chance and the blind baselines out, not the comparison.
    let audit: AuditReport | null = null;
    if (args.audit) {
      try {
        audit = auditDataset(args.dataset);
      } catch (e) {
        io.stderr.write(`compare: no audit, so no chance or blind baselines: ${(e as Error).message.split('\n')[0]}\n`);
      }
    }
    const rows = compareRows(runs, audit);
    io.stdout.write(args.json ? JSON.stringify(compareJson(runs, rows), null, 2) + '\n' : compareTable(runs, rows));
    if (args.chart !== undefined) {
      mkdirSync(dirname(args.chart), { recursive: true });
      // No browser: exit 1 with how to get one (pipeline/exit-code-of.ts).
      await writeCompareChart(args.chart, runs, rows);
      io.stderr.write(`compare: chart ${args.chart}\n`);
    }
  },
});
