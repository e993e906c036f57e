// `misi-gen export <dir> --format llava|sharegpt|qwen|hf --out <dir2>`: a generated dataset
// in a training/evaluation format, every task in the train and test splits and the tiny
// set, each file checked as written (pipeline/export/). stdout: the output folder.
import { defineCommand } from '../define-command.ts';
import { formatPlaced } from '../export/place-images.ts';
import { FORMATS, runExport } from '../export/run-export.ts';
import { count } from '../plural.ts';

export const exportCommand = defineCommand({
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' })
      .option('format', { choices: FORMATS, demandOption: true, describe: 'export format' })
      .option('out', { type: 'string', demandOption: true, describe: 'folder to write the export into' })
      .option('copy-images', {
        type: 'boolean',
        default: false,
        describe: "copy the images (llava, sharegpt, qwen) instead of hard-linking them to the dataset's where the file system allows",
      }),
  handler: async (args, io) => {
    // A dataset that cannot be read, or an export that fails its checks: exit 1 (pipeline/exit-codes.ts).
    const s = await runExport(args.dir, args.format, args.out, (line) => io.stderr.write(line + '\n'), { copyImages: args['copy-images'] });
    if (s.placed) io.stderr.write(`export: ${formatPlaced(s.placed)}\n`);
    io.stderr.write(
      `export: ${args.format}: ${count(s.files.length, 'file')}, ${count(s.rows, 'row')}, ${count(s.images, 'distinct image')}, all checks passed -> ${args.out}\n`,
    );
    io.stdout.write(`${args.out}\n`);
  },
});
