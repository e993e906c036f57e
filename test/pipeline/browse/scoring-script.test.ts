// The human page's format checks are the scorer's own readers: the page script joined from
// qa/scoring/ (and renders/commands.ts) reads answers exactly as the modules do, and the
// joiner refuses module syntax it does not know rather than emit a broken script. The
// mean-and-spread of several files (score-people.ts) by hand.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { scoringScript, wrapModule } from '../../../pipeline/browse/scoring-script.ts';
import { spread } from '../../../pipeline/score-people.ts';
import { readReplyPocketBonds, readReplyResidueVerdict, readTruthResidueVerdict } from '../../../qa/scoring/read-bonds.ts';
import { readReplyLetter } from '../../../qa/scoring/read-choice.ts';
import { readReplyCommands, readTruthCommands } from '../../../qa/scoring/read-commands.ts';

test('the page script reads answers as the scoring modules do', async () => {
  const window: { MisiScoring?: Record<string, (...a: unknown[]) => unknown> } = {};
  runInNewContext(await scoringScript(), { window });
  const S = window.MisiScoring!;
  // Sets made in the script's own context are not this context's Set.
  const plain = (v: unknown) =>
    JSON.parse(
      JSON.stringify(v, (_, x) =>
        x && typeof x === 'object' && typeof x.has === 'function' && typeof x.forEach === 'function' ? [...x] : x,
      ) ?? 'null',
    );
  const same = (name: string, f: (x: string) => unknown, inputs: string[]) => {
    for (const x of inputs) {
      let mine: unknown, theirs: unknown;
      try {
        mine = f(x);
      } catch (e) {
        mine = `error: ${(e as Error).message}`;
      }
      try {
        theirs = S[name](x);
      } catch (e) {
        theirs = `error: ${(e as Error).message}`;
      }
      assert.deepEqual(plain(theirs), plain(mine), `${name}(${JSON.stringify(x)})`);
    }
  };
  same('readTruthCommands', readTruthCommands, ['move x 3', 'roll z -30, move x 9', 'mvoe x 3', 'move q 1', 'move x']);
  same('readReplyCommands', readReplyCommands, ['The answer is roll Y +15°.', 'nothing']);
  same('readTruthResidueVerdict', readTruthResidueVerdict, ['No', 'Yes: SER OG, O2; ARG NH2, O22', 'Yes: SER OG']);
  same('readReplyResidueVerdict', readReplyResidueVerdict, ['yes ARG NH2, O22', 'none']);
  same('readReplyPocketBonds', readReplyPocketBonds, ['ARG 221 NH2 A, O22; ASP 227A OD1 _, N3', 'none']);
  same('readReplyLetter', (x) => readReplyLetter(x), ['(b).', 'The answer is **D**.']);
});

test('the joiner refuses module syntax it cannot join', () => {
  assert.throws(() => wrapModule('qa/x', 'export default 3;\n'), /qa\/x: cannot join 'export default 3;'/);
  assert.match(
    wrapModule('qa/scoring/y', "import { a as b } from '../z.js';\nexport const c = b;\nexport { c as d };\n"),
    /const \{ a: b \} = require\("qa\/z"\);[\s\S]*return \{ c, d: c \};/,
  );
});

test('the spread of several files: mean, sample standard deviation, range', () => {
  const two = spread([50, 100]);
  assert.deepEqual({ ...two, sd: null }, { files: 2, mean: 75, sd: null, min: 50, max: 100 });
  assert.ok(Math.abs(two.sd! - 50 / Math.SQRT2) < 1e-12);
  assert.deepEqual(spread([80]), { files: 1, mean: 80, sd: null, min: 80, max: 80 });
  assert.deepEqual(spread([]), { files: 0, mean: null, sd: null, min: null, max: null });
});
