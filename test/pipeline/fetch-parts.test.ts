// The pieces of `misi-gen fetch` that need no server: mirror templates, Retry-After, the
// backoff's bounds, ids files and the checks a fetched body must pass.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { checkEntry } from '../../pipeline/fetch/check-entry.ts';
import { firstOfEach, readIdsFile } from '../../pipeline/fetch/fetch-list.ts';
import { backoffSeconds, DEFAULT_RETRY, retryAfterSeconds } from '../../pipeline/fetch/http-get.ts';
import { entryUrl, MIRRORS, mirrorTemplate } from '../../pipeline/fetch/mirrors.ts';

test('mirror templates: {id}, {ID}, {mid}; names, URLs and what is neither', () => {
  assert.equal(entryUrl(MIRRORS.rcsb, '1ABC'), 'https://files.rcsb.org/download/1ABC.cif.gz');
  assert.equal(entryUrl(MIRRORS.wwpdb, '1Abc'), 'https://files.wwpdb.org/pub/pdb/data/structures/divided/mmCIF/ab/1abc.cif.gz');
  assert.equal(entryUrl('file:///data/{mid}/{id}-{ID}.cif.gz', '1abc'), 'file:///data/ab/1abc-1ABC.cif.gz');
  assert.deepEqual(mirrorTemplate('PDBj'), { template: MIRRORS.pdbj });
  assert.match((mirrorTemplate('ftp://x/{id}') as { error: string }).error, /neither rcsb/);
  assert.match((mirrorTemplate('https://x/entry.cif.gz') as { error: string }).error, /none of \{id\}/);
});

test('Retry-After as seconds or an HTTP date; backoff doubles within jitter bounds and is capped', () => {
  assert.equal(retryAfterSeconds('7'), 7);
  assert.equal(retryAfterSeconds(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1)), 30);
  assert.equal(retryAfterSeconds('soon'), undefined);
  assert.equal(retryAfterSeconds(null), undefined);
  const p = { ...DEFAULT_RETRY, baseDelay: 1, maxDelay: 10 };
  assert.deepEqual(
    [1, 2, 3, 4, 5].map((n) => backoffSeconds(n, p, () => 1)),
    [1, 2, 4, 8, 10],
  );
  assert.deepEqual(
    [1, 2, 3].map((n) => backoffSeconds(n, p, () => 0)),
    [0.5, 1, 2],
  );
});

test('ids files: id, id RES, id RES:CHAIN:NUMBER, comments; bad lines located; the first of an id wins', () => {
  const { items, diagnostics } = readIdsFile(
    '# my set\n1abc\n2XYZ sti  # imatinib\n3def STI:AB:201\nabcd\n4ghi STI:A\n1abc HEM\n',
    'ids.txt',
  );
  assert.deepEqual(
    items.map((i) => [i.id, i.ligand, i.from]),
    [
      ['1abc', null, 'ids.txt:2'],
      ['2xyz', { name: 'STI' }, 'ids.txt:3'],
      ['3def', { selector: { name: 'STI', chain: 'AB', number: 201, insertionCode: '' } }, 'ids.txt:4'],
      ['1abc', { name: 'HEM' }, 'ids.txt:7'],
    ],
  );
  assert.deepEqual(
    diagnostics.map((d) => [d.line, d.message.slice(0, 20)]),
    [
      [5, '"abcd" is not a PDB '],
      [6, "ligand 'STI:A' is ne"],
    ],
  );
  const { items: unique, duplicates } = firstOfEach(items);
  assert.deepEqual(
    unique.map((i) => i.id),
    ['1abc', '2xyz', '3def'],
  );
  assert.match(duplicates[0], /ids\.txt:7: 1abc is listed again \(first at ids\.txt:2\)/);
});

test('a body is kept only when gzip, mmCIF with atoms and the id asked for; obsolete is final', () => {
  const cif = (id: string, extra = '') =>
    `data_${id}\n_entry.id ${id}\n${extra}loop_\n_atom_site.group_PDB\n_atom_site.id\n_atom_site.type_symbol\n_atom_site.label_atom_id\n_atom_site.label_comp_id\n_atom_site.auth_asym_id\n_atom_site.auth_seq_id\n_atom_site.Cartn_x\n_atom_site.Cartn_y\n_atom_site.Cartn_z\nATOM 1 N N GLY A 1 1.0 2.0 3.0\n#\n`;
  assert.equal(checkEntry(gzipSync(cif('1ABC')), '1abc', 'x').ok, true);
  assert.match((checkEntry(Buffer.from('<html>busy</html>'), '1abc', 'x') as { reason: string }).reason, /^not gzip/);
  assert.match((checkEntry(gzipSync(cif('2ABC')), '1abc', 'x') as { reason: string }).reason, /_entry\.id is 2ABC, not 1abc/);
  assert.match((checkEntry(gzipSync('data_1ABC\n_entry.id 1ABC\n'), '1abc', 'x') as { reason: string }).reason, /no _atom_site loop/);
  const obsolete = checkEntry(gzipSync(cif('1ABC', '_pdbx_database_status.status_code OBS\n')), '1abc', 'x');
  assert.deepEqual([obsolete.ok, (obsolete as { final?: boolean }).final], [false, true]);
});

test('an mmCIF atom whose type_symbol is no element makes the body unusable, with the symbol named', () => {
  const bad = `data_1ABC\n_entry.id 1ABC\nloop_\n_atom_site.group_PDB\n_atom_site.id\n_atom_site.type_symbol\n_atom_site.label_atom_id\n_atom_site.label_comp_id\n_atom_site.auth_asym_id\n_atom_site.auth_seq_id\n_atom_site.Cartn_x\n_atom_site.Cartn_y\n_atom_site.Cartn_z\nHETATM 1 Qx Q1 LIG A 1 1.0 2.0 3.0\n#\n`;
  assert.match(
    (checkEntry(gzipSync(bad), '1abc', 'x') as { reason: string }).reason,
    /line 14: type_symbol 'Qx' of atom 'Q1' is not an element/,
  );
});
