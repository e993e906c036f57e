// Writes the JSON Schema of every record a dataset is made of to docs/schemas/ (the list:
// pipeline/record-schemas.ts; what each describes: docs/schemas.md). Run it after changing a
// schema; test/pipeline/record-schemas.test.ts fails while the committed files differ.
//   node --import tsx scripts/write-schemas.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonSchemaText, PUBLISHED_SCHEMAS } from '../pipeline/record-schemas.ts';

const DIR = resolve(fileURLToPath(new URL('../docs/schemas', import.meta.url)));
mkdirSync(DIR, { recursive: true });
for (const p of PUBLISHED_SCHEMAS) {
  writeFileSync(join(DIR, p.file), jsonSchemaText(p));
  process.stderr.write(`wrote docs/schemas/${p.file}\n`);
}
