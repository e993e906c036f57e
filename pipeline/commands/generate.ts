// `misi-gen generate [paths...] [--structures <paths>] [--out <dir>] [--tasks ids] [--seed N] [--limit N]
// [--per-complex translation=4/2,...] [--test-share F] [--size PX|TASK=PX ...] [--label-font-size PX]
// [--label-layout MODE|TASK=MODE ...] [--labels SET|TASK=SET ...] [--residue-framing subject|complex] [--decoys anchored|paper]
// [--negatives paired|matched|stratified] [--antialias edge|supersample|none]
// [--annotations compact|full|none] [--png-compression fast|small] [--paper]`: the dataset (qa/, images/,
// annotations/, complexes.jsonl, rejects.jsonl, split.json, manifest.json, run.json).
// stdout: the output folder; progress and notes on stderr.

import { readFileSync } from 'node:fs';
import type { ArgumentsCamelCase, Argv } from 'yargs';
import { DEFAULT_IMAGE_SIZE, defaultImageSize, taskOptionFlag } from '../../qa/task.ts';
import { allTasks, defaultTasks, requireTask, taskOptionList, taskSet, taskSetNames } from '../../qa/task-registry.ts';
import { antialiasHelp, parseAntialias } from '../../renders/antialias-methods.ts';
import { LABEL_LAYOUTS } from '../../renders/label-layout.ts';
import { PNG_COMPRESSIONS } from '../../renders/png-encode.ts';
import { LABEL_SETS } from '../../renders/style.ts';
import { fileErrorText } from '../../structures/file-error.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { ANNOTATION_LAYOUTS, datasetPaths } from '../dataset/layout.ts';
import { type CommandIo, defineCommand, type InferredArgs } from '../define-command.ts';
import { CommandFailure, EXIT } from '../exit-codes.ts';
import { parseCounts } from '../generate/counts.ts';
import { GENERATE_OPTIONS, type GenerateOptions, resolveGenerateOptions } from '../generate/generate-options.ts';
import { parseSizes } from '../generate/image-sizes.ts';
import { parseLabelLayouts, parseLabelSets } from '../generate/label-options.ts';
import { paperFlags } from '../generate/paper-construction.ts';
import { generate } from '../generate/run-generate.ts';
import { parseShard } from '../generate/shard.ts';
import { hbondOptions, hbondOptionsFrom, ingestOptions } from '../ingest-options.ts';
import { checkInputPaths, structurePathFlags, structurePaths } from '../input-paths.ts';
import { readThreadsOption } from '../read-pool/read-threads-option.ts';
import { applyStrict, strictOption } from '../reject-summary.ts';
import { splitOptions, thresholdFraction } from '../split/split-args.ts';
import { indexYears } from '../split/time-split.ts';
import { formatTestShare } from '../split-warnings.ts';
import { UsageError } from '../usage-error.ts';

/** `--tasks`' help: the default tasks, the opt-in ones and the named sets, from the registry. */
function tasksHelp(): string {
  const ids = (tasks: readonly { id: string }[]) => tasks.map((t) => t.id);
  const optIn = allTasks().filter((t) => !defaultTasks().includes(t));
  const sets = taskSetNames().map((n) => `${n} = ${ids(taskSet(n) ?? []).join(' + ')}`);
  return `comma-separated task ids or sets (default: ${ids(defaultTasks()).join(', ')}${optIn.length ? `; also ${ids(optIn).join(', ')}` : ''}${sets.length ? `; sets: ${sets.join('; ')}` : ''})`;
}

function chosenTasks(text: string | undefined) {
  if (!text?.trim()) return defaultTasks();
  const named = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((id) => taskSet(id) ?? [requireTask(id, '--tasks')]);
  return [...new Set(named)];
}

/** Every known task's own options (TaskModule.options) as flags, e.g. --residue-framing. */
function withTaskOptions<T>(y: import('yargs').Argv<T>): import('yargs').Argv<T> {
  for (const { option: o, tasks } of taskOptionList())
    y = y.option(taskOptionFlag(o.key), {
      choices: o.choices,
      // No yargs default: a value given is told from one not (--paper refuses those given); the run fills in the task's.
      defaultDescription: o.default,
      describe: `${o.describe} (task${tasks.length > 1 ? 's' : ''} ${tasks.join(', ')})`,
    });
  return y;
}

/** The values of the tasks' options given on the line, by key (the others take their defaults in the run). */
function taskOptionValues(args: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    taskOptionList().flatMap(({ option: o }) =>
      args[taskOptionFlag(o.key)] === undefined ? [] : [[o.key, String(args[taskOptionFlag(o.key)])]],
    ),
  );
}

