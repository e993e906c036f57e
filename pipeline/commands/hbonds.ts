// `misi-gen hbonds <input...> | --structures <paths...> [--ligand RES:CHAIN:NUMBER] [--json | --explain]`: the ligand-pocket
// hydrogen bonds of each complex ingest finds in <input>, by ChimeraX's `hbonds` criteria.
// stdout: the canonical list (`ARG 221 NH2 A, O22; ARG 221 N A, O23`, an empty line when there
// are none); with several complexes one line each, prefixed by the complex id and a tab.
// --json: one JSON record per bond. --explain: one line per ordered ligand-pocket pair within
// 5 A, `donor -> acceptor<TAB>H-bond|no<TAB>deciding rule<TAB>reason` (prefixed by the complex
// id and a tab when there are several), from the same decision the finder uses.
// Progress and rejects go to stderr.

import { formatHBondList } from '../../structures/hbonds/canonical-format.ts';
import { explainComplex, formatExplainedPair } from '../../structures/hbonds/explain-complex.ts';
import { ingest } from '../../structures/ingest.ts';
import { changeKind } from '../content-warnings.ts';
import { defineCommand } from '../define-command.ts';
import { CommandFailure } from '../exit-codes.ts';
import { hbondOptions, hbondOptionsFrom, ingestOptions, ingestOptionsFrom } from '../ingest-options.ts';
import { checkInputPaths, structurePaths } from '../input-paths.ts';
import { UsageError } from '../usage-error.ts';

export const hbondsCommand = defineCommand({
  builder: (y) =>
    hbondOptions(ingestOptions(y))
      .positional('input', {
        type: 'string',
        array: true,
        describe: 'PDBbind folders, parents of many, or whole PDB/mmCIF entries (or give them with --structures)',
      })
      .option('structures', { type: 'string', array: true, describe: 'files or folders to read, as the positional paths' })
      .option('json', { type: 'boolean', default: false, describe: 'one JSON record per bond instead of the canonical list' })
      .option('explain', {
        type: 'boolean',
        default: false,
        describe: 'one line per ordered ligand-pocket pair within 5 A: H-bond or not, and the rule that decided it',
      })
      .check((a) => {
        if (a.json && a.explain) throw new Error('--json and --explain cannot be combined');
        return true;
      }),
  handler: async (args, io) => {
    const paths = structurePaths(args.input, args.structures);
    if (!paths.length) throw new UsageError('hbonds needs a structure path (as an argument or with --structures)');
    await checkInputPaths(paths);
    const result = await ingest(paths, ingestOptionsFrom(args));
    for (const r of result.rejects) io.stderr.write(`rejected ${r.id} (${r.path}, ${r.stage}): ${r.reason}\n`);
    if (!result.complexes.length) {
      throw new CommandFailure(`no complex could be read from ${paths.join(', ')}`);
    }
    // Readings that change the answer (another ligand file, renamed atoms...): said, not only recorded.
    for (const c of result.complexes) for (const w of c.warnings) if (changeKind(w)) io.stderr.write(`hbonds: ${c.id}: ${w.message}\n`);
    const several = result.complexes.length > 1;
    const out: string[] = [];
    for (const c of result.complexes) {
      const bonds = c.hbonds ?? [];
      if (args.explain) {
        for (const p of explainComplex(c, hbondOptionsFrom(args)))
          out.push(several ? `${c.id}\t${formatExplainedPair(p)}` : formatExplainedPair(p));
      } else if (args.json) {
        for (const b of bonds) out.push(JSON.stringify({ complex: c.id, ...b }));
      } else {
        out.push(several ? `${c.id}\t${formatHBondList(bonds)}` : formatHBondList(bonds));
      }
    }
    if (out.length) io.stdout.write(out.join('\n') + '\n');
    else if (!args.json && !args.explain) io.stdout.write('\n');
  },
});
