// Help texts show the defaults that apply, written as people write them: the bundled sample
// for structure paths, one per core for pages, 490/3993 = 0.123 for the test share, and no
// `[default: []]` beside a required list.

import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { cli as inProcess } from '../cli-in-process.ts';
import { REPO } from '../shared-structures.ts';

const help = async (command: string) => {
  const r = await inProcess([command, '--help'], { cwd: REPO, env: { COLUMNS: '200' } });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
};
/** The help entry of one option or positional: its line and the lines wrapped under it. */
const entry = (text: string, name: string) => {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => new RegExp(`^\\s+${name}\\s`).test(l));
  assert.ok(at >= 0, `${name} in help`);
  let end = at + 1;
  while (end < lines.length && /^\s{6,}\S/.test(lines[end]) && !/^\s+(--|[a-z]+\s{2})/.test(lines[end])) end++;
  return lines.slice(at, end).join(' ');
};

test('structure paths: as arguments or --structures, both defaulting to the bundled sample', async () => {
  for (const command of ['ingest', 'generate', 'split']) {
    const h = await help(command);
    assert.match(h, new RegExp(`^misi-gen ${command} \\[paths\\.\\.\\.\\]`, 'm'));
    assert.match(entry(h, 'paths'), /\[default: the bundled sample\]/);
    assert.match(entry(h, '--structures'), /\[default: the bundled sample\]/);
    assert.doesNotMatch(h, /\[default: \[\]\]/);
  }
});

test('merge: its shard folders are required, with no empty default; bench: pages one per core; test share as a fraction', async () => {
  const merge = entry(await help('merge'), 'dirs');
  assert.match(merge, /\[required\]/);
  assert.doesNotMatch(merge, /default/);
  assert.match(entry(await help('bench'), '--pages'), new RegExp(`\\[default: one per core \\(${availableParallelism()} here\\)\\]`));
  assert.match(entry(await help('generate'), '--workers'), /\[default: one per core\]/);
  for (const command of ['generate', 'split']) assert.match(entry(await help(command), '--test-share'), /\[default: 490\/3993 = 0\.123\]/);
  assert.match(entry(await help('generate'), '--out'), /\[default: "out"\]/);
  assert.match(entry(await help('eval'), '--out'), /\[default: <dataset>\/eval\/<model or baseline-NAME>\.<split>\.jsonl\]/);
});
