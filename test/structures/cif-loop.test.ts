// The shared mmCIF category reader (structures/cif-categories.ts): loop rows carry the line
// they start on, through rows split over lines, several rows on a line and `;` text fields;
// key-value categories are one row; a last row cut short is said, with its line.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readCifBlock, readCifCategories, readCifLoop } from '../../structures/cif-categories.ts';

const TEXT = [
  'data_TEST', //                                    1
  '_entry.id TEST', //                               2
  '_struct.title', //                                3
  ';A title', //                                     4
  'on two lines', //                                 5
  ';', //                                            6
  'loop_', //                                        7
  '_thing.id', //                                    8
  '_thing.name', //                                  9
  '_thing.note', //                                  10
  "1 alpha 'a b'", //                                11
  '2 beta', //                                       12
  ';text of', //                                     13
  'row two', //                                      14
  ';', //                                            15
  '3 gamma . 4 delta ?', //                          16
  '#', //                                            17
  'data_OTHER', //                                   18
  '_entry.id OTHER', //                              19
  '',
].join('\n');

test('loop rows with their lines; key-value items; only the first data block', () => {
  const loop = readCifLoop(TEXT, 'thing');
  assert.ok(loop);
  assert.deepEqual(loop.items, ['id', 'name', 'note']);
  assert.equal(loop.line, 7); // the loop_ line
  assert.deepEqual(loop.rows, [
    { values: ['1', 'alpha', 'a b'], line: 11 },
    { values: ['2', 'beta', 'text of\nrow two'], line: 12 },
    { values: ['3', 'gamma', '.'], line: 16 },
    { values: ['4', 'delta', '?'], line: 16 },
  ]);
  assert.deepEqual(loop.problems, []);
  const cats = readCifCategories(TEXT, ['entry', 'struct', 'thing']);
  assert.deepEqual(cats.get('entry'), [{ id: 'TEST' }]);
  assert.deepEqual(cats.get('struct'), [{ title: 'A title\non two lines' }]);
  assert.equal(cats.get('thing')?.length, 4);
  assert.deepEqual(
    readCifBlock(TEXT, ['entry']).map((c) => [c.name, c.loop, c.line]),
    [['entry', false, 2]],
  );
});

test('a last row cut short: incomplete, or cut mid-line when the file ends without a line end', () => {
  const cut = TEXT.slice(0, TEXT.indexOf('4 delta') + 1);
  assert.deepEqual(readCifLoop(`${cut}\n`, 'thing')?.problems, [
    { line: 16, message: 'the last _thing row is incomplete (1 of 3 values): file truncated?' },
  ]);
  const unended = readCifLoop(TEXT.slice(0, TEXT.indexOf('\n', TEXT.indexOf('2 beta'))), 'thing');
  assert.deepEqual(unended?.problems, [{ line: 12, message: 'the last _thing row is cut mid-line (no line end): file truncated?' }]);
  assert.deepEqual(
    unended?.rows.map((r) => r.line),
    [11],
  );
});
