// Finding inputs under the paths a user gives, and grouping files into complexes.
// Layouts: (1) PDBbind folders `<id>/<id>_pocket.pdb` + `<id>_ligand.mol2|sdf` (+ optional
// `<id>_protein.pdb`); (2) the same without a pocket file, cut from `_protein.pdb`; (3) a whole
// entry `<id>.pdb|.cif` (also gzipped, `.cif.gz`) with a ligand selector or a `ligands.tsv`
// beside it. Every file that matches none is reported.

import { stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import fg from 'fast-glob';

export interface FolderJob {
  kind: 'folder';
  id: string;
  dir: string;
  pocket?: string;
  protein?: string;
  mol2?: string;
  sdf?: string;
}

export interface EntryJob {
  kind: 'entry';
  id: string;
  path: string;
  /** A `ligands.tsv` in the entry's folder (as `misi-gen fetch` writes), when there is one. */
  ligandsFile?: string;
}

export type InputJob = FolderJob | EntryJob;

export interface DiscoveryProblem {
  id: string;
  path: string;
  reason: string;
}

const PARTNER = /_(pocket|protein|ligand)\.(pdb|mol2|sdf)$/i;
/** Whole entries, also gzipped as the archives serve them (`1abc.cif.gz`). */
const ENTRY = /\.(pdb|ent|cif|mmcif)(\.gz)?$/i;
/** The file beside entries that names their ligands. */
export const LIGANDS_TSV = 'ligands.tsv';
const STRUCTURE = /\.(pdb|ent|cif|mmcif|mol2|sdf|mol)$/i;
/** The files discovery looks at under a folder (fast-glob pattern). */
export const STRUCTURE_FILES_GLOB = '**/*.{pdb,PDB,ent,cif,mmcif,mol2,sdf,mol,pdb.gz,PDB.gz,ent.gz,cif.gz,mmcif.gz}';

/** All structure files under the given paths (files or folders), sorted. */
async function listFiles(paths: string[]): Promise<{ files: string[]; problems: DiscoveryProblem[] }> {
  const files = new Set<string>();
  const problems: DiscoveryProblem[] = [];
  for (const p of paths) {
    const abs = resolve(p);
    const st = await stat(abs).catch((e: NodeJS.ErrnoException) => e);
    if (st instanceof Error) {
      problems.push({
        id: basename(p),
        path: p,
        reason: st.code === 'ENOENT' ? 'path does not exist' : `cannot read path (${st.code ?? st.message})`,
      });
      continue;
    }
    if (st.isFile()) {
      files.add(abs);
      continue;
    }
    const found = await fg(STRUCTURE_FILES_GLOB, { cwd: abs, absolute: true, followSymbolicLinks: true, suppressErrors: true });
    for (const f of found) files.add(resolve(f));
  }
  return { files: [...files].sort(), problems };
}

/** Groups the files into complexes; what fits no layout becomes a problem with its reason. */
export async function discoverInputs(paths: string[]): Promise<{ jobs: InputJob[]; problems: DiscoveryProblem[] }> {
  const { files, problems } = await listFiles(paths);
  const folders = new Map<string, FolderJob>();
  const entries: EntryJob[] = [];
  const tsvSeen = new Map<string, boolean>();
  for (const f of files) {
    const m = PARTNER.exec(basename(f));
    if (m) {
      const dir = dirname(f);
      let job = folders.get(dir);
      if (!job) folders.set(dir, (job = { kind: 'folder', id: basename(dir), dir }));
      const role = m[1].toLowerCase();
      const ext = m[2].toLowerCase();
      if (role === 'pocket' && ext === 'pdb') job.pocket = f;
      else if (role === 'protein' && ext === 'pdb') job.protein = f;
      else if (role === 'ligand' && ext === 'mol2') job.mol2 = f;
      else if (role === 'ligand' && ext === 'sdf') job.sdf = f;
      else
        problems.push({
          id: basename(dir),
          path: f,
          reason: `'${basename(f)}' fits no known layout (expected _pocket.pdb, _protein.pdb, _ligand.mol2 or _ligand.sdf)`,
        });
    } else if (ENTRY.test(f)) {
      const besideTsv = join(dirname(f), LIGANDS_TSV);
      if (!tsvSeen.has(besideTsv))
        tsvSeen.set(
          besideTsv,
          await stat(besideTsv).then(
            (s) => s.isFile(),
            () => false,
          ),
        );
      entries.push({
        kind: 'entry',
        id: basename(f).replace(ENTRY, ''),
        path: f,
        ...(tsvSeen.get(besideTsv) ? { ligandsFile: besideTsv } : {}),
      });
    } else if (STRUCTURE.test(f)) {
      problems.push({
        id: basename(f).replace(STRUCTURE, ''),
        path: f,
        reason: 'a ligand file without a partner: name it <id>_ligand.mol2/sdf beside <id>_pocket.pdb or <id>_protein.pdb',
      });
    }
  }
  const jobs: InputJob[] = [];
  for (const job of folders.values()) {
    if (!job.mol2 && !job.sdf) {
      problems.push({
        id: job.id,
        path: job.pocket ?? job.protein ?? job.dir,
        reason: `missing partner file: no ${job.id}_ligand.mol2 or ${job.id}_ligand.sdf beside it`,
      });
    } else if (!job.pocket && !job.protein) {
      problems.push({
        id: job.id,
        path: job.mol2 ?? job.sdf ?? job.dir,
        reason: `missing partner file: no ${job.id}_pocket.pdb or ${job.id}_protein.pdb beside the ligand`,
      });
    } else {
      jobs.push(job);
    }
  }
  jobs.push(...entries);
  const firstPath = (j: InputJob) => (j.kind === 'entry' ? j.path : (j.pocket ?? j.protein ?? j.mol2 ?? j.sdf)!);
  jobs.sort((a, b) => (firstPath(a) < firstPath(b) ? -1 : firstPath(a) > firstPath(b) ? 1 : 0));
  // A duplicate id: the first in sorted path order wins.
  const seen = new Map<string, string>();
  const unique: InputJob[] = [];
  for (const j of jobs) {
    const prior = seen.get(j.id);
    if (prior) {
      problems.push({ id: j.id, path: firstPath(j), reason: `duplicate id '${j.id}': already read from ${prior}` });
      continue;
    }
    seen.set(j.id, firstPath(j));
    unique.push(j);
  }
  return { jobs: unique, problems };
}
