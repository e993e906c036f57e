// The rule versions a task declares (TaskModule.rules) reach the versions a run records only
// when a task of the run declares one: the paper's nine declare none, so their manifests are
// as before; the interaction tasks declare the interaction rules, and work made under another
// version of them is named as different (what resume and merge refuse).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeVersions, versionDifferences } from '../../../pipeline/dataset/versions.ts';
import { defaultTasks, requireTask } from '../../../qa/task-registry.ts';
import { INTERACTION_RULES_VERSION } from '../../../structures/interactions/rules-version.ts';

test('the nine record no rules field; a run with an interaction task records the interaction rules', () => {
  assert.equal('rules' in codeVersions(defaultTasks()), false);
  const withKind = codeVersions([...defaultTasks(), requireTask('interaction_kind', 'test')]);
  assert.deepEqual(withKind.rules, { interactions: INTERACTION_RULES_VERSION });
  const both = codeVersions([requireTask('interaction_kind', 'test'), requireTask('pocket_interactions', 'test')]);
  assert.deepEqual(both.rules, { interactions: INTERACTION_RULES_VERSION });
});

test('work made under other interaction rules, or before they were recorded, is named; the same rules pass', () => {
  const expected = codeVersions([requireTask('interaction_kind', 'test')]);
  const same = JSON.parse(JSON.stringify(expected));
  assert.deepEqual(versionDifferences(same, expected), []);
  const older = { ...same, rules: { interactions: INTERACTION_RULES_VERSION - 1 } };
  assert.deepEqual(versionDifferences(older, expected), [
    `made under interactions rules version ${INTERACTION_RULES_VERSION - 1}, this misi-gen uses ${INTERACTION_RULES_VERSION} (versions.rules.interactions)`,
  ]);
  const { rules: _, ...unrecorded } = same;
  assert.deepEqual(versionDifferences(unrecorded, expected), [
    `made under interactions rules version (not recorded), this misi-gen uses ${INTERACTION_RULES_VERSION} (versions.rules.interactions)`,
  ]);
  // The nine's work is not asked about rules it never recorded.
  const nine = codeVersions(defaultTasks());
  assert.deepEqual(versionDifferences(JSON.parse(JSON.stringify(nine)), nine), []);
});
