// How often the ligand-of-interest rule (structures/ligand-of-interest.ts) picks the ligand a
// curated list names: for each entry of ../shared/structures/pdb-entries/ligands.tsv (PLIP's
// test structures, one RES:CHAIN:NUMBER each), the residue-name rule given RES alone and the
// nameless rule, against the listed residue. Prints each disagreement and the counts.
// Run: node --import tsx scripts/ligand-rule-agreement.ts [folder]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chooseLigand } from '../structures/ligand-of-interest.ts';
import { parsePdb } from '../structures/read-pdb.ts';
import { formatSelector } from '../structures/residue-kinds.ts';

const dir = resolve(process.argv[2] ?? '../shared/structures/pdb-entries');
const rows = readFileSync(join(dir, 'ligands.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split('\t'));
let byName = 0;
let nameless = 0;
for (const [id, listed] of rows) {
  const residues = parsePdb(readFileSync(join(dir, `${id}.pdb`), 'utf8'), id).residues;
  const shown = (c: ReturnType<typeof chooseLigand>) => (typeof c === 'string' ? `none (${c})` : formatSelector(c.residue));
  const a = shown(chooseLigand(residues, { name: listed.split(':')[0] }));
  const b = shown(chooseLigand(residues, null));
  if (a === listed) byName++;
  else console.log(`${id}: listed ${listed}; by residue name ${a}`);
  if (b === listed) nameless++;
  else console.log(`${id}: listed ${listed}; without a name ${b}`);
}
console.log(
  `${rows.length} entries listed: the residue-name rule picks the listed residue for ${byName}, the nameless rule for ${nameless}`,
);
