// `misi-gen render <complex> | --structures <path> --view ... [--transform ...] [--ligand-transform ...] [--subset ...]
// [--projection ...] [--size 512] [--no-labels] [--antialias edge|supersample|none] [--gpu] --out f.png [--annotations f.json]`:
// draws one scene of one complex through the complex's own camera. stdout: the image path;
// progress and problems go to stderr.
import type { Argv } from 'yargs';
import { antialiasHelp, parseAntialias } from '../../renders/antialias-methods.ts';
import { CAMERA_DEFAULTS, PROJECTIONS } from '../../renders/camera.ts';
import { CommandSyntaxError, parseCommands } from '../../renders/commands.ts';
import { RenderPool } from '../../renders/render-pool.ts';
import { renderScenes } from '../../renders/render-scenes.ts';
import { complexCamera } from '../../renders/scene-atoms.ts';
import { DEFAULT_ANTIALIAS, makeStyle } from '../../renders/style.ts';
import { parseSubset } from '../../renders/subset.ts';
import { VIEW_NAMES, type ViewName } from '../../renders/views.ts';
import { loadOneComplex } from '../../structures/ingest.ts';
import { changeKind } from '../content-warnings.ts';
import { defineCommand, type InferredArgs } from '../define-command.ts';
import { CommandFailure } from '../exit-codes.ts';
import { ingestOptions } from '../ingest-options.ts';
import { checkInputPaths, structurePaths } from '../input-paths.ts';
import { UsageError } from '../usage-error.ts';

/** What is wrong with the arguments, in one line, or null. */
function problem(a: RenderArgs): string | null {
  const paths = structurePaths(a.complex === undefined ? [] : [a.complex], a.structures);
  if (paths.length !== 1)
    return `render draws one complex: give one structure path, as an argument or with --structures (got ${paths.length})`;
  if (!VIEW_NAMES.includes(a.view)) return `--view must be one of ${VIEW_NAMES.join(', ')}`;
  if (!PROJECTIONS.includes(a.projection)) return `--projection must be one of ${PROJECTIONS.join(', ')}`;
  if (!(Number.isInteger(a.size) && a.size >= 16 && a.size <= 4096)) return '--size must be a whole number of pixels from 16 to 4096';
  for (const [flag, text] of [
    ['--transform', a.transform],
    ['--ligand-transform', a['ligand-transform']],
  ] as const) {
    try {
      parseCommands(String(text ?? ''));
    } catch (e) {
      if (e instanceof CommandSyntaxError) return `${flag}: ${e.message}`;
      throw e;
    }
  }
  try {
    parseSubset(String(a.subset));
  } catch (e) {
    return `--subset: ${(e as Error).message}`;
  }
  return null;
}

/** render's flags, declared once: the handler's and `problem`'s argument type. */
const renderFlags = (y: Argv) =>
  ingestOptions(y)
    .positional('complex', { type: 'string', describe: 'anything ingest accepts that holds one complex (or give it with --structures)' })
    .option('structures', { type: 'string', array: true, describe: 'the structure path, as the positional argument' })
    .option('view', { choices: VIEW_NAMES, default: 'front' as ViewName, describe: 'canonical view, applied after the transform' })
    .option('transform', { type: 'string', default: '', describe: 'commands for the whole scene, e.g. "roll y 15, move x -3"' })
    .option('ligand-transform', {
      type: 'string',
      default: '',
      describe: 'commands for the ligand alone, applied first, e.g. "move x 14, roll x -75"',
    })
    .option('subset', { type: 'string', default: 'full', describe: 'full | pocket | ligand | residue:CHAIN:NUMBER[ICODE]' })
    .option('projection', {
      choices: PROJECTIONS,
      default: CAMERA_DEFAULTS.projection,
      describe: 'perspective (30 degree horizontal field of view) or orthographic',
    })
    .option('size', { type: 'number', default: CAMERA_DEFAULTS.width, describe: 'image width and height, pixels' })
    .option('labels', { type: 'boolean', default: true, describe: 'residue and ligand-atom labels (--no-labels: none)' })
    .option('antialias', { type: 'string', default: DEFAULT_ANTIALIAS, describe: antialiasHelp() })
    .option('gpu', {
      type: 'boolean',
      default: false,
      describe: 'use the hardware GPU instead of SwiftShader (images may differ between machines)',
    })
    .option('out', { type: 'string', demandOption: true, describe: 'PNG file to write' })
    .option('annotations', { type: 'string', describe: 'JSON file for the annotation record (camera, transforms, atoms on screen)' });

type RenderArgs = InferredArgs<typeof renderFlags>;

export const renderCommand = defineCommand({
  builder: (y) =>
    renderFlags(y).check((a) => {
      const antialias = parseAntialias(String(a.antialias));
      if (typeof antialias !== 'string') throw new Error(antialias.problem);
      // A UsageError is printed as one line with exit status 2 (pipeline/exit-codes.ts).
      const p = problem(a);
      if (p) throw new UsageError(p);
      return true;
    }),
  handler: async (args, io) => {
    // The check above stops a bad line before the handler runs; this is its promise kept.
    const p = problem(args);
    if (p) throw new UsageError(p);
    const antialias = parseAntialias(args.antialias);
    if (typeof antialias !== 'string') throw new UsageError(antialias.problem);
    const [path] = structurePaths(args.complex === undefined ? [] : [args.complex], args.structures);
    await checkInputPaths([path]);
    // A malformed --ligand (IngestUsageError): a usage error (pipeline/exit-codes.ts).
    const loaded = await loadOneComplex(path, {
      ligand: args.ligand,
      ligandsFile: args.ligands,
      pocketRadius: args['pocket-radius'],
      pocketHydrogens: args['pocket-hydrogens'],
    });
    if (!loaded.ok) throw new CommandFailure(loaded.reason);
    const complex = loaded.complex;
    for (const w of complex.warnings) if (changeKind(w)) io.stderr.write(`render: ${complex.id}: ${w.message}\n`);
    const spec = {
      complex,
      subset: parseSubset(args.subset),
      style: makeStyle({ antialias, ...(args.labels ? {} : { labels: false }) }),
      camera: complexCamera(complex, { projection: args.projection, width: args.size, height: args.size }),
      view: args.view,
      transform: parseCommands(args.transform),
      ligandTransform: parseCommands(args['ligand-transform']),
    };
    const pool = new RenderPool({ pages: 1, gpu: args.gpu });
    try {
      const [o] = await renderScenes(pool, [{ spec, out: args.out, annotationsOut: args.annotations ?? null }]);
      if (o.status === 'failed') throw new CommandFailure(`${complex.id}: rendering failed: ${o.reason}`);
      io.stdout.write(`${o.file}\n`);
    } catch (e) {
      // No browser (NoBrowserError): exit 1 (pipeline/exit-codes.ts); a subset with no pocket residue, the same.
      if (e instanceof Error && /no pocket residue/.test(e.message)) throw new CommandFailure(e.message);
      throw e;
    } finally {
      await pool.close();
    }
  },
});
