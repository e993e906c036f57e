// `node scripts/build-wasm.mjs [--check]`: compiles structures/grouping/identity-simd.wat into
// identity-simd.wasm beside it, with wabt (a devDependency). The .wasm is committed, so
// installing the package needs no compiler; --check only compares the two and exits 1 when
// the committed binary is not the compilation of the text (the test suite runs this check).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import wabtInit from 'wabt';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'structures', 'grouping', 'identity-simd.wat');
const target = source.replace(/\.wat$/, '.wasm');

/** The binary for a .wat text (no names section, so the bytes depend on the text alone). */
export async function compileWat(path) {
  const wabt = await wabtInit();
  const module = wabt.parseWat(path, readFileSync(path, 'utf8'), { simd: true });
  try {
    module.validate();
    return Buffer.from(module.toBinary({ write_debug_names: false }).buffer);
  } finally {
    module.destroy();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await compileWat(source);
  if (process.argv.includes('--check')) {
    const same = Buffer.compare(bytes, readFileSync(target)) === 0;
    process.stderr.write(
      same
        ? `build-wasm: ${target} is the compilation of ${source}\n`
        : `build-wasm: ${target} differs from the compilation of ${source}: run node scripts/build-wasm.mjs\n`,
    );
    process.exit(same ? 0 : 1);
  }
  writeFileSync(target, bytes);
  process.stderr.write(`build-wasm: wrote ${target} (${bytes.length} bytes)\n`);
}
