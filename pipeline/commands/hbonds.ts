// `misi-gen hbonds <input> [--ligand RES:CHAIN:NUMBER] [--json]`: the ligand-pocket hydrogen
// bonds of each complex ingest finds in <input>, by ChimeraX's `hbonds` criteria.
// stdout: the canonical list (`ARG 221 NH2 A, O22; ARG 221 N A, O23`, an empty line when there
// are none); with several complexes one line each, prefixed by the complex id and a tab.
// --json: one JSON record per bond. Progress and rejects go to stderr.
import type { CommandModule } from 'yargs';
import { ingest, IngestUsageError } from '../../structures/ingest.ts';
import { storeHBonds } from '../../structures/hbonds/find-hbonds.ts';
import { formatHBondList } from '../../structures/hbonds/canonical-format.ts';
import { ingestOptions, type IngestArgs } from '../ingest-options.ts';

interface Args extends IngestArgs {
  input: string;
  json: boolean;
  relax: boolean;
  'dist-slop': number;
  'angle-slop': number;
  waters: boolean;
}

export const hbondsCommand: CommandModule<object, Args> = {
  command: 'hbonds <input>',
  describe: 'Print the ligand-pocket hydrogen bonds (ChimeraX hbonds criteria, relaxed by default)',
  builder: (y) =>
    ingestOptions(y)
      .positional('input', { type: 'string', demandOption: true, describe: 'a PDBbind folder, a parent of many, or a whole PDB entry' })
      .option('json', { type: 'boolean', default: false, describe: 'one JSON record per bond instead of the canonical list' })
      .option('relax', { type: 'boolean', default: true, describe: 'relax the criteria by the slops (--no-relax: exact criteria)' })
      .option('dist-slop', { type: 'number', default: 0.4, describe: 'angstrom added to distance limits when relaxing' })
      .option('angle-slop', { type: 'number', default: 20, describe: 'degrees taken off angle limits when relaxing' })
      .option('waters', { type: 'boolean', default: false, describe: 'also count ligand-water H-bonds' }) as any,
  handler: async (args) => {
    let result;
    try {
      result = await ingest([args.input], {
        ligand: args.ligand, ligandsFile: args.ligands, pocketRadius: args['pocket-radius'], pocketHydrogens: args['pocket-hydrogens'],
      });
    } catch (e) {
      if (e instanceof IngestUsageError) {
        process.stderr.write(`misi-gen hbonds: ${e.message}\n`);
        process.exitCode = 2;
        return;
      }
      throw e;
    }
    for (const r of result.rejects) process.stderr.write(`rejected ${r.id} (${r.path}, ${r.stage}): ${r.reason}\n`);
    if (!result.complexes.length) {
      process.stderr.write(`misi-gen hbonds: no complex could be read from ${args.input}\n`);
      process.exitCode = 1;
      return;
    }
    const options = { relax: args.relax, distSlop: args['dist-slop'], angleSlop: args['angle-slop'], waters: args.waters };
    const several = result.complexes.length > 1;
    const out: string[] = [];
    for (const c of result.complexes) {
      const bonds = storeHBonds(c, options);
      if (args.json) {
        for (const b of bonds) out.push(JSON.stringify({ complex: c.id, ...b }));
      } else {
        out.push(several ? `${c.id}\t${formatHBondList(bonds)}` : formatHBondList(bonds));
      }
    }
    if (out.length) process.stdout.write(out.join('\n') + '\n');
    else if (!args.json) process.stdout.write('\n');
  },
};
