// A line of a predictions file, the file `score` reads and `eval` and `human` write:
// `{"id": "<question id>", "prediction": "<the reply>"}`. Declared once, as a schema
// (qa/record-problems.ts): prediction-lines.ts checks each line with it, docs/schemas/
// publishes it. Other fields (an eval's own notes) are allowed and ignored.
import { z } from '../record-problems.ts';

export const PredictionRecordSchema = z
  .object({
    id: z.string().min(1).describe("The id of the question answered (its record's `id`)"),
    prediction: z.string().describe('The reply, as the model or person gave it'),
  })
  .describe('A line of a predictions file (JSON lines), as score reads it');
export type PredictionRecord = z.infer<typeof PredictionRecordSchema>;
