// The split vocabulary is spelled once (issue #44): outside qa/split-names.ts no TypeScript
// module of the package or its scripts writes a split or side name as a quoted string;
// every other place imports the vocabulary. Comments may name them. The browser pages and the
// Python exporter cannot import a TypeScript module and are not checked.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { QA_SPLIT_ORDER, SIDE_ORDER } from '../../qa/split-names.ts';
import { sourceFiles } from '../../scripts/source-files.ts';
import { REPO } from '../shared-structures.ts';

const FOLDERS = ['structures', 'renders', 'qa', 'pipeline', 'scripts'];
const VOCABULARY = 'qa/split-names.ts';
/** Files where one of the names means something other than a split, with what it means. */
const OTHER_MEANING: Record<string, string> = {
  'scripts/check-doc-links.ts': "'test' is the repository's test folder",
};

/** Every quoted split or side name in `text` outside comments, as `line: text`. */
export function splitLiterals(text: string): string[] {
  const names = [...new Set<string>([...SIDE_ORDER, ...QA_SPLIT_ORDER])].join('|');
  const quoted = new RegExp(`(['"])(${names})\\1`);
  return text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && quoted.test(line.replace(/\/\/.*$/, '')))
    .map(({ line, n }) => `${n}: ${line.trim()}`);
}

test('the checker finds quoted names in code and not in comments', () => {
  assert.deepEqual(splitLiterals("const a = 'test';\n// the 'train' split\n * `val` side\nf(\"excluded\"); // 'val'"), [
    "1: const a = 'test';",
    '4: f("excluded"); // \'val\'',
  ]);
  assert.deepEqual(splitLiterals("const s = 'testing'; const t = `tiny`;"), []);
});

test('no split or side name is spelled outside the vocabulary module', () => {
  const found: string[] = [];
  let files = 0;
  for (const folder of FOLDERS) {
    for (const file of sourceFiles(join(REPO, folder), /\.ts$/)) {
      const rel = relative(REPO, file).split('\\').join('/');
      if (rel === VOCABULARY || rel in OTHER_MEANING) continue;
      files++;
      for (const hit of splitLiterals(readFileSync(file, 'utf8'))) found.push(`${rel}:${hit}`);
    }
  }
  assert.ok(files > 200, `read ${files} files`);
  assert.deepEqual(found, []);
  // The vocabulary module itself does spell them (else the check above could not find any).
  assert.ok(splitLiterals(readFileSync(join(REPO, VOCABULARY), 'utf8')).length >= 4);
});
