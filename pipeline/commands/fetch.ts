// `misi-gen fetch IDS... | --ids FILE | --pdbbind-index FILE --out DIR [--mirror NAME|TEMPLATE]
// [--concurrency N] [--strict]`: whole entries (mmCIF, gzipped) from a PDB archive into a
// folder that `--structures DIR` reads as it is (pipeline/fetch/run-fetch.ts). Exit 0 with
// rejects listed (one line each), 3 with --strict when any, 1 when no entry is in the folder,
// 2 for usage errors.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineCommand } from '../define-command.ts';
import { EXIT } from '../exit-codes.ts';
import { type FetchItem, firstOfEach, readIdLine, readIdsFile, readIndexFile } from '../fetch/fetch-list.ts';
import { DEFAULT_RETRY } from '../fetch/http-get.ts';
import { DEFAULT_MIRROR, MIRROR_ENV, MIRRORS, mirrorTemplate } from '../fetch/mirrors.ts';
import { REJECTS_FILE, runFetch } from '../fetch/run-fetch.ts';
import { count } from '../plural.ts';
import { progressReporter } from '../progress.ts';
import { applyStrict, rejectSummary, strictOption } from '../reject-summary.ts';
import { UsageError } from '../usage-error.ts';

function readList(path: string, read: typeof readIdsFile, flag: string): ReturnType<typeof readIdsFile> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`${flag} ${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return read(text, path);
}

export const fetchCommand = defineCommand({
  builder: (y) =>
    strictOption(y, 'fetch')
      .positional('entries', {
        type: 'string',
        array: true,
        describe: 'PDB ids (1abc), optionally with the ligand: 1abc:SAH or 1abc:SAH:A:328 (or give a file)',
      })
      .option('ids', { type: 'string', describe: 'file of `1abc`, `1abc RES` or `1abc RES:CHAIN:NUMBER` lines (# comments)' })
      .option('pdbbind-index', {
        type: 'string',
        describe: 'PDBbind index file (INDEX_general_PL_data.YYYY...): ids and ligands by residue name, or (N-mer) peptides',
      })
      .option('out', {
        type: 'string',
        demandOption: true,
        describe: 'folder for the entries, ligands.tsv and the fetch records (resumable)',
      })
      .option('mirror', {
        type: 'string',
        describe: `${Object.keys(MIRRORS).join(', ')}, or a URL template with {id}, {ID} or {mid} (https:// or file:///); default $${MIRROR_ENV}, else ${DEFAULT_MIRROR}`,
      })
      .option('concurrency', { type: 'number', default: 4, describe: 'entries in flight at a time' })
      .option('attempts', {
        type: 'number',
        default: DEFAULT_RETRY.attempts,
        describe: 'tries per entry on 408, 429, 5xx and broken connections (the first included)',
      })
      .option('retry-delay', {
        type: 'number',
        default: DEFAULT_RETRY.baseDelay,
        describe: 'seconds before the first retry, doubled each time, with jitter; never less than Retry-After',
      })
      .option('recheck-missing', {
        type: 'boolean',
        default: false,
        describe: 'ask again for ids an earlier run found missing (404) or obsolete',
      })
      .check((a) => {
        if (!(Number.isInteger(a.concurrency) && a.concurrency >= 1 && a.concurrency <= 64))
          throw new Error('--concurrency must be a whole number from 1 to 64');
        if (!(Number.isInteger(a.attempts) && a.attempts >= 1)) throw new Error('--attempts must be a whole number >= 1');
        if (!(a['retry-delay'] >= 0)) throw new Error('--retry-delay must be a number of seconds >= 0');
        if (!a.entries?.length && !a.ids && !a['pdbbind-index'])
          throw new Error('name the entries: PDB ids, --ids FILE or --pdbbind-index FILE');
        const mirror = mirrorTemplate(a.mirror ?? process.env[MIRROR_ENV] ?? DEFAULT_MIRROR);
        if ('error' in mirror)
          throw new Error(a.mirror === undefined && process.env[MIRROR_ENV] ? `$${MIRROR_ENV}: ${mirror.error}` : mirror.error);
        return true;
      }),
  handler: async (args, io) => {
    const say = (line: string) => io.stderr.write(`fetch: ${line}\n`);
    const mirror = mirrorTemplate(args.mirror ?? process.env[MIRROR_ENV] ?? DEFAULT_MIRROR) as { template: string };
    const items: FetchItem[] = [];
    const problems: { id: string; path: string; stage: string; reason: string }[] = [];
    for (const word of args.entries ?? []) {
      // On the command line the ligand follows a colon: 1abc:SAH, 1abc:SAH:A:328.
      const colon = String(word).indexOf(':');
      const item = readIdLine(
        colon < 0 ? String(word) : `${String(word).slice(0, colon)} ${String(word).slice(colon + 1)}`,
        'command line',
      );
      if (typeof item === 'string') throw new UsageError(`'${word}': ${item}`);
      items.push(item);
    }
    for (const [path, read, flag] of [
      [args.ids, readIdsFile, '--ids'],
      [args['pdbbind-index'], readIndexFile, '--pdbbind-index'],
    ] as const) {
      if (!path) continue;
      const list = readList(path, read, flag);
      items.push(...list.items);
      for (const d of list.diagnostics)
        problems.push({ id: '', path: `${d.file}${d.line ? `:${d.line}` : ''}`, stage: 'list', reason: d.message });
    }
    const { items: unique, duplicates } = firstOfEach(items);
    for (const d of duplicates) say(d);
    const progress = progressReporter('fetch');
    say(`${count(unique.length, 'entry', 'entries')} from ${mirror.template} into ${args.out}`);
    const result = await runFetch({
      items: unique,
      out: args.out,
      template: mirror.template,
      concurrency: args.concurrency,
      retry: { ...DEFAULT_RETRY, attempts: args.attempts, baseDelay: args['retry-delay'] },
      recheckMissing: args['recheck-missing'],
      onProgress: progress.update,
    });
    progress.done();
    const rejects = [...problems, ...result.rejects];
    for (const r of rejects) say(`rejected ${r.id || r.path} (${r.stage}): ${r.reason}`);
    const present = result.outcomes.filter((x) => x.present).length;
    const fetched = result.outcomes.filter((x) => x.fetchedNow).length;
    say(
      `${present} of ${count(unique.length, 'entry', 'entries')} in ${args.out} (${fetched} fetched now, ${present - fetched} already there; ${result.requests} requests); ${rejectSummary(rejects, join(args.out, REJECTS_FILE))}`,
    );
    if (problems.length)
      say(
        `the ${problems.length === 1 ? 'list problem' : `${problems.length} list problems`} above ${problems.length === 1 ? 'is' : 'are'} not in ${REJECTS_FILE}, which lists entries`,
      );
    return applyStrict(args, rejects, say, present === 0 ? EXIT.failed : EXIT.ok);
  },
});
