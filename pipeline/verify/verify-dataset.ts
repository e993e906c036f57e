// Checking a generated dataset against its manifest: every qa record parses and has its
// fields, every image a record names exists and its sha256 is the manifest's, every image of
// the manifest exists, and the counts per task and split are the manifest's. Returns the
// problems in plain words (empty when the dataset is whole).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256FileSync } from '../dataset/files.ts';

export interface VerifyReport {
  problems: string[];
  records: number;
  images: number;
}

const FIELDS = ['id', 'task', 'split', 'complex', 'images', 'question', 'answer', 'truth', 'meta'] as const;

export function verifyDataset(dir: string): VerifyReport {
  const problems: string[] = [];
  let manifest: any;
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  } catch (e) {
    return { problems: [`${join(dir, 'manifest.json')}: cannot read it (${(e as Error).message.split('\n')[0]})`], records: 0, images: 0 };
  }
  const expected = new Map<string, string>((manifest.images ?? []).map((i: { path: string; sha256: string }) => [i.path, i.sha256]));
  const hashed = new Map<string, string | null>();
  const hashOf = (rel: string): string | null => {
    if (!hashed.has(rel)) {
      const p = join(dir, rel);
      hashed.set(rel, existsSync(p) ? sha256FileSync(p) : null);
    }
    return hashed.get(rel)!;
  };
  const counts: Record<string, Record<string, number>> = {};
  let records = 0;
  const qaDir = join(dir, 'qa');
  const files = existsSync(qaDir) ? readdirSync(qaDir).filter((f) => /^[\w-]+\.(train|test|val)\.jsonl$/.test(f)).sort() : [];
  if (!files.length) problems.push(`${qaDir}: no qa/<task>.<split>.jsonl files`);
  for (const f of files) {
    const [task, split] = f.replace(/\.jsonl$/, '').split('.');
    const lines = readFileSync(join(qaDir, f), 'utf8').split('\n');
    if (lines[lines.length - 1] !== '') problems.push(`qa/${f}: the last line is not complete (file truncated?)`);
    lines.forEach((line, i) => {
      if (line === '') return;
      let r: any;
      try {
        r = JSON.parse(line);
      } catch {
        problems.push(`qa/${f} line ${i + 1}: not valid JSON`);
        return;
      }
      const missing = FIELDS.filter((k) => r[k] === undefined);
      if (missing.length) problems.push(`qa/${f} line ${i + 1}: no ${missing.join(', ')}`);
      if (r.task !== task || r.split !== split) problems.push(`qa/${f} line ${i + 1}: task/split ${r.task}/${r.split} in the file of ${task}/${split}`);
      records++;
      (counts[task] ??= {})[split] = (counts[task][split] ?? 0) + 1;
      for (const img of Array.isArray(r.images) ? r.images : []) {
        const want = expected.get(img);
        const got = hashOf(img);
        if (got === null) problems.push(`qa/${f} line ${i + 1} (${r.id}): image ${img} does not exist`);
        else if (want === undefined) problems.push(`qa/${f} line ${i + 1} (${r.id}): image ${img} is not in the manifest`);
        else if (got !== want) problems.push(`${img}: sha256 differs from the manifest (altered or truncated)`);
      }
    });
  }
  for (const [path, sha] of expected) {
    if (hashed.has(path)) continue;
    const got = hashOf(path);
    if (got === null) problems.push(`${path}: listed in the manifest but does not exist`);
    else if (got !== sha) problems.push(`${path}: sha256 differs from the manifest (altered or truncated)`);
  }
  for (const [task, bySplit] of Object.entries<Record<string, number>>(manifest.counts ?? {})) {
    for (const [split, n] of Object.entries(bySplit)) {
      const got = counts[task]?.[split] ?? 0;
      if (got !== n) problems.push(`qa/${task}.${split}.jsonl: ${got} records, the manifest says ${n}`);
    }
  }
  return { problems: [...new Set(problems)], records, images: expected.size };
}
