// `misi-gen browse <dir> [--out <site>] [--serve [port]]`: a static site to look through a
// dataset (pipeline/browse/build-site.ts); stdout: the site's index.html (with --serve, its
// URL on 127.0.0.1, served until interrupted). Problems found in the dataset go to stderr.
import { join } from 'node:path';
import { buildBrowseSite } from '../browse/build-site.ts';
import { serveSite } from '../browse/serve-site.ts';
import { defineCommand } from '../define-command.ts';

export const browseCommand = defineCommand({
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'output folder of generate' })
      .option('out', { type: 'string', describe: 'folder for the site (default: <dir>/browse, which moves with the dataset)' })
      .option('serve', {
        type: 'string',
        describe:
          'also serve the site on 127.0.0.1 until interrupted (the site and the images it names, nothing else): --serve PORT, or --serve alone (last) for any free port',
      })
      .check((a) => {
        if ((a.serve !== undefined && a.serve !== '' && !/^\d{1,5}$/.test(a.serve)) || Number(a.serve) > 65535)
          throw new Error(`--serve takes a port number from 0 to 65535, not '${a.serve}'`);
        return true;
      }),
  handler: async (args, io) => {
    const out = args.out ?? join(args.dir, 'browse');
    // A dataset that cannot be read: exit 1 (pipeline/exit-codes.ts).
    const site = await buildBrowseSite({ dir: args.dir, out, log: (l) => io.stderr.write(l + '\n') });
    for (const p of site.problems) io.stderr.write(`misi-gen browse: ${p}\n`);
    io.stderr.write(`browse: ${site.questions} questions, ${site.complexes} complexes, ${site.seconds.toFixed(1)} s -> ${out}\n`);
    const page = join(out, 'index.html');
    if (args.serve === undefined) {
      io.stdout.write(page + '\n');
      return;
    }
    const port = Number(args.serve || 0);
    const served = await serveSite({ site: out, dataset: args.dir, datasetFiles: site.datasetFiles, port });
    io.stdout.write(served.url + '\n');
    io.stderr.write('browse: serving on 127.0.0.1 only; Ctrl-C stops\n');
    await new Promise<void>((done) => {
      const stop = () => served.server.close(() => done());
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  },
});
