// `--serve`: the site (and the dataset whose images it names) over HTTP on 127.0.0.1 only,
// for a browser that is kept from opening files. The served root is the folder holding both,
// so the site's relative links to the dataset work as they do from the file system; nothing
// outside that root is served.
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** The deepest folder holding every one of `paths`. */
export function commonRoot(paths: string[]): string {
  const parts = paths.map((p) => resolve(p).split(sep));
  const out: string[] = [];
  for (let i = 0; parts.every((p) => i < p.length && p[i] === parts[0][i]); i++) out.push(parts[0][i]);
  return out.join(sep) || sep;
}

export interface Served {
  server: Server;
  /** The site's index page. */
  url: string;
}

/** Serves `root` on 127.0.0.1:`port` (0: any free port); `page` is the site's index.html under it. */
export function serveFolder(root: string, page: string, port: number): Promise<Served> {
  const base = resolve(root);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = resolve(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) return void res.writeHead(403).end('outside the served folder');
    let target = file;
    try {
      if (statSync(target).isDirectory()) target = join(target, 'index.html');
      statSync(target);
    } catch {
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end(`${path}: no such file`);
    }
    res.writeHead(200, { 'content-type': TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream' });
    createReadStream(target).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const p = typeof address === 'object' && address ? address.port : port;
      const rel = relative(base, resolve(page)).split(sep).map(encodeURIComponent).join('/');
      ok({ server, url: `http://127.0.0.1:${p}/${rel}` });
    });
  });
}
