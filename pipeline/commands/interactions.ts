// `misi-gen interactions <input...> | --structures <paths...> [--kinds k,k] [--json]`: every
// pocket-ligand interaction of each complex ingest finds in <input>: H-bonds (the `hbonds`
// finder, same flags), salt bridges, pi-stacking, cation-pi, halogen bonds, hydrophobic
// contacts, metal coordination (structures/interactions/, criteria in docs/interactions.md).
// stdout: one line per interaction, tab-separated (kind, residue, its atoms, ligand atoms,
// measures), prefixed by the complex id and a tab when there are several complexes.
// --json: one JSON record per interaction. Progress and rejects go to stderr.

import { ingest } from '../../structures/ingest.ts';
import { findInteractions, INTERACTION_KINDS, type InteractionKind } from '../../structures/interactions/find-interactions.ts';
import { formatInteraction } from '../../structures/interactions/format.ts';
import { changeKind } from '../content-warnings.ts';
import { defineCommand } from '../define-command.ts';
import { CommandFailure } from '../exit-codes.ts';
import { hbondOptions, ingestOptions, ingestOptionsFrom } from '../ingest-options.ts';
import { checkInputPaths, structurePaths } from '../input-paths.ts';
import { UsageError } from '../usage-error.ts';

export const interactionsCommand = defineCommand({
  builder: (y) =>
    hbondOptions(ingestOptions(y))
      .positional('input', {
        type: 'string',
        array: true,
        describe: 'PDBbind folders, parents of many, or whole PDB/mmCIF entries (or give them with --structures)',
      })
      .option('structures', { type: 'string', array: true, describe: 'files or folders to read, as the positional paths' })
      .option('kinds', {
        type: 'string',
        describe: `only these kinds, comma-separated (${INTERACTION_KINDS.join(', ')})`,
      })
      .option('json', { type: 'boolean', default: false, describe: 'one JSON record per interaction instead of one line' }),
  handler: async (args, io) => {
    const kinds = args.kinds === undefined ? [...INTERACTION_KINDS] : args.kinds.split(',').map((k) => k.trim());
    const unknown = kinds.filter((k) => !(INTERACTION_KINDS as readonly string[]).includes(k));
    if (unknown.length) throw new UsageError(`--kinds: unknown kind ${unknown.join(', ')} (known: ${INTERACTION_KINDS.join(', ')})`);
    const paths = structurePaths(args.input, args.structures);
    if (!paths.length) throw new UsageError('interactions needs a structure path (as an argument or with --structures)');
    await checkInputPaths(paths);
    const result = await ingest(paths, ingestOptionsFrom(args));
    for (const r of result.rejects) io.stderr.write(`rejected ${r.id} (${r.path}, ${r.stage}): ${r.reason}\n`);
    if (!result.complexes.length) throw new CommandFailure(`no complex could be read from ${paths.join(', ')}`);
    for (const c of result.complexes)
      for (const w of c.warnings) if (changeKind(w)) io.stderr.write(`interactions: ${c.id}: ${w.message}\n`);
    const several = result.complexes.length > 1;
    const out: string[] = [];
    for (const c of result.complexes) {
      const list = findInteractions(c).filter((i) => kinds.includes(i.kind as InteractionKind));
      for (const i of list) {
        if (args.json) out.push(JSON.stringify({ complex: c.id, ...i }));
        else out.push(several ? `${c.id}\t${formatInteraction(i)}` : formatInteraction(i));
      }
    }
    if (out.length) io.stdout.write(out.join('\n') + '\n');
  },
});
