// Every error class the package exports carries its exit status (structures/known-error.ts):
// found by reading every module's source, then checked on the class itself, so a new error
// class that does not say its kind of failure fails here instead of printing as a bug.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { failureOf } from '../../pipeline/exit-code-of.ts';
import { EXIT } from '../../pipeline/exit-codes.ts';
import { sourceFiles } from '../../scripts/source-files.ts';
import { KnownError } from '../../structures/known-error.ts';

const root = join(import.meta.dirname, '..', '..');

/** Every `export class X extends Y` of the package's TypeScript modules, with its module. */
function exportedClasses(): { name: string; file: string }[] {
  return ['structures', 'renders', 'qa', 'pipeline'].flatMap((dir) =>
    sourceFiles(join(root, dir), /\.ts$/).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^export class (\w+) extends \w+/gm)].map((m) => ({ name: m[1], file })),
    ),
  );
}

/** The status each error class meant before the statuses moved onto the classes (pipeline/exit-code-of.ts's
 * list then, and UsageError's), and those of the six it left out: written by hand. */
const EXPECTED: Record<string, number> = {
  IngestUsageError: 2,
  NoBrowserError: 1,
  DatasetReadError: 1,
  DatasetRecordError: 1,
  ExportError: 1,
  MergeError: 1,
  MmseqsMissingError: 1,
  RunMismatchError: 1,
  InputChangedError: 1,
  SplitShortError: 1,
  UsageError: 2,
  OutFolderTakenError: 2,
  CommandFailure: 1,
  // Left out of the old list (they printed as bugs when they reached the command line):
  RunStoppingError: 1,
  CompactAnnotationError: 1,
  AnnotationReadError: 1,
  MarginError: 1,
  CommandSyntaxError: 2,
  TaskDefinitionError: 2,
};

test('every exported error class of the package maps to an exit status', async () => {
  const found = new Map<string, number>();
  for (const { name, file } of exportedClasses()) {
    const cls = (await import(pathToFileURL(file).href))[name] as (new (m: string) => unknown) | undefined;
    assert.equal(typeof cls, 'function', `${file}: ${name} is exported`);
    if (!(cls!.prototype instanceof Error)) continue;
    const where = `${name} (${file.slice(root.length + 1)})`;
    assert.ok(cls === KnownError || cls!.prototype instanceof KnownError, `${where} extends KnownError, so it carries its exit status`);
    const failure = failureOf(Reflect.construct(cls!, ['what went wrong']), 'generate');
    assert.ok(failure, `${where}: a status, not a bug`);
    assert.ok(([EXIT.failed, EXIT.usage] as number[]).includes(failure.code), `${where}: status ${failure.code}`);
    assert.match(failure.text, /what went wrong/);
    found.set(name, failure.code);
  }
  for (const [name, code] of Object.entries(EXPECTED)) assert.equal(found.get(name), code, name);
});

test('a command failure keeps the status it was given; a usage error prints the help hint, the others the command', () => {
  assert.deepEqual(failureOf(Reflect.construct(KnownError, ['disk full']), 'merge'), { code: 1, text: 'misi-gen merge: disk full\n' });
  assert.equal(failureOf(new Error('plain'), 'merge'), undefined, 'a plain Error is a bug');
});
