// `misi-gen generate [paths...] [--structures <paths>] [--out <dir>] [--tasks ids] [--seed N] [--limit N]
// [--per-complex translation=4/2,...] [--test-share F] [--size PX] [--label-font-size PX]
// [--label-layout avoid|anchored] [--residue-framing subject|complex]
// [--antialias edge|supersample|none]`: the dataset (qa/, images/,
// annotations/, complexes.jsonl, rejects.jsonl, split.json, manifest.json, run.json).
// stdout: the output folder; progress and notes on stderr.
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { IngestUsageError } from '../../structures/ingest.ts';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { NoBrowserError } from '../../renders/browser.ts';
import { antialiasHelp, parseAntialias } from '../../renders/antialias-methods.ts';
import { DEFAULT_ANTIALIAS, type AntialiasMethod } from '../../renders/style.ts';
import { TASK_IDS, TASKS, taskById } from '../../qa/tasks/index.ts';
import { hbondOptions, hbondOptionsFrom, ingestOptions, type HBondArgs, type IngestArgs } from '../ingest-options.ts';
import { parseCounts } from '../generate/counts.ts';
import { DEFAULT_SEED } from '../generate/seeds.ts';
import { DEFAULT_TEST_SHARE } from '../generate/split.ts';
import { generate } from '../generate/run-generate.ts';
import { RunMismatchError } from '../generate/run-identity.ts';
import { InputChangedError } from '../generate/ingest-stage.ts';
import { parseShard } from '../generate/shard.ts';
import { MmseqsMissingError } from '../split/mmseqs-clusters.ts';
import { splitOptions, thresholdFraction, type SplitArgs } from '../split/split-args.ts';
import { formatTestShare } from '../split-warnings.ts';
import { checkInputPaths, structurePaths } from '../input-paths.ts';
import { applyStrict, strictOption, type StrictArgs } from '../reject-summary.ts';
import { LABEL_LAYOUTS, type LabelLayoutMode } from '../../renders/label-layout.ts';
import { RESIDUE_FRAMINGS, type ResidueFraming } from '../../qa/residue-camera.ts';

interface Args extends IngestArgs, HBondArgs, SplitArgs, StrictArgs {
  paths?: string[];
  structures?: string[];
  out: string;
  tasks?: string;
  seed: number;
  limit?: number;
  'per-complex'?: string;
  'test-share': number;
  workers?: number;
  shard?: string;
  size: number;
  'label-font-size': number;
  'label-layout': LabelLayoutMode;
  'residue-framing': ResidueFraming;
  antialias: AntialiasMethod;
}

const fail = (message: string, code = 1) => {
  process.stderr.write(`misi-gen generate: ${message}\n`);
  process.exitCode = code;
};

function chosenTasks(text: string | undefined) {
  if (!text?.trim()) return TASKS;
  return text.split(',').map((s) => s.trim()).filter(Boolean).map((id) => {
    const t = taskById(id);
    if (!t) throw new Error(`--tasks: unknown task '${id}' (known: ${TASK_IDS.join(', ')})`);
    return t;
  });
}

