// `--serve`: the site over HTTP on 127.0.0.1 only, for a browser that is kept from opening
// files. URLs are paths under the deepest folder holding both the site and the dataset, so the
// site's relative links to the dataset's images work as they do from the file system; but only
// the site's own files and the dataset files the site names (its images) are served: anything
// else under that folder (the input structures, the records' answers, a home folder's other
// files) is answered 404, as if absent. A request naming another Host than 127.0.0.1 or
// localhost with the server's port is refused (a page elsewhere reaching the server through a
// DNS name pointed at 127.0.0.1), and a malformed request is answered 400; neither stops the
// server.
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { pageFile } from './site-files.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
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

export interface ServeSiteOptions {
  /** The site's folder: every file under it is served. */
  site: string;
  dataset: string;
  /** The dataset's files the site names (paths relative to the dataset): these alone of it are served. */
  datasetFiles: Iterable<string>;
  /** 0: any free port. */
  port: number;
}

export interface Served {
  server: Server;
  /** The site's index page. */
  url: string;
}

const under = (folder: string, file: string) => file === folder || file.startsWith(folder + sep);

/** Serves the site (see the file's head) on 127.0.0.1:`port`. */
export function serveSite(o: ServeSiteOptions): Promise<Served> {
  const site = resolve(o.site);
  const dataset = resolve(o.dataset);
  const root = commonRoot([site, dataset]);
  const named = new Set([...o.datasetFiles].map((f) => resolve(dataset, f)));
  let hosts: string[] = [];
  const answer = (res: ServerResponse, status: number, text: string) =>
    void res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${text}\n`);
  const send = (res: ServerResponse, file: string, head: boolean) => {
    res.writeHead(200, { 'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' });
    if (head) return void res.end();
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (!hosts.includes(String(req.headers.host ?? '').toLowerCase()))
      return answer(res, 403, `this server answers requests to ${hosts.join(' or ')} only`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, `${req.method}: only GET and HEAD`);
    const head = req.method === 'HEAD';
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      // A malformed %-escape (URIError): the client is told so (400) and the server goes on.
      return answer(res, 400, 'a malformed address (a bad %-escape?)');
    }
    if (path.includes('\0')) return answer(res, 400, 'a malformed address');
    if (path === '/favicon.ico') return send(res, pageFile('favicon.svg'), head);
    let file = resolve(join(root, path));
    const inSite = under(site, file);
    if (!inSite && !named.has(file)) return answer(res, 404, `${path}: not part of the site`);
    try {
      if (inSite && statSync(file).isDirectory()) file = join(file, 'index.html');
      if (!statSync(file).isFile()) throw new Error('not a file');
    } catch {
      // Not there, or not readable (ENOENT, EACCES...): to the client both are a missing file (404).
      return answer(res, 404, `${path}: no such file`);
    }
    send(res, file, head);
  };
  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      // Whatever a request's form makes handle throw: that request is refused (400, or its reply cut once begun), the server goes on with the others.
      if (!res.headersSent) answer(res, 400, 'a malformed request');
      else res.destroy();
    }
  });
  // A request line Node cannot read at all: 400, and the server goes on.
  server.on('clientError', (_e, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(o.port, '127.0.0.1', () => {
      const address = server.address();
      const p = typeof address === 'object' && address ? address.port : o.port;
      hosts = [`127.0.0.1:${p}`, `localhost:${p}`];
      const rel = relative(root, join(site, 'index.html')).split(sep).map(encodeURIComponent).join('/');
      ok({ server, url: `http://127.0.0.1:${p}/${rel}` });
    });
  });
}
