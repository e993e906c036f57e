// hf: the questions of one task and split as Hugging Face parquet shards,
// data/<task>/<split>-NNNNN-of-MMMMM.parquet, with the images embedded in each row as a
// list of `Image` values (struct {bytes, path}). Row groups are small (ROW_GROUP_ROWS rows,
// each row carrying its images, ~0.1 MB apiece); a shard closes at SHARD_ROWS rows or
// SHARD_BYTES of image data. The `huggingface` key-value metadata declares the features, so
// `datasets` reads `images` as a list of Image.
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { parquetWriteFile } from 'hyparquet-writer';
import { imagePath, temporaryPath } from '../dataset/layout.ts';
import type { QaRecord } from '../dataset/question-record.ts';
import type { ExportedRow } from './exported.ts';

export const ROW_GROUP_ROWS = 32;
export const SHARD_ROWS = 1000;
export const SHARD_BYTES = 256 * 1024 * 1024;

const TEXT_COLUMNS = ['id', 'task', 'split', 'complex', 'question', 'answer'] as const;
/** Fields kept as JSON text (their shape varies by task). */
const JSON_COLUMNS = ['options', 'truth', 'meta'] as const;

const string = { dtype: 'string', _type: 'Value' };
export const HF_FEATURES = {
  ...Object.fromEntries(TEXT_COLUMNS.map((c) => [c, string])),
  images: [{ _type: 'Image' }],
  ...Object.fromEntries(JSON_COLUMNS.map((c) => [c, string])),
};

const SCHEMA = [
  { name: 'schema', num_children: TEXT_COLUMNS.length + 1 + JSON_COLUMNS.length },
  ...TEXT_COLUMNS.map((name) => ({
    name,
    type: 'BYTE_ARRAY' as const,
    converted_type: 'UTF8' as const,
    repetition_type: 'OPTIONAL' as const,
  })),
  { name: 'images', repetition_type: 'OPTIONAL' as const, converted_type: 'LIST' as const, num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED' as const, num_children: 1 },
  { name: 'element', repetition_type: 'OPTIONAL' as const, num_children: 2 },
  { name: 'bytes', type: 'BYTE_ARRAY' as const, repetition_type: 'OPTIONAL' as const },
  { name: 'path', type: 'BYTE_ARRAY' as const, converted_type: 'UTF8' as const, repetition_type: 'OPTIONAL' as const },
  ...JSON_COLUMNS.map((name) => ({
    name,
    type: 'BYTE_ARRAY' as const,
    converted_type: 'UTF8' as const,
    repetition_type: 'OPTIONAL' as const,
  })),
];

/** Records in shards: at most SHARD_ROWS rows and SHARD_BYTES of images each (at least one row). */
async function shardRecords(datasetDir: string, records: QaRecord[]): Promise<QaRecord[][]> {
  const { stat } = await import('node:fs/promises');
  const size = new Map<string, number>();
  const shards: QaRecord[][] = [[]];
  let bytes = 0;
  for (const r of records) {
    let rowBytes = 0;
    for (const p of r.images) {
      if (!size.has(p)) size.set(p, (await stat(join(datasetDir, p))).size);
      rowBytes += size.get(p)!;
    }
    const current = shards[shards.length - 1];
    if (current.length > 0 && (current.length >= SHARD_ROWS || bytes + rowBytes > SHARD_BYTES)) {
      shards.push([]);
      bytes = 0;
    }
    shards[shards.length - 1].push(r);
    bytes += rowBytes;
  }
  return shards;
}

/** Writes the shards of one task and split; returns their paths relative to outDir (none when empty). */
export async function writeHfShards(
  datasetDir: string,
  outDir: string,
  task: string,
  split: string,
  records: QaRecord[],
): Promise<string[]> {
  // No file for an empty split: a parquet file without row groups is refused by some readers
  // (arrow-rs), and the card lists only the splits that have files.
  if (records.length === 0) return [];
  const shards = await shardRecords(datasetDir, records);
  const paths: string[] = [];
  await mkdir(join(outDir, 'data', task), { recursive: true });
  for (let i = 0; i < shards.length; i++) {
    const rows = shards[i];
    const path = `data/${task}/${split}-${String(i).padStart(5, '0')}-of-${String(shards.length).padStart(5, '0')}.parquet`;
    const images = [];
    for (const r of rows) {
      const list = [];
      for (const p of r.images) list.push({ bytes: new Uint8Array(await readFile(join(datasetDir, p))), path: p.split('/').pop()! });
      images.push(list);
    }
    const tmp = temporaryPath(join(outDir, path));
    parquetWriteFile({
      filename: tmp,
      schema: SCHEMA,
      columnData: [
        ...TEXT_COLUMNS.map((c) => ({ name: c, data: rows.map((r) => String(r[c])) })),
        { name: 'images', data: images },
        ...JSON_COLUMNS.map((c) => ({ name: c, data: rows.map((r) => (r[c] === undefined ? null : JSON.stringify(r[c]))) })),
      ],
      codec: 'UNCOMPRESSED',
      statistics: false,
      rowGroupSize: ROW_GROUP_ROWS,
      kvMetadata: [{ key: 'huggingface', value: JSON.stringify({ info: { features: HF_FEATURES } }) }],
      createdBy: 'misi-gen (hyparquet-writer)',
    });
    await rename(tmp, join(outDir, path));
    paths.push(path);
  }
  return paths;
}

/** Rows of a written shard, read back with hyparquet (the reader, not the writer). */
export async function readHfShard(outDir: string, path: string): Promise<ExportedRow[]> {
  const buf = await readFile(join(outDir, path));
  const file = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
  const metadata = await parquetMetadataAsync(file);
  const rows = (await parquetReadObjects({ file, metadata, utf8: false })) as any[];
  return rows.map((r) => ({
    id: r.id,
    images: (r.images ?? []).map((im: any) => imagePath(im.path)),
    prompt: null,
    answer: r.answer,
    imageBytes: (r.images ?? []).map((im: any) => im.bytes as Uint8Array),
  }));
}

/** Row groups and rows per row group of a shard (for the card and the checks). */
export async function shardLayout(outDir: string, path: string): Promise<{ rowGroups: number[]; kv: Record<string, string> }> {
  const buf = await readFile(join(outDir, path));
  const md = await parquetMetadataAsync(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  return {
    rowGroups: md.row_groups.map((g) => Number(g.num_rows)),
    kv: Object.fromEntries((md.key_value_metadata ?? []).map((k) => [k.key, k.value ?? ''])),
  };
}