/** Every flag of the run read once into the library's options (text flags parsed here; a bad one is a UsageError naming it). */
function optionsFromArgs(args: GenerateArgs): Omit<GenerateOptions, 'structures'> {
  const tasks = chosenTasks(args.tasks);
  const sizes = parseSizes(args.size, tasks);
  const layouts = parseLabelLayouts(args['label-layout'], tasks);
  const labelSets = parseLabelSets(args.labels, tasks);
  const antialias = parseAntialias(args.antialias);
  if (typeof antialias !== 'string') throw new UsageError(antialias.problem);
  return {
    ligand: args.ligand,
    pocketRadius: args['pocket-radius'],
    pocketHydrogens: args['pocket-hydrogens'],
    hbonds: hbondOptionsFrom(args),
    out: args.out,
    tasks,
    seed: args.seed,
    limit: args.limit,
    perComplex: parseCounts(args['per-complex'], tasks),
    testShare: args['test-share'],
    splitBy: args['split-by'],
    clusterThreshold: thresholdFraction(args['cluster-threshold']),
    clusterEngine: args['cluster-engine'],
    maxExcluded: args['max-excluded'],
    buffer: args.buffer,
    allowShort: args['allow-short'],
    splitDate: args['split-date'],
    pages: args.workers,
    readThreads: args['read-threads'],
    antialias,
    annotations: args.annotations,
    pngCompression: args['png-compression'],
    shard: args.shard === undefined ? undefined : parseShard(args.shard),
    size: sizes.all,
    sizes: sizes.perTask,
    labelFontSize: args['label-font-size'],
    labelLayout: layouts.all,
    labelLayouts: layouts.perTask,
    labels: labelSets.all,
    labelSets: labelSets.perTask,
    taskOptions: taskOptionValues(args),
    construction: args.paper ? 'paper' : undefined,
  };
}

/** The built-in tasks whose own label layout is prefer-clear, for the help. */
function labelNamingTasks(): string {
  return allTasks()
    .filter((t) => t.labelLayout === 'prefer-clear')
    .map((t) => t.id)
    .join(', ');
}

/** `512, pocket_ligand and interaction_location 1024`: the tasks' own sizes for the help. */
function sizeDefaults(): string {
  const common = DEFAULT_IMAGE_SIZE;
  const other = allTasks().filter((t) => defaultImageSize(t) !== common);
  const bySize = new Map<number, string[]>();
  for (const t of other) bySize.set(defaultImageSize(t), [...(bySize.get(defaultImageSize(t)) ?? []), t.id]);
  const words = (ids: string[]) => (ids.length > 1 ? `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}` : ids[0]);
  return [String(common), ...[...bySize].map(([n, ids]) => `${words(ids)} ${n}`)].join('; ');
}

