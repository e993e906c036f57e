// Byte-for-byte comparison of two dataset folders: the dataset files, qa/, and the same
// image and annotation files with the same bytes. Shared by the resume, shard and cluster tests.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DATASET_FILES = ['manifest.json', 'complexes.jsonl', 'rejects.jsonl', 'split.json'];
export const listing = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

export function assertSameDataset(dir: string, reference: string): void {
  for (const f of DATASET_FILES) assert.ok(readFileSync(join(dir, f)).equals(readFileSync(join(reference, f))), `${f} differs`);
  assert.deepEqual(listing(join(dir, 'qa')), listing(join(reference, 'qa')));
  for (const f of listing(join(reference, 'qa')))
    assert.ok(readFileSync(join(dir, 'qa', f)).equals(readFileSync(join(reference, 'qa', f))), `qa/${f} differs`);
  for (const sub of ['images', 'annotations']) {
    assert.deepEqual(listing(join(dir, sub)), listing(join(reference, sub)), `${sub}/ holds other files`);
    for (const f of listing(join(reference, sub)))
      assert.ok(readFileSync(join(dir, sub, f)).equals(readFileSync(join(reference, sub, f))), `${sub}/${f} differs`);
  }
}
