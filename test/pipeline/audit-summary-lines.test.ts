// The audit's one line per task in `stats` (auditSummaryLines): each blind baseline beside
// chance on the first held-out split with questions; a split no baseline could answer says so
// instead of an empty list (interaction_kind on the bundled sample, with no train question,
// printed `chance 46.9 %: ; exact duplicates 0`).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AuditReport, TaskAudit } from '../../pipeline/audit/audit-dataset.ts';
import { auditSummaryLines } from '../../pipeline/audit/format-audit.ts';

const task = (over: Partial<TaskAudit>): TaskAudit => ({
  task: 't',
  metric: 'exact',
  trainQuestions: 0,
  duplicates: { train: 0, test: 1 },
  splits: [],
  clean: true,
  findings: [],
  ...over,
});
const report = (tasks: TaskAudit[]): AuditReport => ({ dir: '/d', margin: 0.03, tasks, clean: true });

test('baselines beside chance; none answered said in words; no held-out question said', () => {
  const text = { name: 'text' as const, label: 'question text only', n: 4, score: 0.25, low: 0.05, high: 0.7, flagged: false };
  assert.deepEqual(
    auditSummaryLines(
      report([
        task({ task: 'a', trainQuestions: 4, splits: [{ split: 'test', questions: 4, chance: 0.5, baselines: [text] }] }),
        task({ task: 'b', splits: [{ split: 'test', questions: 4, chance: 0.469, baselines: [] }] }),
        task({ task: 'c', splits: [{ split: 'test', questions: 0, chance: 0, baselines: [] }] }),
      ]),
    ),
    [
      'a: clean; on test, chance 50.0 %: question text only 25.0 %; exact duplicates 1',
      'b: clean; on test, chance 46.9 %: no blind baseline could answer any (none fitted on train); exact duplicates 1',
      'c: clean; no held-out questions; exact duplicates 1',
    ],
  );
});
