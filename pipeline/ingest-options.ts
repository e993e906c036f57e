// The options every command that reads structures shares (ingest, hbonds, render, generate...),
// and their translation into the library's IngestOptions.
import type { Argv } from 'yargs';
import { DEFAULT_TOLERANCES } from '../structures/hbonds/criteria.ts';
import type { HBondOptions } from '../structures/hbonds/find-hbonds.ts';
import type { IngestOptions } from '../structures/ingest.ts';
import { DEFAULT_POCKET_HYDROGENS, DEFAULT_POCKET_RADIUS } from '../structures/pocket-cut.ts';

/** The flags a shared option helper below declares, as their type (declared once, in the helper). */
type FlagsOf<F extends (y: Argv) => Argv<unknown>> = ReturnType<F> extends Argv<infer A> ? A : never;

export function ingestOptions<T>(y: Argv<T>) {
  return y
    .option('ligand', {
      type: 'string',
      describe:
        'ligand of a whole PDB/mmCIF entry, as RES:CHAIN:NUMBER (e.g. STI:A:201) or a residue name (STI); default: the largest non-polymer, non-solvent group',
    })
    .option('ligands', {
      type: 'string',
      describe: 'TSV of entry id and RES:CHAIN:NUMBER (or RES), for many entries; default: a ligands.tsv beside the entries',
    })
    .option('pocket-radius', {
      type: 'number',
      default: DEFAULT_POCKET_RADIUS,
      describe: 'angstrom; residues with any atom this close to the ligand form the pocket when it is cut',
    })
    .option('pocket-hydrogens', {
      type: 'boolean',
      default: DEFAULT_POCKET_HYDROGENS,
      describe: 'count protein hydrogens when cutting a pocket (ligand: heavy atoms); --no-pocket-hydrogens for heavy atoms only',
    })
    .check((a) => {
      if (!(a['pocket-radius'] > 0)) throw new Error('--pocket-radius must be a positive number of angstrom');
      return true;
    });
}

export type IngestArgs = FlagsOf<typeof ingestOptions>;

/** The H-bond criteria options (ChimeraX `hbonds` defaults: relaxed by 0.4 A and 20 degrees). */
export function hbondOptions<T>(y: Argv<T>) {
  return y
    .option('relax', {
      type: 'boolean',
      default: DEFAULT_TOLERANCES.relax,
      describe: 'relax the H-bond criteria by the slops (--no-relax: exact criteria)',
    })
    .option('dist-slop', {
      type: 'number',
      default: DEFAULT_TOLERANCES.distSlop,
      describe: 'angstrom added to H-bond distance limits when relaxing',
    })
    .option('angle-slop', {
      type: 'number',
      default: DEFAULT_TOLERANCES.angleSlop,
      describe: 'degrees taken off H-bond angle limits when relaxing',
    })
    .option('waters', {
      type: 'boolean',
      default: false,
      describe: 'also count ligand-water H-bonds (default: pocket and ligand only, as the tasks use)',
    })
    .check((a) => {
      if (!(a['dist-slop'] >= 0) || !(a['angle-slop'] >= 0)) throw new Error('--dist-slop and --angle-slop must be numbers >= 0');
      return true;
    });
}

export type HBondArgs = FlagsOf<typeof hbondOptions>;

export function hbondOptionsFrom(args: HBondArgs): HBondOptions {
  return { relax: args.relax, distSlop: args['dist-slop'], angleSlop: args['angle-slop'], waters: args.waters };
}

/** The library options for parsed arguments; H-bonds are computed when their options are given. */
export function ingestOptionsFrom(args: IngestArgs & Partial<HBondArgs>, extra: Partial<IngestOptions> = {}): IngestOptions {
  return {
    ligand: args.ligand,
    ligandsFile: args.ligands,
    pocketRadius: args['pocket-radius'],
    pocketHydrogens: args['pocket-hydrogens'],
    ...(args.relax !== undefined ? { hbonds: hbondOptionsFrom(args as HBondArgs) } : {}),
    ...extra,
  };
}
