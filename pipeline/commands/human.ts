// `misi-gen human <dir> --out <session> [--tasks a,b] [--n 20] [--split tiny|test] [--seed 0]`:
// a page that asks a person the chosen questions one at a time (pipeline/browse/human-session.ts).
// stdout: the page (<session>/human.html); a summary on stderr.
import type { CommandModule } from 'yargs';
import { DatasetReadError } from '../dataset/read-dataset.ts';
import { writeHumanSession, type HumanOptions } from '../browse/human-session.ts';
import { UsageError } from '../usage-error.ts';

/** The flags are the library's options (tasks as typed: comma-separated or repeated). */
type Args = HumanOptions;

export const humanCommand: CommandModule<object, Args> = {
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' })
      .option('out', { type: 'string', demandOption: true, describe: 'folder for the session: human.html, its images and script (zip it to send it)' })
      .option('tasks', { type: 'string', array: true, describe: 'tasks to ask, comma- or space-separated (default: every task of the split)' })
      .option('n', { type: 'number', default: 20, describe: 'questions per task (fewer when the split has fewer)' })
      .option('split', { choices: ['tiny', 'test'], default: 'tiny', describe: 'which questions to draw from' })
      .option('seed', { type: 'number', default: 0, describe: 'seed of the draw of questions' })
      .check((a) => {
        if (!Number.isInteger(a.n) || a.n < 1) throw new Error('--n must be a whole number >= 1');
        if (!Number.isInteger(a.seed)) throw new Error('--seed must be a whole number');
        return true;
      }) as any,
  handler: async (args) => {
    const tasks = args.tasks?.flatMap((t) => String(t).split(',')).map((t) => t.trim()).filter(Boolean);
    let session;
    try {
      session = await writeHumanSession({ dir: args.dir, out: args.out, tasks: tasks?.length ? tasks : undefined, n: args.n, split: args.split, seed: args.seed });
    } catch (e) {
      if (e instanceof UsageError) throw e;
      if (e instanceof DatasetReadError) {
        process.stderr.write(`misi-gen human: ${e.message.split('\n')[0]}\n`);
        process.exitCode = 1;
        return;
      }
      throw e;
    }
    if (session.missingImages.length) process.stderr.write(`misi-gen human: ${session.missingImages.length} images are missing from ${args.dir}, e.g. ${session.missingImages.slice(0, 3).join(', ')} (the page says so where they would show)\n`);
    const per = Object.entries(session.perTask).map(([t, n]) => `${t} ${n}`).join(', ');
    process.stderr.write(`human: ${session.questions} questions (${per}) of the ${args.split} split -> ${session.out}\n`);
    process.stdout.write(session.page + '\n');
  },
};
