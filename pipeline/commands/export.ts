// `misi-gen export <dir> --format llava|sharegpt|qwen|hf --out <dir2>`: a generated dataset
// in a training/evaluation format, every task in the train and test splits and the tiny
// set, each file checked as written (pipeline/export/). stdout: the output folder.
import type { CommandModule } from 'yargs';
import { DatasetReadError } from '../dataset/read-dataset.ts';
import { ExportError, FORMATS, runExport, type ExportFormat } from '../export/run-export.ts';
import { count } from '../plural.ts';
import { formatPlaced } from '../export/place-images.ts';

interface Args {
  dir: string;
  format: ExportFormat;
  out: string;
  'copy-images': boolean;
}

export const exportCommand: CommandModule<object, Args> = {
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' })
      .option('format', { choices: FORMATS, demandOption: true, describe: 'export format' })
      .option('out', { type: 'string', demandOption: true, describe: 'folder to write the export into' })
      .option('copy-images', { type: 'boolean', default: false, describe: "copy the images (llava, sharegpt, qwen) instead of hard-linking them to the dataset's where the file system allows" }) as any,
  handler: async (args) => {
    try {
      const s = await runExport(args.dir, args.format, args.out, (line) => process.stderr.write(line + '\n'), { copyImages: args['copy-images'] });
      if (s.placed) process.stderr.write(`export: ${formatPlaced(s.placed)}\n`);
      process.stderr.write(`export: ${args.format}: ${count(s.files.length, 'file')}, ${count(s.rows, 'row')}, ${count(s.images, 'distinct image')}, all checks passed -> ${args.out}\n`);
      process.stdout.write(`${args.out}\n`);
    } catch (e) {
      if (e instanceof ExportError || e instanceof DatasetReadError) {
        process.stderr.write(`misi-gen export: ${e.message}\n`);
        process.exitCode = 1;
        return;
      }
      throw e;
    }
  },
};
