// The command line: parse and check arguments, then call the library. Each subcommand's
// options and handler live in pipeline/commands/<name>.ts; the list below names it, says
// what it does, and loads its module only when that command runs, so `--help` and
// `--version` start without the renderer, RDKit or Puppeteer.
import type { Argv } from 'yargs';
import type { CommandDefinition, CommandIo } from './define-command.ts';
import { failureOf } from './exit-code-of.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import { PACKAGE_VERSION } from './package-version.ts';
import { UsageError } from './usage-error.ts';

export type { CommandIo };
export { UsageError };

import { withFlagSuggestions, withFlagsAsTyped } from './flag-suggestion.ts';

/** What one run of the CLI shares with the command it runs: where to print, and the status. */
interface RunState {
  io: CommandIo;
  status: ExitCode;
}

/** Adds a loaded command to the parser (its flags' type kept inside: the list below holds commands of any flags). */
type Registrar = (parser: Argv, entry: CommandEntry, state: RunState) => void;

interface CommandEntry {
  /** yargs syntax: the name, then positionals (`verify <dir>`). */
  command: string;
  /** One line for `misi-gen --help`. */
  describe: string;
  /** The module's command (flags and handler), ready to register. */
  load: () => Promise<Registrar>;
}

/** The commands that read tasks (write, score, show or export questions): only they take --task-module. */
const TASK_COMMANDS = new Set([
  'score',
  'eval',
  'compare',
  'generate',
  'stats',
  'audit',
  'preview',
  'export',
  'merge',
  'verify',
  'browse',
  'human',
]);

/** A command's flags with --task-module added, for the commands that read tasks. */
function withTaskModule<T>(y: Argv<T>, name: string): Argv<T> {
  if (!TASK_COMMANDS.has(name)) return y;
  return y.option('task-module', {
    type: 'string',
    array: true,
    describe: 'also know the task(s) this ES module exports (a task written outside the package); repeatable',
  });
}

/** Registers `definition` under `entry`'s name: its handler prints through the run's io and leaves its status there. */
function registrar<T>(definition: CommandDefinition<T>): Registrar {
  return (parser, entry, state) => {
    parser.command({
      command: entry.command,
      describe: entry.describe,
      builder: (y: Argv) => withTaskModule(definition.builder(y), nameOf(entry)),
      handler: async (args) => {
        state.status = (await definition.handler(args, state.io)) ?? EXIT.ok;
      },
    });
  };
}

