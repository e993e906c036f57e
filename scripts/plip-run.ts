// Running Debian's PLIP (`plipcmd`) on one complex, for the cross-checks against it
// (scripts/plip-crosscheck-hbonds.ts, scripts/plip-crosscheck-interactions.ts): the pocket and
// the ligand written as one PDB (ligand as HETATM residue LIG 999, chain Z, CONECT records for
// its bonds), `plipcmd --nohydro -x` on it (the file's hydrogens kept), the XML report cached
// beside the PDB, so a rerun on the same text is quick.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Complex } from '../structures/model.ts';

const run = promisify(execFile);
export const LIG_CHAIN = 'Z';
export const LIG_NUMBER = 999;

/** Where a written atom came from: a pocket residue's atom, a metal ion's, or the ligand's. */
export interface WrittenAtom {
  side: 'pocket' | 'ligand' | 'metal';
  /** Index into complex.pocket or complex.metals. */
  res?: number;
  /** Index into the residue's (or the ligand's) atoms. */
  atom: number;
}

export interface MergedOptions {
  /**
   * Also write the metal ions within METALS_NEAR of a ligand atom, as atoms of the ligand's
   * residue (after its own atoms, no CONECT): PLIP reports a metal's coordination by the
   * ligand only for a metal it takes as part of the ligand (a SMALLMOLECULE+ION composite).
   */
  metals?: boolean;
}

/** Angstrom: metals this close to a ligand atom go into the ligand residue with `metals`. */
export const METALS_NEAR = 4.0;

/** Pocket (then metals when asked) then ligand as PDB text, with the origin of every serial. */
export function mergedPdb(c: Complex, options: MergedOptions = {}): { text: string; serials: Map<number, WrittenAtom> } {
  const lines: string[] = [];
  const serials = new Map<number, WrittenAtom>();
  let serial = 0;
  // A chain id longer than one character (blank chains told apart as _1, _2) would shift the
  // columns: each gets a free one-letter id (atoms are mapped back by serial, not by chain).
  const used = new Set([...c.pocket, ...c.metals].map((r) => r.chain).filter((x) => x.length === 1));
  const free = [...'ABCDEFGHIJKLMNOPQRSTUVWXY0123456789abcdefghijklmnopqrstuvwxyz'].filter((x) => !used.has(x) && x !== LIG_CHAIN);
  const oneLetter = new Map<string, string>();
  const chainId = (chain: string) => {
    if (chain.length <= 1) return chain || ' ';
    if (!oneLetter.has(chain)) oneLetter.set(chain, free[oneLetter.size] ?? ' ');
    return oneLetter.get(chain)!;
  };
  const fmtName = (name: string, element: string) => (name.length < 4 && element.length === 1 ? ` ${name}` : name).padEnd(4).slice(0, 4);
  const line = (rec: string, name: string, resName: string, chain: string, num: number, icode: string, xyz: number[], element: string) => {
    serial++;
    lines.push(
      `${rec.padEnd(6)}${String(serial).padStart(5)} ${fmtName(name, element)} ${resName.padStart(3).slice(-3)} ${chainId(chain)}${String(num).padStart(4)}${icode || ' '}   ` +
        `${xyz.map((v) => v.toFixed(3).padStart(8)).join('')}  1.00  0.00          ${element.toUpperCase().padStart(2)}  `,
    );
  };
  c.pocket.forEach((r, ri) =>
    r.atoms.forEach((a, ai) => {
      line(r.hetero ? 'HETATM' : 'ATOM', a.name, r.name, r.chain, r.number, r.insertionCode, a.xyz, a.element);
      serials.set(serial, { side: 'pocket', res: ri, atom: ai });
    }),
  );
  serial++; // TER takes a serial, as PLIP's file fixer expects
  lines.push(`TER   ${String(serial).padStart(5)}`.padEnd(80));
  c.ligand.atoms.forEach((a, ai) => {
    line('HETATM', `${a.element}${ai + 1}`.slice(0, 4), 'LIG', LIG_CHAIN, LIG_NUMBER, '', a.xyz, a.element);
    serials.set(serial, { side: 'ligand', atom: ai });
  });
  const ligandEnd = serial;
  if (options.metals) {
    const near = (xyz: number[]) =>
      c.ligand.atoms.some((l) => Math.hypot(l.xyz[0] - xyz[0], l.xyz[1] - xyz[1], l.xyz[2] - xyz[2]) < METALS_NEAR);
    c.metals.forEach((r, ri) =>
      r.atoms.forEach((a, ai) => {
        if (!near(a.xyz)) return;
        line('HETATM', a.element.toUpperCase(), 'LIG', LIG_CHAIN, LIG_NUMBER, '', a.xyz, a.element);
        serials.set(serial, { side: 'metal', res: ri, atom: ai });
      }),
    );
  }
  for (const b of c.ligand.bonds) {
    const base = ligandEnd - c.ligand.atoms.length;
    lines.push(`CONECT${String(base + b.a + 1).padStart(5)}${String(base + b.b + 1).padStart(5)}`);
  }
  lines.push('END');
  return { text: lines.join('\n') + '\n', serials };
}

/** PLIP's XML report for the complex (run once, then read from `work`/<id>/). */
export async function plipReport(
  c: Complex,
  work: string,
  options: MergedOptions = {},
): Promise<{ xml: string; serials: Map<number, WrittenAtom> }> {
  const dir = join(work, c.id);
  mkdirSync(dir, { recursive: true });
  const { text, serials } = mergedPdb(c, options);
  const pdb = join(dir, `${c.id}_merged.pdb`);
  const report = join(dir, 'report.xml');
  // Lines are padded to 80 columns: PLIP's fixer drops ATOM lines that end in 'H'.
  const cached = existsSync(pdb) && readFileSync(pdb, 'utf8') === text && existsSync(report);
  if (!cached) {
    writeFileSync(pdb, text);
    await run('plipcmd', ['-f', pdb, '--nohydro', '-x', '-o', dir, '--name', 'report', '--maxthreads', '1', '-q'], { maxBuffer: 1 << 26 });
  }
  return { xml: readFileSync(report, 'utf8'), serials };
}

/** The text of the first `<name>` element in `xml`, '' when absent. */
export const xmlTag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';

/** The part of PLIP's report for the binding site of the ligand LIG:Z:999 ('' when PLIP found none). */
export function ligandSite(xml: string): string {
  return xml.split('<bindingsite').find((s) => new RegExp(`<member id="\\d+">LIG:${LIG_CHAIN}:${LIG_NUMBER}</member>`).test(s)) ?? '';
}
