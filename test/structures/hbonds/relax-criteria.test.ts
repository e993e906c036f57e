import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_TOLERANCES, relaxRule } from '../../../structures/hbonds/criteria.ts';

const rule = {
  fn: 'ut',
  cls: 'x',
  partner: 7,
  pO: { r: 3.3, lo: 103, hi: 153, theta: 135, tau: { t: 45, mode: 'le' } },
  tN: { r: 3.17, lo: 90, hi: 170, theta: 10, upsN: 150, tau: { t: 20, mode: 'ge' } },
  syn: { r: 3.03, phi: null, theta: 145 },
  tauFixed: { t: 37.5, mode: 'ge' },
};

test('relax adds 0.4 A to distances and moves angle limits by 20 degrees the loosening way', () => {
  const r = relaxRule(rule, DEFAULT_TOLERANCES);
  assert.equal(r.pO.r.toFixed(2), '3.70');
  assert.equal(r.pO.lo, 83);
  assert.equal(r.pO.hi, 173);
  assert.equal(r.pO.theta, 115);
  assert.deepEqual(r.pO.tau, { t: 65, mode: 'le' });
  assert.equal(r.tN.hi, 180, 'upper bounds are capped at 180');
  assert.equal(r.tN.theta, 0, 'lower bounds are floored at 0');
  assert.equal(r.tN.upsN, 130);
  assert.deepEqual(r.tN.tau, { t: 0, mode: 'ge' }, '">= t" taus loosen downwards, floored at 0');
  assert.equal(r.syn.phi, null, 'an absent phi stays absent');
  assert.deepEqual(r.tauFixed, { t: 37.5, mode: 'ge' }, 'the aniline tau is not relaxed');
  assert.equal(r.partner, 7, 'atom indices are not numbers to shift');
});

test('--no-relax and custom slops', () => {
  const none = relaxRule(rule, { relax: false, distSlop: 0.4, angleSlop: 20 });
  assert.deepEqual(none, rule);
  const custom = relaxRule(rule, { relax: true, distSlop: 0.1, angleSlop: 5 });
  assert.equal(custom.pO.r.toFixed(2), '3.40');
  assert.equal(custom.pO.lo, 98);
  assert.equal(custom.pO.hi, 158);
});