export const generateCommand: CommandModule<object, Args> = {
  builder: (y) =>
    strictOption(splitOptions(hbondOptions(ingestOptions(y))))
      .positional('paths', { type: 'string', array: true, default: undefined, defaultDescription: 'the bundled sample', describe: 'files or folders to read, as --structures' })
      .option('structures', { type: 'string', array: true, defaultDescription: 'the bundled sample', describe: 'files or folders to read, as the positional paths' })
      .option('out', { type: 'string', default: 'out', describe: 'output folder (a folder holding a run with other options is refused)' })
      .option('tasks', { type: 'string', describe: `comma-separated task ids (default: all: ${TASK_IDS.join(', ')})` })
      .option('seed', { type: 'number', default: DEFAULT_SEED, describe: 'global seed: same seed and inputs, same dataset' })
      .option('limit', { type: 'number', describe: 'use only the first N complexes by sorted id' })
      .option('per-complex', { type: 'string', describe: 'questions per complex as TASK=TRAIN/TEST, comma-separated (e.g. translation=4/2,rotation=6/3)' })
      .option('test-share', { type: 'number', default: DEFAULT_TEST_SHARE, defaultDescription: formatTestShare(DEFAULT_TEST_SHARE), describe: 'share of complexes in the test split' })
      .option('workers', { type: 'number', defaultDescription: 'one per core', describe: 'rendering pages (one browser each)' })
      .option('antialias', { type: 'string', default: DEFAULT_ANTIALIAS, describe: `${antialiasHelp()}; recorded in the manifest` })
      .option('shard', { type: 'string', describe: 'do slice i of n (i/n, or auto/n from a Kubernetes, AWS Batch or Slurm array index); join the shard folders with misi-gen merge' })
      .option('size', { type: 'number', default: 512, describe: 'image width and height, pixels' })
      .option('label-font-size', { type: 'number', default: 12, describe: 'label font size, CSS pixels (does not scale with --size)' })
      .option('label-layout', { choices: LABEL_LAYOUTS, default: 'avoid' as LabelLayoutMode, describe: 'avoid: labels moved to collision-free spots near their atoms (leader lines); anchored: box corner on the atom' })
      .option('residue-framing', { choices: RESIDUE_FRAMINGS, default: 'subject' as ResidueFraming, describe: 'residue-ligand camera: subject (framed on the residue + ligand) or complex (the complex camera)' })
      .check((a) => {
        const antialias = parseAntialias(String(a.antialias));
        if (typeof antialias !== 'string') throw new Error(antialias.problem);
        if (!(Number.isInteger(a.size) && a.size >= 64 && a.size <= 4096)) throw new Error('--size must be a whole number of pixels from 64 to 4096');
        if (!(a['label-font-size'] >= 4 && a['label-font-size'] <= 96)) throw new Error('--label-font-size must be from 4 to 96 pixels');
        if (!Number.isInteger(a.seed)) throw new Error('--seed must be a whole number');
        if (a.limit !== undefined && !(Number.isInteger(a.limit) && a.limit > 0)) throw new Error('--limit must be a positive whole number');
        if (!(a['test-share'] >= 0 && a['test-share'] <= 1)) throw new Error('--test-share must be between 0 and 1');
        if (a.workers !== undefined && !(Number.isInteger(a.workers) && a.workers > 0)) throw new Error('--workers must be a positive whole number');
        parseCounts(a['per-complex'], chosenTasks(a.tasks));
        if (a.shard !== undefined) parseShard(a.shard);
        return true;
      }) as any,
  handler: async (args) => {
    const paths = structurePaths(args.paths, args.structures);
    const useSample = paths.length === 0;
    // Before the browser starts and the output folder is made.
    await checkInputPaths(paths);
    if (useSample) process.stderr.write(`generate: no structure paths given; reading the bundled sample ${SAMPLE_DIR}\n`);
    try {
      const summary = await generate({
        structures: useSample ? [SAMPLE_DIR] : paths,
        ligand: args.ligand,
        ligandsFile: args.ligands ?? (useSample ? SAMPLE_LIGANDS : undefined),
        pocketRadius: args['pocket-radius'],
        pocketHydrogens: args['pocket-hydrogens'],
        hbonds: hbondOptionsFrom(args),
        out: args.out,
        tasks: chosenTasks(args.tasks),
        seed: args.seed,
        limit: args.limit,
        perComplex: args['per-complex'],
        testShare: args['test-share'],
        splitBy: args['split-by'],
        clusterThreshold: thresholdFraction(args['cluster-threshold']),
        clusterEngine: args['cluster-engine'],
        pages: args.workers,
        antialias: args.antialias,
        shard: args.shard === undefined ? undefined : parseShard(args.shard),
        size: args.size,
        labelFontSize: args['label-font-size'],
        labelLayout: args['label-layout'],
        residueFraming: args['residue-framing'],
      });
      if (summary.complexes === 0) return fail(`no complex could be read; see ${join(args.out, 'rejects.jsonl')}`);
      process.stdout.write(`${args.out}\n`);
      applyStrict(args, summary.rejectKinds, (l) => process.stderr.write(`generate: ${l}\n`));
    } catch (e) {
      if (e instanceof IngestUsageError || e instanceof NoBrowserError) return fail(e.message, e instanceof IngestUsageError ? 2 : 1);
      if (e instanceof RunMismatchError || e instanceof InputChangedError || e instanceof MmseqsMissingError) return fail(e.message);
      throw e;
    }
  },
};
