// Bytes a generated dataset takes, by kind, and projected to the full benchmark (588k images,
// 163k questions): pipeline/dataset/dataset-bytes.ts. Not a test.
// Usage: npm run bench:bytes -- <dataset folder> [--json]
import { datasetBytes, formatDatasetBytes } from '../pipeline/dataset/dataset-bytes.ts';

const args = process.argv.slice(2);
const dirs = args.filter((a) => !a.startsWith('--'));
if (dirs.length === 0) {
  process.stderr.write('usage: npm run bench:bytes -- <dataset folder>... [--json]\n');
  process.exit(2);
}
for (const dir of dirs) {
  const b = datasetBytes(dir);
  process.stdout.write(args.includes('--json') ? JSON.stringify(b, null, 2) + '\n' : formatDatasetBytes(b));
}
