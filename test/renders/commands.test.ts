import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CommandSyntaxError, formatCommands, parseCommands } from '../../renders/commands.ts';

test('parses a sequence in order', () => {
  assert.deepEqual(parseCommands('move x 3, roll y -15'), [
    { kind: 'move', axis: 'x', amount: 3 },
    { kind: 'roll', axis: 'y', amount: -15 },
  ]);
  assert.deepEqual(parseCommands('  ROLL  Z 90 ,move z 10.5'), [
    { kind: 'roll', axis: 'z', amount: 90 },
    { kind: 'move', axis: 'z', amount: 10.5 },
  ]);
  assert.deepEqual(parseCommands(''), []);
});

test('formats back to the canonical text', () => {
  assert.equal(formatCommands(parseCommands('move x  14,roll x -75')), 'move x 14, roll x -75');
});

function syntaxError(text: string, token: string, index: number) {
  assert.throws(
    () => parseCommands(text),
    (e: unknown) => {
      assert.ok(e instanceof CommandSyntaxError, String(e));
      assert.equal(e.token, token);
      assert.equal(e.commandIndex, index);
      if (token) assert.ok(e.message.includes(`'${token}'`), e.message);
      return true;
    },
  );
}

test('errors name the bad token', () => {
  syntaxError('mvoe x 3', 'mvoe', 0);
  syntaxError('move x 3, roll w 15', 'w', 1);
  syntaxError('move x 3a', '3a', 0);
  syntaxError('move x 3 4', '4', 0);
  syntaxError('roll y', '', 0);
  syntaxError('move', '', 0);
  syntaxError('move x 3,', '', 1);
  syntaxError('move x 1e3', '1e3', 0);
});
