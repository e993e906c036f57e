// The antialiasing choices (renders/antialias-methods.ts): today's methods parse as
// themselves, the retired 'coverage' gets a message naming 'edge', anything else the list
// of choices; the style refuses a retired method with the same message.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ANTIALIAS_METHODS, antialiasHelp, DEFAULT_ANTIALIAS, parseAntialias } from '../../renders/antialias-methods.ts';
import { type AntialiasMethod, makeStyle } from '../../renders/style.ts';

test("today's methods parse as themselves, and the default is one of them", () => {
  assert.deepEqual([...ANTIALIAS_METHODS].sort(), ['edge', 'none', 'supersample']);
  for (const m of ANTIALIAS_METHODS) assert.equal(parseAntialias(` ${m} `), m);
  assert.ok(ANTIALIAS_METHODS.includes(DEFAULT_ANTIALIAS));
  for (const m of ANTIALIAS_METHODS) assert.match(antialiasHelp(), new RegExp(`\\b${m} \\(`));
  assert.doesNotMatch(antialiasHelp(), /coverage/);
});

test("'coverage' is retired: the message names the flag and 'edge'", () => {
  const r = parseAntialias('coverage');
  assert.equal(typeof r, 'object');
  assert.match((r as { problem: string }).problem, /^--antialias coverage: .*no longer drawn; use 'edge'/);
});

test('an unknown method gets the list of choices', () => {
  const r = parseAntialias('fxaa', '--methods');
  assert.deepEqual(r, { problem: '--methods "fxaa": the choices are edge, supersample, none' });
});

test("makeStyle refuses 'coverage' with the same message, and takes true/false as before", () => {
  assert.throws(() => makeStyle({ antialias: 'coverage' as AntialiasMethod }), /^Error: style\.antialias coverage: .*use 'edge'/);
  assert.equal(makeStyle({ antialias: true }).antialias, DEFAULT_ANTIALIAS);
  assert.equal(makeStyle({ antialias: false }).antialias, 'none');
  assert.equal(makeStyle({ antialias: 'supersample' }).antialias, 'supersample');
});
