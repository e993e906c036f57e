// Where an entry is fetched from: a named archive or a URL template. Templates hold `{id}`
// (lower case, `1abc`), `{ID}` (upper case) or `{mid}` (the middle two characters, `ab`: the
// wwPDB "divided" layout that sites mirror locally); https://, http:// or file:/// URLs.
// The addresses are the archives' documented download locations (RCSB's file download
// services, the wwPDB's "PDB Archive Downloads" page); see docs/structures.md.

export const MIRRORS: Readonly<Record<string, string>> = {
  rcsb: 'https://files.rcsb.org/download/{ID}.cif.gz',
  wwpdb: 'https://files.wwpdb.org/pub/pdb/data/structures/divided/mmCIF/{mid}/{id}.cif.gz',
  pdbe: 'https://ftp.ebi.ac.uk/pub/databases/pdb/data/structures/divided/mmCIF/{mid}/{id}.cif.gz',
  pdbj: 'https://files.pdbj.org/pub/pdb/data/structures/divided/mmCIF/{mid}/{id}.cif.gz',
};

export const DEFAULT_MIRROR = 'rcsb';
/** The environment variable that sets the mirror when `--mirror` is not given. */
export const MIRROR_ENV = 'MISI_GEN_MIRROR';

/** The URL template for a mirror name or template; a string starting `error:` is why not. */
export function mirrorTemplate(mirror: string): { template: string } | { error: string } {
  const named = MIRRORS[mirror.toLowerCase()];
  if (named) return { template: named };
  if (!/^(https?:\/\/|file:\/\/\/)/.test(mirror))
    return {
      error: `--mirror '${mirror}' is neither ${Object.keys(MIRRORS).join(', ')} nor an https://, http:// or file:/// URL template`,
    };
  if (!/\{(id|ID|mid)\}/.test(mirror)) return { error: `--mirror template '${mirror}' holds none of {id}, {ID}, {mid}` };
  return { template: mirror };
}

/** The URL of entry `id` (4 characters, any case) under `template`. */
export function entryUrl(template: string, id: string): string {
  const lower = id.toLowerCase();
  return template.replaceAll('{id}', lower).replaceAll('{ID}', lower.toUpperCase()).replaceAll('{mid}', lower.slice(1, 3));
}
