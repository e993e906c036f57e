// `misi-gen human <dir> --out <session> [--tasks a,b] [--n 20] [--split tiny|test] [--seed 0]`:
// a page that asks a person the chosen questions one at a time (pipeline/browse/human-session.ts).
// stdout: the page (<session>/human.html); a summary on stderr, naming each task asked fewer
// than --n questions and why. An --out that holds anything is refused (exit 2), never replaced.

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
        describe:
          'folder for the session: human.html, its images and script (zip it to send it); a new or empty folder (one holding a session is refused, left as it is)',
      })
      .option('tasks', {
        type: 'string',
        array: true,
        describe: 'tasks to ask, comma- or space-separated (default: every task of the split)',
      })
      .option('n', {
        type: 'number',
        default: 20,
        describe: 'questions PER TASK (9 tasks x 20 = 180 questions); a task whose split has fewer gives what it has, and this says so',
      })
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
    for (const d of session.draws) {
      const asked = session.perTask[d.task];
      if (asked >= args.n) continue;
      const why = d.passedOver
        ? `the ${args.split} split has ${d.available}, of which ${d.passedOver} passed over: each is on a complex the session asks another hydrogen-bond question of, and one of the two would give the other's answer away`
        : `the ${args.split} split has only ${d.available}`;
      io.stderr.write(`human: ${d.task}: ${asked} question${asked === 1 ? '' : 's'}, not --n ${args.n} (${why})\n`);
    }
    const per = Object.entries(session.perTask)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ');
    io.stderr.write(`human: ${session.questions} questions (${per}) of the ${args.split} split -> ${session.out}\n`);
    io.stdout.write(session.page + '\n');
  },
});
