// `misi-gen setup-browser [--dry-run] [--ignore-found]`: finds a Chromium for rendering, or
// downloads or installs one (renders/setup-browser.ts says how). `npm ci` in a clone runs it;
// after `npm install` of the package, run it once by hand. Messages on stderr; exit 0 when a
// browser is there, 1 with what to do otherwise.

import { setupBrowser } from '../../renders/setup-browser.ts';
import { defineCommand } from '../define-command.ts';
import { EXIT } from '../exit-codes.ts';

export const setupBrowserCommand = defineCommand({
  builder: (y) =>
    y.option('dry-run', { type: 'boolean', default: false, describe: 'say what would be done, change nothing' }).option('ignore-found', {
      type: 'boolean',
      default: false,
      describe: 'act as if no browser were installed (to try the download and apt-get steps)',
    }),
  handler: async (args, io) => {
    const ok = await setupBrowser({
      dryRun: args['dry-run'],
      ignoreFound: args['ignore-found'],
      say: (message) => io.stderr.write(`setup-browser: ${message}\n`),
    });
    const status = ok ? EXIT.ok : EXIT.failed;
    // As the process: exit here, an unanswered download request must not keep it alive.
    io.exit?.(status);
    return status;
  },
});
