// docs/schemas/ holds exactly what scripts/write-schemas.ts writes now (pipeline/record-schemas.ts):
// a schema changed in the code and not published again fails here, naming the file.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { jsonSchemaText, PUBLISHED_SCHEMAS } from '../../pipeline/record-schemas.ts';

const DIR = resolve(fileURLToPath(new URL('../../docs/schemas', import.meta.url)));

test('every published schema file is what the script writes from the code now', () => {
  for (const p of PUBLISHED_SCHEMAS) {
    assert.equal(
      readFileSync(join(DIR, p.file), 'utf8'),
      jsonSchemaText(p),
      `docs/schemas/${p.file} differs from the code: run node --import tsx scripts/write-schemas.ts`,
    );
  }
});

test('docs/schemas/ holds no schema the code no longer declares, and docs/schemas.md lists each', () => {
  assert.deepEqual(readdirSync(DIR).sort(), PUBLISHED_SCHEMAS.map((p) => p.file).sort());
  const doc = readFileSync(join(DIR, '..', 'schemas.md'), 'utf8');
  for (const p of PUBLISHED_SCHEMAS) assert.ok(doc.includes(`(schemas/${p.file})`), `docs/schemas.md does not list ${p.file}`);
});

test('the published question-record schema says what a line must hold', () => {
  const doc = JSON.parse(readFileSync(join(DIR, 'question-record.schema.json'), 'utf8'));
  assert.deepEqual(doc.required, ['id', 'task', 'split', 'complex', 'images', 'question', 'answer', 'truth', 'meta']);
  assert.deepEqual(doc.properties.split.enum, ['train', 'test', 'val']);
});
