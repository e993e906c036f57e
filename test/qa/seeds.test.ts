// qa/seeds.ts, the one place a run's seeds are derived: the keys and first draws below were
// computed by the code before the helper existed (pipeline/generate/seeds.ts and
// qa/complex-generator.ts, each with its own sha256), so a change to the derivation, the
// JSON of the parts or seedrandom fails here rather than silently changing every dataset.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as pipelineSeeds from '../../pipeline/generate/seeds.ts';
import * as complexSeeds from '../../qa/complex-generator.ts';
import { complexGenerator, generatorFor, questionGenerator, seedKey, slotGenerator } from '../../qa/seeds.ts';

// (seed, task, complex, index) -> seed key, first two draws.
const QUESTIONS: [number, string, string, number, string, number, number][] = [
  [0, 'translation', '1a30', 0, 'df28d6c251232ca56aad0fb4555e004e485553d5483eb8b91ec1c61291a3a76a', 0.3220602702745963, 0.9668423468748295],
  [
    0,
    'rotation_rotation',
    '1hpv',
    3,
    '8fcbf04928ccb9556066e45c7948be25582838fe0e17b72aa7f24393ea14755d',
    0.7708478008415426,
    0.46445683325776577,
  ],
  [
    7,
    'residue_ligand',
    '3ehy',
    12,
    '5b9bc2f63d19383895c26c57e1f531e341dcf12887931c92b44d2e8fe2358513',
    0.6726580134559145,
    0.023353449931569823,
  ],
  [-1, 'docking', '1bcu', 1, 'f14025830d4d433b810e4e48e2232ca58a6d20577e0fda5bf2453a26e8c8686a', 0.3792097891747409, 0.7445404098835315],
  [
    123456,
    'interaction_location',
    '5c2h',
    0,
    '721f568281c27a30bac4d259fad57545dd6134274350ad096db6e7716289aaf8',
    0.23776139352022022,
    0.08208747227678603,
  ],
];
// (seed, task, complex, purpose) -> first two draws.
const PER_COMPLEX: [number, string, string, string, number, number][] = [
  [0, 'residue_ligand', '1a30', 'residues', 0.5025889965281002, 0.4050487086576684],
  [3, 'interaction_location', '1hpv', 'bonds', 0.9990437771431012, 0.6468340884704556],
  [0, 'translation', '1hpv', 'deck', 0.02058175400191002, 0.3166110109220085],
];

test('question seeds: the keys and draws of the code before the helper', () => {
  for (const [seed, task, complex, index, key, first, second] of QUESTIONS) {
    assert.equal(seedKey([seed, task, complex, index]), key);
    const g = questionGenerator(seed, task, complex, index);
    assert.equal(g(), first, `${seed} ${task} ${complex} ${index}`);
    assert.equal(g(), second);
    const p = pipelineSeeds.questionGenerator(seed, task, complex, index);
    assert.equal(p(), first, 'pipeline/generate/seeds.ts hands on the same helper');
  }
});

test('per-complex seeds: the draws of qa/complex-generator.ts before the helper', () => {
  for (const [seed, task, complex, purpose, first, second] of PER_COMPLEX) {
    const g = complexGenerator(seed, task, complex, purpose);
    assert.equal(g(), first, `${seed} ${task} ${complex} ${purpose}`);
    assert.equal(g(), second);
    assert.equal(complexSeeds.complexGenerator(seed, task, complex, purpose)(), first);
  }
});

test('the split and slot seeds: the draws before the helper', () => {
  assert.equal(generatorFor([0, 'split'])(), 0.6899379140539474);
  assert.equal(generatorFor([5, 'translation', '1a30', 'slot'])(), 0.5853951671499152);
  assert.equal(slotGenerator(5, 'translation', '1a30')(), 0.5853951671499152);
});

test('a purpose and an index never share a seed (the JSON keeps 0 and "0" apart)', () => {
  assert.notEqual(questionGenerator(0, 't', 'c', 0)(), complexGenerator(0, 't', 'c', '0')());
});
