// docs/scoring.md showed prediction ids as `translation/1a30/0`; real ids are
// `translation-1a30-000`, and a predictions file in the documented form scored 0 everywhere
// and exited 0 (issue 45). Here the form is read from a record `generate` writes, every id
// the docs show must have it, and `score` with no id of the dataset exits 1 showing the
// first ids beside one of the dataset's; a partial match scores and says how many it ignored.
// Real run of the CLI on the bundled sample with real Chromium.

import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { taskIds } from '../../qa/task-registry.ts';
import { findBrowser } from '../../renders/find-browser.ts';
import { cli as inProcess } from '../cli-in-process.ts';
import { REPO } from '../shared-structures.ts';

const noBrowser = findBrowser() ? false : 'no Chromium on this machine';
const cli = (...args: string[]) => inProcess(args, { cwd: REPO });
const root = mkdtempSync(join(tmpdir(), 'misi-score-ids-'));
const data = join(root, 'data');
interface Rec {
  id: string;
  task: string;
  complex: string;
  answer: string;
}
let records: Rec[] = [];

before(async () => {
  if (noBrowser) return;
  const r = await cli(
    'generate',
    '--out',
    data,
    '--tasks',
    'translation,rotation',
    '--per-complex',
    'translation=2/2,rotation=1/1',
    '--size',
    '128',
    '--test-share',
    '0.5',
    '--workers',
    '1',
  );
  assert.equal(r.status, 0, r.stderr);
  records = readdirSync(join(data, 'qa'))
    .filter((f) => f.endsWith('.test.jsonl'))
    .sort()
    .flatMap((f) =>
      readFileSync(join(data, 'qa', f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Rec),
    );
});
after(() => rmSync(root, { recursive: true, force: true }));

/** The form of an id, read from a real record: `<task>-<complex>-` and its index's digits. */
function idForm(r: Rec): RegExp {
  assert.ok(r.id.startsWith(`${r.task}-${r.complex}-`), `record id ${r.id} of task ${r.task}, complex ${r.complex}`);
  const index = r.id.slice(`${r.task}-${r.complex}-`.length);
  assert.match(index, /^\d+$/, r.id);
  return new RegExp(`^(${taskIds().join('|')})-[0-9a-z]{4}-\\d{${index.length}}$`);
}

test('every prediction id the docs show has the form of a real record id', { skip: noBrowser }, async () => {
  const form = idForm(records[0]);
  const docs = readdirSync(join(REPO, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(REPO, 'docs', f));
  let seen = 0;
  for (const file of [...docs, join(REPO, 'README.md')]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\{"id": "([^"]+)", "prediction"/g)) {
      seen++;
      assert.match(m[1], form, `${file}: prediction id ${m[1]}`);
    }
  }
  const scoring = readFileSync(join(REPO, 'docs/scoring.md'), 'utf8');
  assert.ok(seen >= 4 && scoring.includes('{"id": "translation-1a30-000", "prediction"'), `${seen} example ids`);
  // The shape the doc states in words, with its example.
  assert.ok(scoring.includes('`<task>-<complex>-<index>`, the index three digits'));
  assert.match('translation-1a30-000', form);
});

test('predictions in the old documented form: exit 1, the first ids shown beside one of the dataset, nothing scored', {
  skip: noBrowser,
}, async () => {
  const file = join(root, 'old-form.jsonl');
  writeFileSync(file, records.map((r, i) => JSON.stringify({ id: `${r.task}/${r.complex}/${i}`, prediction: r.answer })).join('\n') + '\n');
  const r = await cli('score', data, file);
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.stdout, '');
  const sorted = records.map((x) => x.id).sort();
  const firstUnknown = records.map((x, i) => `${x.task}/${x.complex}/${i}`).sort()[0];
  const sameTask = sorted.find((id) => id.startsWith(`${firstUnknown.split('/')[0]}-`));
  assert.ok(
    r.stderr.includes(
      `none of the ${records.length} prediction ids in ${file} names a question of the test split of ${data} ("${firstUnknown}"`,
    ),
    r.stderr,
  );
  assert.ok(r.stderr.includes(`its ids look like "${sameTask}"`), r.stderr);
});

test('the documented form scores; a partial match scores and says how many ids it ignored', { skip: noBrowser }, async () => {
  const file = join(root, 'real.jsonl');
  writeFileSync(
    file,
    [
      ...records.map((r) => JSON.stringify({ id: r.id, prediction: r.answer })),
      JSON.stringify({ id: 'translation/1a30/0', prediction: 'move x 3' }),
    ].join('\n') + '\n',
  );
  const r = await cli('score', data, file, '--json');
  assert.equal(r.status, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.equal(json.averageAllTasks.composite, 100);
  assert.deepEqual(json.unknownIds, ['translation/1a30/0']);
  assert.ok(
    r.stderr.includes(
      `1 prediction id names no question of the test split and is ignored (${records.length} of ${records.length + 1} scored): translation/1a30/0`,
    ),
    r.stderr,
  );
});
