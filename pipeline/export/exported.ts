// What every exporter hands back for checking: each file written, with the rows read back
// from disk in a common shape.
import type { QaSplit } from '../dataset/layout.ts';

export interface ExportedRow {
  id: string;
  /** Image references as the file writes them (paths relative to the export folder). */
  images: string[];
  /** The user turn (with `<image>` placeholders), or null where a format keeps images apart (hf). */
  prompt: string | null;
  answer: string;
  /** hf: bytes of each embedded image, to compare with the dataset's files. */
  imageBytes?: Uint8Array[];
  /** vlmevalkit: sha256 of each decoded image (a TSV of GBs is not kept in memory). */
  imageSha256?: string[];
}

export interface ExportedFile {
  /** Path relative to the export folder. */
  path: string;
  task: string;
  split: QaSplit;
  rows: ExportedRow[];
}
