import assert from 'node:assert/strict';
import { test } from 'node:test';
import { alignSequences, sequenceIdentity } from '../../../structures/grouping/sequence-identity.ts';

// Expected values worked out by hand with BLOSUM62 (W/W 11, W/C -2, F/W 1, X/X -1...) and
// the default gaps (a gap of k residues costs 11 + (k - 1)).
test('identity of hand-made sequences', () => {
  assert.equal(sequenceIdentity('ACDEFGHIKLMNPQRSTVWY', 'ACDEFGHIKLMNPQRSTVWY'), 1);
  // One substitution (F -> W scores +1, so the alignment runs through it): 8 of 9.
  assert.equal(sequenceIdentity('ACDEFGHIK', 'ACDEWGHIK'), 8 / 9);
  // The shorter one sits inside the longer: 7 of 7.
  assert.equal(sequenceIdentity('KKKKACDEFGHKKKK', 'ACDEFGH'), 1);
  // A 4-residue gap (cost 14) beats aligning 4 W against C (4 x -2, and 4 W lost): 8 of 8.
  const gapped = alignSequences('WWWWCCCCWWWW', 'WWWWWWWW');
  assert.deepEqual([gapped.identities, gapped.alignedPairs, gapped.score, gapped.identity], [8, 8, 8 * 11 - 14, 1]);
  // Nothing scores above zero: no alignment at all.
  assert.deepEqual(alignSequences('WWWWW', 'CCCCC'), { score: 0, identities: 0, alignedPairs: 0, identity: 0 });
  // X is aligned (A C X D E against itself scores 4+9-1+6+5) but never counts as identical.
  assert.equal(sequenceIdentity('ACXDE', 'ACXDE'), 4 / 5);
  assert.equal(sequenceIdentity('', 'ACDE'), 0);
});

test('the denominator is the shorter sequence, whichever side it is on', () => {
  const a = 'MKTAYIAKQRQISFVKSHFSRQ';
  const b = 'GGGG' + a.slice(0, 11) + 'WWWW';
  assert.equal(sequenceIdentity(a.slice(0, 11), b), 1);
  assert.equal(sequenceIdentity(b, a.slice(0, 11)), 1);
  assert.equal(alignSequences(a, b).identities, 11);
  assert.equal(b.length, 19);
  assert.equal(sequenceIdentity(a, b), 11 / 19, 'b (19) is shorter than a (22)');
});

test('gap costs can be changed', () => {
  // With gaps nearly free, the W runs on both sides of CCCC join; with the default they do too
  // (see above); with a prohibitive gap only one run of four aligns: 4 of 8.
  assert.equal(sequenceIdentity('WWWWCCCCWWWW', 'WWWWWWWW', { gapOpen: 100, gapExtend: 100 }), 4 / 8);
  assert.equal(sequenceIdentity('WWWWCCCCWWWW', 'WWWWWWWW', { gapOpen: 1, gapExtend: 1 }), 1);
});
