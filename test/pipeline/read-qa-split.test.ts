// Choice options as generate writes them (a list of {letter, commands}) reach the scorer as
// letter -> text, so a reply that repeats an option's commands counts as choosing it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readQaSplit } from '../../pipeline/read-qa-split.ts';

test('list-shaped and letter-keyed options both read as letter -> text', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'misi-qa-'));
  mkdirSync(join(dir, 'qa'));
  const listed = { id: 'interaction_location-x-000', task: 'interaction_location', answer: 'C', options: [
    { letter: 'A', commands: 'move x 1, move y 2' }, { letter: 'B', commands: 'move x -1, move y 2' },
    { letter: 'C', commands: 'move x 3, move y -4' }, { letter: 'D', commands: 'move x -3, move y 6' }] };
  const keyed = { id: 'rotation_rotation-x-000', task: 'rotation_rotation', answer: 'A', options: { A: 'roll x 15, roll y 30', B: 'roll x 30, roll y 45', C: 'roll x -15, roll y 60', D: 'roll z 15, roll y 75' } };
  writeFileSync(join(dir, 'qa/interaction_location.test.jsonl'), JSON.stringify(listed) + '\n');
  writeFileSync(join(dir, 'qa/rotation_rotation.test.jsonl'), JSON.stringify(keyed) + '\n');
  const records = await readQaSplit(dir, 'test');
  const byId = new Map(records.map((r) => [r.id, r]));
  assert.deepEqual(byId.get(listed.id)!.options, { A: 'move x 1, move y 2', B: 'move x -1, move y 2', C: 'move x 3, move y -4', D: 'move x -3, move y 6' });
  assert.deepEqual(byId.get(keyed.id)!.options, keyed.options);
  rmSync(dir, { recursive: true });
});
