// A PDB archive for the fetch tests: entries made from the bundled sample's whole entry
// (3mht.pdb converted to mmCIF by gemmi, as the archive's own files are written by wwPDB tools,
// then gzipped), copies of it under other ids (`_entry.id` changed), served over HTTP on
// 127.0.0.1 in RCSB's layout (`/download/{ID}.cif.gz`) with faults injected on request.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SAMPLE } from '../shared-structures.ts';

export const NO_GEMMI: string | false =
  spawnSync('gemmi', ['--version']).status === 0 ? false : 'gemmi is not installed (apt-get install gemmi)';

let sampleCif: string | undefined;

/** The sample entry 3mht as mmCIF text (gemmi convert). */
export function sampleMmcif(): string {
  if (sampleCif) return sampleCif;
  const dir = mkdtempSync(join(tmpdir(), 'misi-gemmi-'));
  try {
    const out = join(dir, '3mht.cif');
    const r = spawnSync('gemmi', ['convert', join(SAMPLE, 'pdb-entries/3mht.pdb'), out], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`gemmi convert failed: ${r.stderr}`);
    return (sampleCif = readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The sample entry under another id (its data block and `_entry.id` renamed). */
export function entryText(id: string): string {
  return sampleMmcif().replaceAll('3mht', id.toLowerCase());
}

export type Fault = '429' | '500' | 'drop' | 'not-gzip';

export interface FakeArchive {
  url: string;
  /** The RCSB-style template for --mirror. */
  template: string;
  /** Every request: the id asked for, when (ms), and what was answered. */
  log: { id: string; at: number; answer: string }[];
  close: () => Promise<void>;
}

/**
 * Serves `entries` (id -> gz bytes); `faults` (id -> answers to give first, in order); each
 * answer after `delayMs`. Anything else is 404.
 */
export async function startArchive(
  entries: Map<string, Buffer>,
  faults: Map<string, Fault[]> = new Map(),
  delayMs = 0,
): Promise<FakeArchive> {
  const log: FakeArchive['log'] = [];
  const pending = new Map([...faults].map(([k, v]) => [k, [...v]]));
  const server: Server = createServer((req, res) => {
    const m = /^\/download\/([0-9A-Za-z]{4})\.cif\.gz$/.exec(req.url ?? '');
    const id = m ? m[1].toLowerCase() : '';
    const answer = (what: string) => log.push({ id, at: Date.now(), answer: what });
    setTimeout(() => {
      const body = entries.get(id);
      if (!m || !body) {
        answer('404');
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
        return;
      }
      const fault = pending.get(id)?.shift();
      answer(fault ?? '200');
      if (fault === '429') res.writeHead(429, { 'retry-after': '1' }).end('slow down');
      else if (fault === '500') res.writeHead(500).end('internal error');
      else if (fault === 'not-gzip')
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Service temporarily unavailable</body></html>');
      else if (fault === 'drop') {
        res.writeHead(200, { 'content-length': String(body.length) });
        res.write(body.subarray(0, body.length >> 1), () => res.socket?.destroy());
      } else res.writeHead(200, { 'content-length': String(body.length), 'content-type': 'application/octet-stream' }).end(body);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    template: `${url}/download/{ID}.cif.gz`,
    log,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** gz bytes of the sample entry under each id. */
export function archiveOf(ids: string[]): Map<string, Buffer> {
  return new Map(ids.map((id) => [id, gzipSync(entryText(id))]));
}
