// `misi-gen human <dir> --out <session> [--tasks a,b] [--n 20] [--split tiny|test] [--seed 0]`:
// a page that asks a person the chosen questions one at a time (pipeline/browse/human-session.ts).
// stdout: the page (<session>/human.html); a summary on stderr.

import { TEST, TINY } from '../../qa/split-names.ts';
import { type HumanOptions, writeHumanSession } from '../browse/human-session.ts';
import { defineCommand } from '../define-command.ts';

export const humanCommand = defineCommand({
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' })
      .option('out', {
        type: 'string',
        demandOption: true,
        describe: 'folder for the session: human.html, its images and script (zip it to send it)',
      })
      .option('tasks', {
        type: 'string',
        array: true,
        describe: 'tasks to ask, comma- or space-separated (default: every task of the split)',
      })
      .option('n', { type: 'number', default: 20, describe: 'questions per task (fewer when the split has fewer)' })
      .option('split', { choices: [TINY, TEST] as HumanOptions['split'][], default: TINY, describe: 'which questions to draw from' })
      .option('seed', { type: 'number', default: 0, describe: 'seed of the draw of questions' })
      .check((a) => {
        if (!Number.isInteger(a.n) || a.n < 1) throw new Error('--n must be a whole number >= 1');
        if (!Number.isInteger(a.seed)) throw new Error('--seed must be a whole number');
        return true;
      }),
  handler: async (args, io) => {
    const tasks = args.tasks
      ?.flatMap((t) => String(t).split(','))
      .map((t) => t.trim())
      .filter(Boolean);
    // A dataset that cannot be read: exit 1; --tasks naming none of the split: a usage error (pipeline/exit-codes.ts).
    const session = await writeHumanSession({
      dir: args.dir,
      out: args.out,
      tasks: tasks?.length ? tasks : undefined,
      n: args.n,
      split: args.split,
      seed: args.seed,
    });
    if (session.missingImages.length)
      io.stderr.write(
        `misi-gen human: ${session.missingImages.length} images are missing from ${args.dir}, e.g. ${session.missingImages.slice(0, 3).join(', ')} (the page says so where they would show)\n`,
      );
    const per = Object.entries(session.perTask)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ');
    io.stderr.write(`human: ${session.questions} questions (${per}) of the ${args.split} split -> ${session.out}\n`);
    io.stdout.write(session.page + '\n');
  },
});
