// The in-place column reader gives exactly what Number() of the trimmed field gives (the
// reference), for the forms PDB files hold and for odd ones, and its own blank value.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { columnDigits, columnNumber } from '../../structures/fixed-columns.ts';

const reference = (field: string, ifBlank: number) => (field.trim() === '' ? ifBlank : Number(field.trim()));

test('columnNumber equals Number() of the trimmed field, bit for bit, on 200,000 fields', () => {
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const odd = [
    '',
    '        ',
    '-',
    '.',
    '-.',
    '1.',
    '.5',
    '-.5',
    '-0.000',
    '0',
    '+1.5',
    '1e3',
    '1.2.3',
    '1 2',
    ' 0x10',
    'NaN',
    'abc',
    '\t1.5',
    '1,5',
    '-  1',
    '12345678901234567',
    '0.1234567890123456',
  ];
  const fields: string[] = [...odd];
  for (let i = 0; i < 200000; i++) {
    const digits = 1 + Math.floor(rnd() * 7);
    const places = Math.floor(rnd() * 4);
    let v = (rnd() * 10 ** digits).toFixed(places);
    if (rnd() < 0.4) v = '-' + v;
    fields.push(v.padStart(8).slice(-8));
  }
  for (const f of fields) {
    const line = `ATOM  ${f}tail`;
    for (const blank of [NaN, 1]) {
      const got = columnNumber(line, 6, 6 + f.length, blank);
      assert.ok(Object.is(got, reference(f, blank)), `'${f}': ${got} vs ${reference(f, blank)}`);
    }
  }
  // Past the line's end: the part that is there, or blank.
  assert.equal(columnNumber('ATOM     12', 6, 11, NaN), 12);
  assert.equal(columnNumber('ATOM  ', 6, 11, 7), 7);
});

test('columnDigits reads plain digits only; anything else is -1', () => {
  assert.equal(columnDigits('ATOM  99999 ', 6, 11), 99999);
  assert.equal(columnDigits('ATOM     12 ', 6, 11), 12);
  for (const f of ['A0000', '*****', '  -12', '     ', '1 2  ']) assert.equal(columnDigits(`ATOM  ${f} `, 6, 11), -1, f);
});
