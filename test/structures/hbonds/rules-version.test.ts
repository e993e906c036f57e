// versions.hbondRules: a run folder or shard made under other H-bond rules is refused on
// resume and on merge with a message that names the rules version, and a part written under
// another version is refused when read. Real files in a temporary folder.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { datasetPaths } from '../../../pipeline/dataset/layout.ts';
import { codeVersions, type Versions } from '../../../pipeline/dataset/versions.ts';
import { readPart, writePart } from '../../../pipeline/generate/complex-part.ts';
import { MergeError, mergeShards } from '../../../pipeline/generate/merge-shards.ts';
import { claimFolder, RunMismatchError } from '../../../pipeline/generate/run-identity.ts';
import { TASKS } from '../../../qa/tasks/index.ts';
import { HBOND_RULES_VERSION } from '../../../structures/hbonds/rules-version.ts';

const fresh = () => mkdtempSync(join(tmpdir(), 'hbond-rules-'));
const identity = (hbondRules: number | undefined, shard: string | null = null) => ({
  dataset: { seed: 1, renderer: 'r', ...(hbondRules === undefined ? {} : { hbondRules }), hbonds: {} },
  inputs: { structures: ['x'], ligands: null, shard },
});

test('resume: a run made under another H-bond rules version is refused by name', async () => {
  const dir = fresh();
  await claimFolder(dir, identity(undefined));
  await assert.rejects(claimFolder(dir, identity(HBOND_RULES_VERSION)), (e: Error) => {
    assert.ok(e instanceof RunMismatchError);
    assert.match(
      e.message,
      new RegExp(`the H-bond rules version \\(versions\\.hbondRules\\) differs: \\(not set\\) in that run, ${HBOND_RULES_VERSION} now`),
    );
    return true;
  });
  const same = fresh();
  await claimFolder(same, identity(HBOND_RULES_VERSION));
  assert.equal(await claimFolder(same, identity(HBOND_RULES_VERSION)), true, 'same rules: resumes');
});

test('parts carry the rules version; one written under another version is refused when read', async () => {
  const dir = fresh();
  const part = { complex: 'c1', records: [], rejects: [], replacements: {}, images: [] as [string, string][] };
  const run: Versions = { ...codeVersions(TASKS), browser: 'Chromium 1', font: 'font 1' };
  await writePart(dir, part, run);
  assert.equal((await readPart(dir, 'c1', run)).hbondRules, HBOND_RULES_VERSION);
  writeFileSync(datasetPaths(dir).part('c1'), JSON.stringify(part) + '\n'); // as an older misi-gen wrote it
  await assert.rejects(
    readPart(dir, 'c1', run),
    new RegExp(
      `made under H-bond rules version 1 \\(not recorded\\), this misi-gen uses ${HBOND_RULES_VERSION} \\(versions\\.hbondRules\\)`,
    ),
  );
});

test('merge: shards made under another H-bond rules version are refused by name', async () => {
  const shard = fresh();
  await claimFolder(shard, identity(1, '0/1'));
  mkdirSync(join(shard, 'parts'), { recursive: true });
  writeFileSync(join(shard, 'parts', 'shard.json'), '{}\n');
  await assert.rejects(mergeShards([shard], fresh()), (e: Error) => {
    assert.ok(e instanceof MergeError);
    assert.match(
      e.message,
      new RegExp(`made under H-bond rules version 1, this misi-gen uses ${HBOND_RULES_VERSION} \\(versions\\.hbondRules\\)`),
    );
    return true;
  });
});