/** Subcommands, in the order `--help` lists them. Add a new one here: one line. */
const COMMANDS: CommandEntry[] = [
  {
    command: 'fetch [entries...]',
    describe:
      'Download whole PDB entries (mmCIF) by id, an ids file or a PDBbind index into a folder --structures reads as it is (entries + ligands.tsv)',
    load: async () => registrar((await import('./commands/fetch.ts')).fetchCommand),
  },
  {
    command: 'ingest [paths...]',
    describe:
      'Read structures (PDBbind folders, protein + ligand, whole PDB/mmCIF entries) into <out>/complexes.jsonl, with their ligand-pocket H-bonds',
    load: async () => registrar((await import('./commands/ingest.ts')).ingestCommand),
  },
  {
    command: 'hbonds [input..]',
    describe: 'Print the ligand-pocket hydrogen bonds (ChimeraX hbonds criteria, relaxed by default)',
    load: async () => registrar((await import('./commands/hbonds.ts')).hbondsCommand),
  },
  {
    command: 'interactions [input..]',
    describe:
      'Print the ligand-pocket interactions of every kind (H-bonds, salt bridges, pi-stacking, cation-pi, halogen bonds, hydrophobic, metal)',
    load: async () => registrar((await import('./commands/interactions.ts')).interactionsCommand),
  },
  {
    command: 'render [complex]',
    describe: 'Draw one scene of a complex (3Dmol.js in headless Chromium) to a PNG, with its annotation record',
    load: async () => registrar((await import('./commands/render.ts')).renderCommand),
  },
  {
    command: 'score <dataset> <predictions..>',
    describe:
      'Score predictions (JSON lines {"id", "prediction"}) against a dataset\'s answers; several files (people): the mean with its spread',
    load: async () => registrar((await import('./commands/score.ts')).scoreCommand),
  },
  {
    command: 'eval <dataset>',
    describe: 'Ask a model on an OpenAI-compatible server every question of a split (or a baseline), then score the replies',
    load: async () => registrar((await import('./commands/eval.ts')).evalCommand),
  },
  {
    command: 'compare <dataset>',
    describe:
      "Put side by side what a model scores with the images and without (eval --images none), its gain MG and leakage ML, beside chance, the audit's blind baselines and people",
    load: async () => registrar((await import('./commands/compare.ts')).compareCommand),
  },
  {
    command: 'generate [paths...]',
    describe: 'Generate the dataset: questions, images and annotations for the chosen tasks',
    load: async () => registrar((await import('./commands/generate.ts')).generateCommand),
  },
  {
    command: 'stats <dir>',
    describe: 'Print figures of a generated dataset: counts, answer histograms, replaced draws',
    load: async () => registrar((await import('./commands/stats.ts')).statsCommand),
  },
  {
    command: 'audit <dir>',
    describe:
      "Measure what a dataset's questions give away without the pictures: per task, blind baselines fitted on train beside chance, and duplicates",
    load: async () => registrar((await import('./commands/audit.ts')).auditCommand),
  },
  {
    command: 'preview <dir>',
    describe: 'Draw a contact sheet (PNG) and an HTML page per task of a generated dataset',
    load: async () => registrar((await import('./commands/preview.ts')).previewCommand),
  },
  {
    command: 'browse <dir>',
    describe:
      'Write a static site to look through a dataset: a filtered list, each question with its images, answer and the complex in 3D (--serve: on 127.0.0.1)',
    load: async () => registrar((await import('./commands/browse.ts')).browseCommand),
  },
  {
    command: 'human <dir>',
    describe:
      "Write a page that asks a person a dataset's questions one at a time and exports the answers as predictions for score (the human baseline)",
    load: async () => registrar((await import('./commands/human.ts')).humanCommand),
  },
  {
    command: 'split [paths...]',
    describe: 'Write the train/test split (split.json) that generate would make, without generating',
    load: async () => registrar((await import('./commands/split.ts')).splitCommand),
  },
  {
    command: 'export <dir>',
    describe:
      'Write a generated dataset as llava, sharegpt (LLaMA-Factory), qwen (Qwen2.5-VL), hf (parquet + dataset card), vlmevalkit (TSV) or lmms-eval (hf + task folder)',
    load: async () => registrar((await import('./commands/export.ts')).exportCommand),
  },
  {
    command: 'merge <dirs...>',
    describe: 'Join the output folders of generate --shard i/n into one dataset',
    load: async () => registrar((await import('./commands/merge.ts')).mergeCommand),
  },
  {
    command: 'verify <dir>',
    describe: 'Check a generated dataset against its manifest (records, images and their sha256, counts)',
    load: async () => registrar((await import('./commands/verify.ts')).verifyCommand),
  },
  {
    command: 'bench',
    describe: 'Measure rendering throughput (and PyMOL for comparison), or memory over a long run with --images',
    load: async () => registrar((await import('./commands/bench.ts')).benchCommand),
  },
  {
    command: 'setup-browser',
    describe: 'Find a Chromium for rendering, or download or install one (run once after npm install)',
    load: async () => registrar((await import('./commands/setup-browser.ts')).setupBrowserCommand),
  },
];

const nameOf = (c: CommandEntry) => c.command.split(' ')[0];

/** The long option names the parser knows for the command being run (dashed, as typed). */
function knownFlags(keys: string[]): string[] {
  return keys.filter((k) => k.length > 1 && /^[a-z][a-z0-9-]*$/.test(k));
}

