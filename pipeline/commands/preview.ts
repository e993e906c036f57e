// `misi-gen preview <dir> [--task id] [--n 8] [--tile 128] --out <folder>`: a contact sheet
// (PNG) and a static HTML page per task, and an index page. stdout: the files written, one a
// line; progress on stderr.
import { join } from 'node:path';
import { defineCommand } from '../define-command.ts';
import { runPreview } from '../preview/run-preview.ts';

export const previewCommand = defineCommand({
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' })
      .option('out', { type: 'string', demandOption: true, describe: 'folder for <task>.png, <task>.html and index.html' })
      .option('task', { type: 'string', describe: 'only this task (default: every task)' })
      .option('n', { type: 'number', default: 8, describe: 'questions per task, spread over its splits and complexes' })
      .option('tile', { type: 'number', default: 128, describe: 'width of each image in the contact sheet, pixels' })
      .check((a) => {
        if (!Number.isInteger(a.n) || a.n < 1) throw new Error('--n must be a whole number >= 1');
        if (!Number.isInteger(a.tile) || a.tile < 16 || a.tile > 1024) throw new Error('--tile must be a whole number from 16 to 1024');
        return true;
      }),
  handler: async (args, io) => {
    // A dataset that cannot be read, or no browser: exit 1 (pipeline/exit-codes.ts).
    const files = await runPreview({
      dir: args.dir,
      out: args.out,
      task: args.task,
      n: args.n,
      tile: args.tile,
      log: (l) => io.stderr.write(l + '\n'),
    });
    const lines = files.flatMap((f) => [join(args.out, f.sheet), join(args.out, f.page)]);
    io.stdout.write([...lines, join(args.out, 'index.html')].join('\n') + '\n');
  },
});
