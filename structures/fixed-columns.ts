// Numbers from fixed-width columns (PDB records), read without cutting the line into
// strings: the common forms (`-12.345`, `  7`, `1.00`) are read character by character, and
// anything else goes to the slow path, `Number` of the trimmed field, so every field gives
// exactly what `Number(line.slice(from, to).trim())` gives. Exact because a decimal with at
// most 15 digits is an integer below 2^53 over a power of ten, both exact doubles, and IEEE
// division rounds their quotient as `Number` rounds the decimal: to the nearest double.

const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * The number in columns [from, to) of `line` (0-based, end excluded), as `Number` of the
 * trimmed field would read it; `ifBlank` when the field is blank or beyond the line's end.
 */
export function columnNumber(line: string, from: number, to: number, ifBlank: number): number {
  const end = to < line.length ? to : line.length;
  let i = from;
  while (i < end && line.charCodeAt(i) === 32) i++;
  let j = end;
  while (j > i && line.charCodeAt(j - 1) === 32) j--;
  if (i === j) return ifBlank;
  let negative = false;
  if (line.charCodeAt(i) === 45) {
    negative = true;
    i++;
  }
  let value = 0;
  let digits = 0;
  let fraction = -1;
  for (let k = i; k < j; k++) {
    const c = line.charCodeAt(k);
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      digits++;
    } else if (c === 46 && fraction < 0) {
      fraction = digits;
    } else {
      return slowNumber(line, from, to, ifBlank);
    }
  }
  if (digits === 0 || digits > 15) return slowNumber(line, from, to, ifBlank);
  const scale = fraction < 0 ? 0 : digits - fraction;
  const v = scale === 0 ? value : value / POW10[scale];
  return negative ? -v : v;
}

function slowNumber(line: string, from: number, to: number, ifBlank: number): number {
  const t = line.slice(from, to).trim();
  return t === '' ? ifBlank : Number(t);
}

/**
 * A whole number of decimal digits alone (no sign) in columns [from, to), blanks around it
 * allowed; -1 when the field is anything else (blank, a sign, a letter, hybrid-36).
 */
export function columnDigits(line: string, from: number, to: number): number {
  const end = to < line.length ? to : line.length;
  let i = from;
  while (i < end && line.charCodeAt(i) === 32) i++;
  let j = end;
  while (j > i && line.charCodeAt(j - 1) === 32) j--;
  if (i === j || j - i > 15) return -1;
  let value = 0;
  for (let k = i; k < j; k++) {
    const c = line.charCodeAt(k);
    if (c < 48 || c > 57) return -1;
    value = value * 10 + (c - 48);
  }
  return value;
}