/** The process's own streams. */
const PROCESS_IO: CommandIo = { stdout: process.stdout, stderr: process.stderr };

/**
 * Runs the CLI on `argv` (without node and script) in this process and returns the exit
 * status (pipeline/exit-codes.ts, pipeline/exit-code-of.ts); everything the command prints goes to `io` (default: the
 * process's stdout and stderr). An error that is not a known failure (a bug) is thrown.
 */
export async function runCli(argv: string[], io: CommandIo = PROCESS_IO): Promise<number> {
  // `--version` alone needs no parser: loading yargs is most of the start-up time left.
  if (argv.length === 1 && argv[0] === '--version') {
    io.stdout.write(`${PACKAGE_VERSION}\n`);
    return EXIT.ok;
  }
  const named = argv.find((word) => COMMANDS.some((c) => nameOf(c) === word));
  try {
    return await parseAndRun(argv, io, named);
  } catch (err) {
    const failure = failureOf(err, named);
    if (!failure) throw err;
    io.stderr.write(failure.text);
    return failure.code;
  }
}

/** The command-line program (pipeline/bin/misi-gen.js): runCli on the process's streams. */
export const main = (argv: string[]): Promise<number> => runCli(argv, { ...PROCESS_IO, exit: (status) => process.exit(status) });

async function parseAndRun(argv: string[], io: CommandIo, named: string | undefined): Promise<number> {
  const { default: yargs } = await import('yargs');
  // The options in force when a check fails (the running command's, once its builder ran).
  let options = (): string[] => [];
  let aliases = (): Record<string, string[]> => ({});
  const parser = yargs(argv)
    .scriptName('misi-gen')
    .usage('$0 <command> [options]\n\nRegenerates MiSI-Bench from protein-ligand structures.')
    .strict()
    .demandCommand(1, `Name a command: ${COMMANDS.map(nameOf).join(', ')}.`)
    .recommendCommands()
    .wrap(Math.min(100, process.stdout.columns || 100))
    // yargs calls this with a message for bad arguments (unknown options, bad choices, a
    // failed .check) and with only an error when a handler threw: the first is a usage
    // error (one line, exit 2, and the handler does not run), the second is passed on.
    .fail((msg, err) => {
      if (msg == null && err) throw err;
      throw new UsageError(withFlagsAsTyped(withFlagSuggestions(msg ?? String(err), knownFlags(options())), argv, aliases()));
    })
    // --help and --version print through `io` (below), and never end the process.
    .exitProcess(false)
    .help()
    .version(PACKAGE_VERSION);
  const parsed = () =>
    (parser as unknown as { getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]> } }).getOptions();
  options = () => Object.keys(parsed().key);
  aliases = () => parsed().alias;
  // Only the command named on the line (its first word that is a command name) is loaded;
  // the others are registered by name and description alone, for --help.
  // Tasks from outside are in the registry before a command's options are built (generate
  // offers their options as flags).
  // (Loaded only then: the registry imports every task, which --help does not need.)
  if (argv.some((word) => word.startsWith('--task-module'))) {
    const { loadTaskModules, taskModulePaths } = await import('./task-modules.ts');
    await loadTaskModules(taskModulePaths(argv));
  }
  const state: RunState = { io, status: EXIT.ok };
  const chosen = COMMANDS.find((c) => nameOf(c) === named);
  for (const c of COMMANDS) {
    if (c === chosen) (await c.load())(parser, c, state);
    else
      parser.command(c.command, c.describe, {}, () => {
        throw new Error(`misi-gen: command ${nameOf(c)} ran without being loaded`);
      });
  }
  // With a callback, yargs hands over what it would print (help, version) instead of printing it.
  let printed = '';
  await parser.parseAsync(argv, {}, (_err, _args, output) => {
    printed = output;
  });
  if (printed) io.stdout.write(`${printed}\n`);
  return state.status;
}
