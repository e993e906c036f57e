// `misi-gen ingest <paths...> --out <dir>`: read structures into complexes.jsonl + rejects.jsonl.
import type { CommandModule } from 'yargs';
import { ingest } from '../../structures/ingest.ts';
import { writeJsonLines } from '../write-json-lines.ts';
import { hbondOptions, ingestOptions, ingestOptionsFrom, type HBondArgs, type IngestArgs } from '../ingest-options.ts';
import { progressReporter } from '../progress.ts';
import { join } from 'node:path';
import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';

interface Args extends IngestArgs, HBondArgs {
  paths: string[];
  out: string;
}

export const ingestCommand: CommandModule<object, Args> = {
  builder: (y) =>
    hbondOptions(ingestOptions(y))
      .positional('paths', { type: 'string', array: true, describe: 'files or folders to search (default: the bundled sample)' })
      .option('out', { type: 'string', default: 'out', describe: 'output folder' }) as any,
  handler: async (args) => {
    const progress = progressReporter('ingest');
    const useSample = !args.paths?.length;
    if (useSample) process.stderr.write(`ingest: no paths given; reading the bundled sample ${SAMPLE_DIR}\n`);
    const paths = useSample ? [SAMPLE_DIR] : args.paths;
    const ligandsFile = args.ligands ?? (useSample ? SAMPLE_LIGANDS : undefined);
    const result = await ingest(paths, ingestOptionsFrom(args, { ligandsFile, onProgress: progress.update }));
    progress.done();
    await writeJsonLines(join(args.out, 'complexes.jsonl'), result.complexes);
    await writeJsonLines(join(args.out, 'rejects.jsonl'), result.rejects);
    for (const r of result.rejects) process.stderr.write(`rejected ${r.id} (${r.path}, ${r.stage}): ${r.reason}\n`);
    process.stderr.write(`ingest: ${result.complexes.length} complexes read, ${result.rejects.length} rejected -> ${join(args.out, 'complexes.jsonl')}\n`);
    if (result.complexes.length === 0) process.exitCode = 1;
  },
};
