// The same scenes drawn by PyMOL (Debian package `pymol`), ray-traced at the same size:
// pocket + ligand heavy atoms as sticks (radius 0.2 A), the dataset's colours, residue and
// ligand-atom labels, black background. Each complex is written as a PDB file of its drawn
// atoms; a Python script times every `png ..., ray=1` call alone (PyMOL's start-up and the
// loading of files are not counted).
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawnScene } from '../../renders/scene-atoms.ts';
import { makeStyle } from '../../renders/style.ts';
import { parseSubset } from '../../renders/subset.ts';
import type { Complex } from '../../structures/model.ts';

/** The Python with PyMOL's module: Debian's, whatever python3 comes first on PATH. */
export const PYMOL_PYTHON = '/usr/bin/python3';

export function pymolAvailable(): boolean {
  return existsSync(PYMOL_PYTHON) && existsSync('/usr/lib/python3/dist-packages/pymol');
}

const pad = (s: string, n: number) => s.slice(0, n).padEnd(n);
const num = (v: number, w: number) => v.toFixed(3).padStart(w);

/** PDB text of the drawn atoms (default style); the B-factor column holds residue parity. */
export function drawnAtomsPdb(complex: Complex): string {
  const d = drawnScene(complex, parseSubset('full'), makeStyle());
  return (
    d.atoms
      .map((a, i) => {
        const het = a.part === 'ligand';
        const name = a.atomName.length < 4 ? ` ${a.atomName}` : a.atomName;
        return (
          `${het ? 'HETATM' : 'ATOM  '}${String(i + 1).padStart(5)} ${pad(name, 4)} ${pad(het ? 'LIG' : a.residueName, 3).padStart(3)} ${a.chain.slice(0, 1) || 'A'}${String(het ? 999 : a.residueNumber).padStart(4)}${a.insertionCode.slice(0, 1) || ' '}   ` +
          `${num(a.xyz[0], 8)}${num(a.xyz[1], 8)}${num(a.xyz[2], 8)}  1.00${(het ? 0 : a.residueIndex % 2).toFixed(2).padStart(6)}          ${a.element.padStart(2)}`
        );
      })
      .join('\n') + '\nEND\n'
  );
}

const SCRIPT = `
import json, sys, time
import pymol
pymol.finish_launching(['pymol', '-qc'])
from pymol import cmd
jobs = json.loads(sys.argv[1])
times = []
for job in jobs:
    cmd.reinitialize()
    cmd.load(job['pdb'], 'm')
    cmd.bg_color('black')
    cmd.set('ray_opaque_background', 1)
    cmd.set('field_of_view', 30)
    cmd.set('stick_radius', 0.2)
    cmd.set('label_size', 12)
    cmd.set('label_color', 'white')
    cmd.hide('everything')
    cmd.show('sticks', 'm and not hydro')
    cmd.color('0xBF99F2', 'elem C and b < 0.5')
    cmd.color('0xF2B366', 'elem C and b > 0.5')
    cmd.color('0x909090', 'elem C and resn LIG')
    cmd.color('0xFF0D0D', 'elem O')
    cmd.color('0x3050F8', 'elem N')
    cmd.label('m and name CA and not resn LIG', '"%s %s" % (resn, resi)')
    cmd.label('m and resn LIG', 'name')
    cmd.orient('m')
    cmd.zoom('m', complete=1)
    for k, out in enumerate(job['outs']):
        if k:
            cmd.turn('y', 60)
        t = time.perf_counter()
        cmd.png(out, width=job['size'], height=job['size'], ray=1)
        times.append(time.perf_counter() - t)
print(json.dumps(times))
`;

/** Draws `perComplex` images of each complex with PyMOL into `dir`; seconds per image. */
export async function pymolTimes(complexes: Complex[], perComplex: number, dir: string, size = 512): Promise<number[]> {
  const jobs = complexes.map((c) => {
    const pdb = join(dir, `${c.id}.pdb`);
    writeFileSync(pdb, drawnAtomsPdb(c));
    return { pdb, size, outs: Array.from({ length: perComplex }, (_, k) => join(dir, `${c.id}-pymol-${k}.png`)) };
  });
  const script = join(dir, 'pymol-bench.py');
  writeFileSync(script, SCRIPT);
  // Debian's PyMOL lives in the system Python; keep a user's other pythons out of the way.
  const env = { ...process.env, PATH: '/usr/bin:/bin', PYTHONPATH: '', PYTHONHOME: '' };
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(PYMOL_PYTHON, [script, JSON.stringify(jobs)], { env, maxBuffer: 1 << 24 }, (err, out, errText) => {
      if (err) reject(new Error(`PyMOL failed: ${(errText || err.message).trim().split('\n').pop()}`));
      else resolve(out);
    });
  });
  const last = stdout.trim().split('\n').pop() ?? '[]';
  return JSON.parse(last) as number[];
}