/** generate's flags; their defaults are GENERATE_OPTIONS' (generate-options.ts). */
const builder = (y: Argv) =>
  structurePathFlags(withTaskOptions(readThreadsOption(strictOption(splitOptions(hbondOptions(ingestOptions(y))), 'generate'))))
    .option('out', {
      type: 'string',
      default: GENERATE_OPTIONS.out.default,
      describe: 'output folder (a folder holding a run with other options, or an ingest output, is refused)',
    })
    .option('tasks', { type: 'string', describe: tasksHelp() })
    .option('seed', { type: 'number', default: GENERATE_OPTIONS.seed.default, describe: 'global seed: same seed and inputs, same dataset' })
    .option('limit', { type: 'number', describe: 'use only the first N complexes by sorted id' })
    .option('per-complex', {
      type: 'string',
      describe:
        'questions per complex as TASK=TRAIN/TEST, comma-separated (e.g. translation=4/2,rotation=6/3); TASK=TRAIN/TEST/VAL gives val (--buffer val) its own, else val takes TEST',
    })
    .option('test-share', {
      type: 'number',
      default: GENERATE_OPTIONS.testShare.default,
      defaultDescription: formatTestShare(GENERATE_OPTIONS.testShare.default),
      describe: 'share of complexes in the test split',
    })
    .option('workers', { type: 'number', defaultDescription: 'one per core', describe: 'rendering pages (one browser each)' })
    .option('antialias', {
      type: 'string',
      default: GENERATE_OPTIONS.antialias.default as string,
      describe: `${antialiasHelp()}; recorded in the manifest`,
    })
    .option('annotations', {
      choices: ANNOTATION_LAYOUTS,
      default: GENERATE_OPTIONS.annotations.default,
      describe:
        'annotation files: compact (per image what it changes, gzipped, and one atom table per complex), full (one JSON record per image, every atom spelled out) or none (docs/annotations.md); recorded in the manifest',
    })
    .option('png-compression', {
      choices: PNG_COMPRESSIONS,
      default: GENERATE_OPTIONS.pngCompression.default,
      describe:
        'fast, or small (about 15 % fewer PNG bytes for several times the encoding CPU: for archives); same pixels; recorded in the manifest',
    })
    .option('shard', {
      type: 'string',
      describe:
        'do slice i of n (i/n, or auto/n from a Kubernetes, AWS Batch or Slurm array index); join the shard folders with misi-gen merge',
    })
    .option('size', {
      type: 'string',
      describe: `image width and height, pixels: N for every task, TASK=N for one (repeatable); default ${sizeDefaults()}`,
    })
    .option('label-font-size', {
      type: 'number',
      default: GENERATE_OPTIONS.labelFontSize.default,
      describe: 'label font size, CSS pixels (does not scale with --size)',
    })
    .option('label-layout', {
      type: 'string',
      describe: `where labels go, MODE for every task or TASK=MODE for one (repeatable): ${LABEL_LAYOUTS.join(', ')}. clear: labels hide neither each other nor the molecule (leader lines), those with no such spot are left out; prefer-clear: every label kept, off the molecule where a spot allows; avoid: clear of each other only (the default before renderer 11); anchored: box corner on the atom. Default: prefer-clear for ${labelNamingTasks()}, clear for the rest (docs/labels.md)`,
    })
    .option('labels', {
      type: 'string',
      describe: `which labels the images draw, SET for every task or TASK=SET for one (repeatable): ${LABEL_SETS.join(', ')} (polar: every residue and the ligand's N, O and S atoms, those an H-bond can join); default all, but ${allTasks()
        .filter((t) => t.labelSet && t.labelSet !== 'all')
        .map((t) => `${t.labelSet} for ${t.id}`)
        .join(', ')}`,
    })
    .option('paper', {
      type: 'boolean',
      describe: `the paper's construction of every task's questions: stands for ${paperFlags().join(' ')} (each of those flags given with it is refused); recorded as construction: paper in the manifest's options (docs/generate.md#the-papers-construction)`,
    });

type GenerateArgs = ArgumentsCamelCase<InferredArgs<typeof builder>>;

export const generateCommand = defineCommand({
  builder,
  handler: async (args, io) => {
    // Every flag read once, into the library's options; their values checked (defaults
    // filled in) before the browser starts and the output folder is made.
    const paths = structurePaths(args.paths, args.structures);
    const useSample = paths.length === 0;
    const options = resolveGenerateOptions({
      ...optionsFromArgs(args),
      structures: useSample ? [SAMPLE_DIR] : paths,
      ligandsFile: args.ligands ?? (useSample ? SAMPLE_LIGANDS : undefined),
      indexYears: args.index === undefined ? undefined : readIndexYears(args.index, io),
      log: (line) => io.stderr.write(`${line}\n`),
      onInterrupt: (i) => {
        // One line: how far, and the command that goes on from there (the same one).
        io.stderr.write(
          `${process.stderr.isTTY ? '\n' : ''}generate: interrupted (${i.signal}) ${i.progress}; what was done is kept in ${i.out}. Resume with: ${resumeCommand()}\n`,
        );
        // A signal was sent to the process: it ends, whoever runs the command (130, 143).
        process.exit(i.code);
      },
    });
    await checkInputPaths(paths);
    if (useSample) io.stderr.write(`generate: no structure paths given; reading the bundled sample ${SAMPLE_DIR}\n`);
    // The run's own failures (no browser, a folder of another run, inputs changed under it, an
    // mmseqs missing, a split short of its aim) and a malformed --ligand carry their exit status.
    const summary = await generate(options);
    if (summary.complexes === 0) throw new CommandFailure(`no complex could be read; see ${datasetPaths(args.out).rejects}`);
    io.stdout.write(`${args.out}\n`);
    return applyStrict(args, summary.rejectKinds, (l) => io.stderr.write(`generate: ${l}\n`));
  },
});

/** The command line as typed (quoted for a POSIX shell where needed), which resumes the run. */
function resumeCommand(): string {
  const quote = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
  return ['misi-gen', ...process.argv.slice(2)].map(quote).join(' ');
}

/** --index: release years by id from a PDBbind index (its unreadable lines on stderr; a missing file refuses the run). */
function readIndexYears(path: string, io: CommandIo): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new CommandFailure(`--index ${path}: ${fileErrorText(e)}`, EXIT.refused);
  }
  const r = indexYears(text, path);
  for (const p of r.problems) io.stderr.write(`generate: ${p}\n`);
  return r.years;
}
