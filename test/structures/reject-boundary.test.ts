// The failure boundary (structures/reject.ts): whatever is thrown - an Error, a string,
// undefined, a plain object, a real WebAssembly.Exception from RDKit-JS - becomes one reject
// in plain words with `internal: true`, the stack goes to the sink, and a throw in ingest's
// later steps (H-bonds here) is one reject of that stage while the other complexes are read.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ingest } from '../../structures/ingest.ts';
import { parseSdf } from '../../structures/rdkit-ligand.ts';
import { describeThrown, guardComplex, RunStoppingError } from '../../structures/reject.ts';
import { SAMPLE } from '../shared-structures.ts';

test('thrown values of every kind read as plain words', () => {
  const cases: [unknown, RegExp][] = [
    [new Error('the grid has no cells'), /^the grid has no cells$/],
    [new TypeError('x is not a function'), /^TypeError: x is not a function$/],
    [new Error(''), /^Error without a message$/],
    ['plain string', /^plain string$/],
    [undefined, /^a undefined value was thrown$/],
    [null, /^a null value was thrown$/],
    [{}, /^a Object object was thrown$/],
    [{ code: 7 }, /code.*7/],
    [42, /^number 42 was thrown$/],
  ];
  for (const [value, expected] of cases) {
    const text = describeThrown(value);
    assert.match(text, expected);
    if (value !== undefined) assert.doesNotMatch(text, /undefined|\[object Object\]/);
  }
});

test('a WebAssembly.Exception from RDKit-JS becomes an internal reject; the stack goes to the sink only', async () => {
  // A molblock with no atoms, handed to RDKit without the structural checks, makes it throw.
  const noAtoms = 'empty\n  misi-gen\n\n  0  0  0  0  0  0  0  0  0  0999 V2000\nM  END\n$$$$\n';
  const details: string[] = [];
  const r = await guardComplex(
    'x',
    { stage: 'ligand-chemistry', path: 'x.sdf' },
    () => parseSdf(noAtoms, 'x.sdf'),
    (e) => details.push(e.detail),
  );
  assert.equal(r.ok, false);
  const reject = (r as unknown as { reject: Record<string, unknown> }).reject;
  assert.deepEqual(Object.keys(reject), ['id', 'path', 'stage', 'reason', 'internal']);
  assert.equal(reject.stage, 'ligand-chemistry');
  assert.equal(reject.internal, true);
  assert.match(String(reject.reason), /RDKit \(WebAssembly\) raised an exception/);
  assert.equal(details.length, 1);
});

test('a rejected promise, and what stops a run goes through', async () => {
  const r = await guardComplex('y', { stage: 'plan', path: '' }, () => Promise.reject(new Error('late')));
  assert.equal(r.ok, false);
  assert.match((r as { reject: { reason: string } }).reject.reason, /late/);
  await assert.rejects(
    guardComplex('z', { stage: 'render', path: '' }, () => {
      throw new RunStoppingError('no browser');
    }),
    /no browser/,
  );
});

test('a throw in the H-bond step of one complex: one hbonds reject, the others read', async () => {
  process.env.MISI_GEN_FAULT = 'hbonds:1hpv';
  const sink: string[] = [];
  try {
    const r = await ingest([join(SAMPLE, 'pdbbind'), join(SAMPLE, 'protein-ligand')], { hbonds: {}, onError: (e) => sink.push(e.detail) });
    assert.deepEqual(
      r.complexes.map((c) => c.id),
      ['1pgp'],
    );
    assert.equal(r.rejects.length, 1);
    assert.equal(r.rejects[0].id, '1hpv');
    assert.equal(r.rejects[0].stage, 'hbonds');
    assert.equal(r.rejects[0].internal, true);
    assert.match(sink[0], /fault injected[\s\S]*\n\s+at /);
  } finally {
    delete process.env.MISI_GEN_FAULT;
  }
});
