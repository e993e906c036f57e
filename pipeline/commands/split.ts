// `misi-gen split [paths...] [--structures <paths>] --by complex|scaffold|protein --out <dir>
// [--seed N] [--test-share F] [--cluster-threshold T] [--max-excluded F] [--buffer none|val] [--allow-short]
// [--limit N] [--verbose]`: the split `generate` would make with the same options, written
// as <dir>/split.json without generating anything. stdout: the path of split.json; the
// summary, notes, (protein) the audit, nearest-identity histogram and largest groups on
// stderr; the engine's internals only with --verbose. Exit 1 when the split by protein is
// short of its aim (unless --allow-short).

import { readFile } from 'node:fs/promises';
import type { Argv } from 'yargs';
import { EXCLUDED } from '../../qa/split-names.ts';
import { fileErrorText } from '../../structures/file-error.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { datasetPaths } from '../dataset/layout.ts';
import { type CommandIo, defineCommand, type InferredArgs } from '../define-command.ts';
import { CommandFailure, EXIT, type ExitCode } from '../exit-codes.ts';
import { errorLog } from '../generate/errors-log.ts';
import { DEFAULT_SEED } from '../generate/seeds.ts';
import { DEFAULT_TEST_SHARE, splitFromGrouping } from '../generate/split.ts';
import { writeJsonFile } from '../generate/write-text.ts';
import { ingestOptions, ingestOptionsFrom } from '../ingest-options.ts';
import { checkInputPaths, structurePathFlags, structurePaths } from '../input-paths.ts';
import { checkOutForSplit, checkSplitFileForSplit } from '../out-folder.ts';
import { ingestEachInThreads } from '../read-pool/read-in-threads.ts';
import { readThreadsOption } from '../read-pool/read-threads-option.ts';
import { siblingModule } from '../read-pool/worker-pool.ts';
import { applyStrict, rejectSummary, strictOption } from '../reject-summary.ts';
import { type GroupSummary, groupSummaries } from '../split/group-complexes.ts';
import { describeSplit, splitOptions, thresholdFraction } from '../split/split-args.ts';
import { parseSplitList, splitFileFromList } from '../split/split-from-file.ts';
import { achievedLine, largestGroups, nearestHistogram, shortfall } from '../split/split-report.ts';
import { indexYears } from '../split/time-split.ts';
import { formatTestShare, splitWarnings } from '../split-warnings.ts';

/** split's flags, declared once: the handler's and `applyList`'s argument type. */
const splitFlags = (y: Argv) =>
  structurePathFlags(readThreadsOption(strictOption(splitOptions(ingestOptions(y)))))
    .option('out', { type: 'string', demandOption: true, describe: 'folder to write split.json into' })
    .option('seed', { type: 'number', default: DEFAULT_SEED, describe: 'global seed, as for generate' })
    .option('test-share', {
      type: 'number',
      default: DEFAULT_TEST_SHARE,
      defaultDescription: formatTestShare(DEFAULT_TEST_SHARE),
      describe: 'share of complexes in the test split',
    })
    .option('limit', { type: 'number', describe: 'use only the first N complexes by sorted id, as generate --limit' })
    .option('split-from', {
      type: 'string',
      describe: 'apply a published split (<id><TAB>train|test|val per line) and audit it by protein identity (--cluster-threshold)',
    })
    .option('fix-leaks', {
      type: 'boolean',
      default: false,
      describe: 'with --split-from: move train complexes that leak (at the threshold with a test complex) to excluded',
    })
    .option('force', {
      type: 'boolean',
      default: false,
      describe: 'replace split.json in a folder holding a dataset, or another split.json',
    })
    .option('verbose', {
      type: 'boolean',
      default: false,
      describe: 'also print what the cluster engine and the split by protein did (pairs, alignments...)',
    });

type SplitCommandArgs = InferredArgs<typeof splitFlags>;

