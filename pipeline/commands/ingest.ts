// `misi-gen ingest [paths...] [--structures <paths>] [--out <dir>]`: read structures into complexes.jsonl + rejects.jsonl.

import { SAMPLE_DIR, SAMPLE_LIGANDS } from '../../structures/sample-path.ts';
import { ContentChanges } from '../content-warnings.ts';
import { datasetPaths } from '../dataset/layout.ts';
import { defineCommand } from '../define-command.ts';
import { EXIT } from '../exit-codes.ts';
import { errorLog } from '../generate/errors-log.ts';
import { hbondOptions, ingestOptions, ingestOptionsFrom } from '../ingest-options.ts';
import { checkInputPaths, structurePaths } from '../input-paths.ts';
import { checkOutForIngest } from '../out-folder.ts';
import { complexes as complexCount } from '../plural.ts';
import { progressReporter } from '../progress.ts';
import { ingestEachInThreads } from '../read-pool/read-in-threads.ts';
import { readThreadsOption } from '../read-pool/read-threads-option.ts';
import { applyStrict, rejectSummary, strictOption } from '../reject-summary.ts';
import { JsonLinesWriter, writeJsonLines } from '../write-json-lines.ts';

export const ingestCommand = defineCommand({
  builder: (y) =>
    readThreadsOption(strictOption(hbondOptions(ingestOptions(y))))
      .positional('paths', {
        type: 'string',
        array: true,
        default: undefined,
        defaultDescription: 'the bundled sample',
        describe: 'files or folders to search, as --structures',
      })
      .option('structures', {
        type: 'string',
        array: true,
        defaultDescription: 'the bundled sample',
        describe: 'files or folders to search, as the positional paths (as generate and split take them)',
      })
      .option('out', { type: 'string', default: 'out', describe: 'output folder (a folder holding a generate dataset or run is refused)' }),
  handler: async (args, io) => {
    const progress = progressReporter('ingest');
    const out = datasetPaths(args.out);
    const given = structurePaths(args.paths, args.structures);
    await checkInputPaths(given);
    // Before anything is written: a dataset's complexes.jsonl is not replaced unasked.
    checkOutForIngest(args.out);
    const useSample = given.length === 0;
    if (useSample) io.stderr.write(`ingest: no paths given; reading the bundled sample ${SAMPLE_DIR}\n`);
    const paths = useSample ? [SAMPLE_DIR] : given;
    const ligandsFile = args.ligands ?? (useSample ? SAMPLE_LIGANDS : undefined);
    // Each complex is written as soon as it is read (in id order), so memory stays flat.
    const complexes = await JsonLinesWriter.open(out.complexes);
    const changes = new ContentChanges();
    const result = await ingestEachInThreads(
      paths,
      ingestOptionsFrom(args, { ligandsFile, onProgress: progress.update, onError: errorLog(args.out) }),
      (c) => {
        changes.add(c.id, c.warnings);
        return complexes.write(c);
      },
      args['read-threads'],
    );
    progress.done();
    await complexes.close();
    await writeJsonLines(out.rejects, result.rejects);
    for (const r of result.rejects) io.stderr.write(`rejected ${r.id} (${r.path}, ${r.stage}): ${r.reason}\n`);
    io.stderr.write(`ingest: ${complexCount(result.count)} read, ${result.rejects.length} rejected -> ${out.complexes}\n`);
    if (result.rejects.length) io.stderr.write(`ingest: ${rejectSummary(result.rejects, out.rejects)}\n`);
    const changed = changes.summary(out.complexes);
    if (changed) io.stderr.write(`ingest: ${changed}\n`);
    return applyStrict(args, result.rejects, (l) => io.stderr.write(`ingest: ${l}\n`), result.count === 0 ? EXIT.failed : EXIT.ok);
  },
});
