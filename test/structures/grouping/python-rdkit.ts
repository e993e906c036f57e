// Runs the Python RDKit reference (test/structures/grouping/murcko-rdkit.py) for the scaffold
// cross-check. Debian's python3-rdkit lives under /usr/bin/python3; a `python3` earlier on the
// PATH (pyenv, venv) may not see it, so both are tried.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./murcko-rdkit.py', import.meta.url));
const CANDIDATES = ['python3', '/usr/bin/python3'];

let found: { python: string } | { missing: string } | null = null;

/** The Python that can import RDKit's MurckoScaffold, or why there is none. */
export function pythonRdkit(): { python: string } | { missing: string } {
  if (found) return found;
  const tried: string[] = [];
  for (const python of CANDIDATES) {
    const r = spawnSync(python, ['-c', 'from rdkit.Chem.Scaffolds import MurckoScaffold'], { encoding: 'utf8' });
    if (r.status === 0) return (found = { python });
    tried.push(`${python}: ${r.error ? r.error.message : (r.stderr.trim().split('\n').pop() ?? `exit ${r.status}`)}`);
  }
  return (found = { missing: `python3-rdkit is not installed (${tried.join('; ')})` });
}

/** Skip reason for tests that need Python RDKit, or false. */
export const NEEDS_PYTHON_RDKIT = (): string | false => {
  const p = pythonRdkit();
  return 'missing' in p ? p.missing : false;
};

export interface ReferenceInput {
  id: string;
  /** misi-gen's scaffold (null when it had none). */
  js: string | null;
  /** The molecule misi-gen started from: its SMILES, or a molblock when it had none. */
  smiles?: string;
  molblock?: string;
  /** The ligand's SDF file, read by RDKit as a second, independent input. */
  sdf?: string;
}

export interface ReferenceSide {
  /** The input molecule as canonical SMILES; null when RDKit could not read it. */
  input: string | null;
  scaffold: string | null;
  agree: boolean;
}

export interface ReferenceResult {
  id: string;
  jsCanon: string | null;
  same: ReferenceSide;
  sdf?: ReferenceSide;
}

/** Scaffolds by Python RDKit for each input, both sides canonicalised by that RDKit. */
export function referenceScaffolds(items: ReferenceInput[]): ReferenceResult[] {
  const p = pythonRdkit();
  if ('missing' in p) throw new Error(p.missing);
  const r = spawnSync(p.python, [SCRIPT], {
    input: items.map((i) => JSON.stringify(i)).join('\n'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`murcko-rdkit.py failed: ${r.stderr}`);
  return r.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ReferenceResult);
}
