import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readInputFile } from '../../structures/read-input-file.ts';

test('unreadable inputs give a reason, not an exception', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'misi-read-'));
  const missing = await readInputFile(join(dir, 'nope.pdb'));
  assert.deepEqual(missing, { ok: false, reason: 'cannot read file: file does not exist' });
  const folder = await readInputFile(dir);
  assert.equal(folder.ok, false);
  assert.match((folder as { reason: string }).reason, /folder/);
  const locked = join(dir, 'locked.pdb');
  writeFileSync(locked, 'ATOM');
  chmodSync(locked, 0o000);
  const r = await readInputFile(locked);
  // root reads any file; everyone else is refused.
  if (process.getuid?.() !== 0) assert.deepEqual(r, { ok: false, reason: 'cannot read file: permission denied' });
  rmSync(dir, { recursive: true });
});

test('sha256 of the bytes, and latin-1 text read without loss', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'misi-read-'));
  const p = join(dir, 'x.pdb');
  writeFileSync(p, Buffer.from([0x41, 0x0a, 0xe9, 0x0a]));
  const r = await readInputFile(p);
  assert.ok(r.ok);
  // Computed with Python's hashlib over the same four bytes.
  assert.equal(r.sha256, 'b2083df61b595f775291014b4d1a3cc703c7cc2e926d2bc768b94bd6d5079c8d');
  assert.equal(r.text, 'A\n\u00e9\n');
  rmSync(dir, { recursive: true });
});