export const splitCommand = defineCommand({
  builder: (y) =>
    splitFlags(y).check((a) => {
      if (!Number.isInteger(a.seed)) throw new Error('--seed must be a whole number');
      if (!(a['test-share'] >= 0 && a['test-share'] <= 1)) throw new Error('--test-share must be between 0 and 1');
      if (a.limit !== undefined && !(Number.isInteger(a.limit) && a.limit > 0)) throw new Error('--limit must be a positive whole number');
      return true;
    }),
  handler: async (args, io) => {
    const paths = structurePaths(args.paths, args.structures);
    const useSample = paths.length === 0;
    await checkInputPaths(paths);
    // Before anything is read: a dataset's own split.json is not replaced unasked.
    checkOutForSplit(args.out, args.force);
    const listPath = args['split-from'];
    let listText = '';
    if (listPath !== undefined) {
      try {
        listText = await readFile(listPath, 'utf8');
      } catch (e) {
        throw new CommandFailure(`--split-from ${listPath}: ${fileErrorText(e)}`, EXIT.refused);
      }
    }
    // A split list is audited by protein identity: the sequences are what is kept.
    const by = listPath !== undefined ? 'protein' : args['split-by'];
    // One complex at a time, in id order; only its summary (scaffold, or sequences) is kept.
    const summaries: GroupSummary[] = [];
    // Read on --read-threads threads; each complex's summary is made in the thread that read it.
    const perComplex = { module: siblingModule(import.meta.url, '../split/group-complexes').href, name: 'groupSummary', arg: by };
    const read = await ingestEachInThreads<GroupSummary>(
      useSample ? [SAMPLE_DIR] : paths,
      ingestOptionsFrom(args, { ligandsFile: args.ligands ?? (useSample ? SAMPLE_LIGANDS : undefined), onError: errorLog(args.out) }),
      (summary) => {
        if (args.limit === undefined || summaries.length < args.limit) summaries.push(summary);
      },
      args['read-threads'],
      perComplex,
    );
    for (const r of read.rejects) io.stderr.write(`split: not read: ${r.path}: ${r.reason}\n`);
    if (read.rejects.length) io.stderr.write(`split: ${rejectSummary(read.rejects, 'the lines above')}\n`);
    if (summaries.length === 0) throw new CommandFailure('no complex could be read');
    if (listPath !== undefined) return applyList(summaries, listPath, listText, args, read.rejects, io);
    const years = args.index !== undefined ? await readIndexYears(args.index, io) : undefined;
    const o = {
      by,
      seed: args.seed,
      testShare: args['test-share'],
      threshold: thresholdFraction(args['cluster-threshold']),
      engine: args['cluster-engine'],
      maxExcluded: args['max-excluded'],
      buffer: args.buffer,
      splitDate: args['split-date'],
      indexYears: years,
    };
    // No mmseqs for --cluster-engine mmseqs (MmseqsMissingError): exit 1 (pipeline/exit-codes.ts).
    const grouping = await groupSummaries(summaries, o);
    const split = splitFromGrouping(grouping, o);
    for (const n of split.grouping.notes) io.stderr.write(`split: ${n.id}: ${n.note}\n`);
    const path = datasetPaths(args.out).split;
    checkSplitFileForSplit(args.out, splitText(split.file), args.force, splitSummary);
    await writeJsonFile(path, split.file);
    io.stderr.write(`${describeSplit(split.file)}\n`);
    const said = (l: string) => io.stderr.write(`split: ${l}\n`);
    const achieved = achievedLine(split.file);
    if (achieved) said(achieved);
    if (split.file.achieved) for (const l of [...nearestHistogram(split.file), ...largestGroups(split.file)]) said(l);
    if (args.verbose && grouping.engine)
      said(
        `${grouping.engine.name} engine ${grouping.engine.version}: ${Object.entries(grouping.compared ?? {})
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    if (args.verbose && split.protein)
      said(
        `seed and exclude and audit: ${Object.entries(split.protein.work)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    for (const w of splitWarnings(split.file.counts, args['test-share'])) said(`warning: ${w}`);
    io.stdout.write(`${path}\n`);
    const short = shortfall(split.file);
    if (short) io.stderr.write(`${args['allow-short'] ? 'split: accepted (--allow-short): ' : 'misi-gen split: '}${short}\n`);
    return applyStrict(args, read.rejects, said, short && !args['allow-short'] ? EXIT.failed : EXIT.ok);
  },
});

/** --split-from: the list applied, audited, written; exit 1 when leaks are left in train. */
async function applyList(
  summaries: GroupSummary[],
  path: string,
  text: string,
  args: SplitCommandArgs,
  rejects: Parameters<typeof applyStrict>[1],
  io: CommandIo,
): Promise<ExitCode> {
  const said = (l: string) => io.stderr.write(`split: ${l}\n`);
  const list = parseSplitList(text, path);
  for (const p of list.problems) said(p);
  const { file, applied } = splitFileFromList(
    summaries.map((s) => s.sequences!),
    list.sides,
    { path, threshold: thresholdFraction(args['cluster-threshold']), fix: args['fix-leaks'], seed: args.seed, buffer: args.buffer },
  );
  const notes = applied.notes;
  for (const n of notes.slice(0, 20)) said(`${n.id}: ${n.note}`);
  if (notes.length > 20) said(`... ${notes.length - 20} more notes like these`);
  const out = datasetPaths(args.out).split;
  checkSplitFileForSplit(args.out, splitText(file), args.force, splitSummary);
  await writeJsonFile(out, file);
  said(`applied ${path}: ${describeSplit(file)}`);
  said(achievedLine(file)!);
  for (const l of nearestHistogram(file)) said(l);
  for (const l of applied.audit.leaks.slice(0, 20))
    said(
      `leak: test ${l.test} and train ${l.train} at ${(100 * l.identity).toFixed(1)} %${applied.side.get(l.train) === EXCLUDED ? ' (train complex moved to excluded)' : ''}`,
    );
  if (applied.audit.leaks.length > 20) said(`... ${applied.audit.leaks.length - 20} more leaks`);
  io.stdout.write(`${out}\n`);
  const leaksLeft = file.achieved!.leaksLeft > 0;
  if (leaksLeft)
    io.stderr.write(
      `misi-gen split: ${file.achieved!.leaksLeft} test-train pairs at ${(100 * file.achieved!.threshold).toFixed(0)} % identity in ${path}; --fix-leaks moves those train complexes to excluded\n`,
    );
  return applyStrict(args, rejects, said, leaksLeft ? EXIT.failed : EXIT.ok);
}

/** split.json's bytes as writeJsonFile writes them. */
const splitText = (file: unknown) => JSON.stringify(file, null, 2) + '\n';

/** `by scaffold, seed 0: 1 train, 2 test`: what a split.json holds, for a refusal. */
function splitSummary(json: unknown): string {
  const f = json as { by?: unknown; seed?: unknown; counts?: Record<string, unknown> };
  const counts =
    f.counts && typeof f.counts === 'object'
      ? Object.entries(f.counts)
          .map(([side, n]) => `${n} ${side}`)
          .join(', ')
      : 'no counts';
  return `by ${String(f.by ?? '?')}, seed ${String(f.seed ?? '?')}: ${counts}`;
}

/** --index: release years by id (its bad lines on stderr); a file that cannot be read refuses the run. */
async function readIndexYears(path: string, io: CommandIo): Promise<Map<string, string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new CommandFailure(`--index ${path}: ${fileErrorText(e)}`, EXIT.refused);
  }
  const r = indexYears(text, path);
  for (const p of r.problems) io.stderr.write(`split: ${p}\n`);
  return r.years;
}
