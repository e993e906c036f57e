// The pixels' way out of the page: a WebSocket on 127.0.0.1 that pages send their pixel
// runs to as binary messages, instead of returning them through the DevTools protocol.
//
// Why: through the protocol every image travelled as base64 inside JSON, from the page to
// the browser process and on through its pipe to Node, which parsed the JSON and decoded
// the base64: ~150 kB of runs became ~200 kB of text handled three times (measured: the
// page's serialisation ~2 ms, the browser process ~1.8 ms, Node ~1.5 ms of CPU per
// 512 x 512 image). A binary WebSocket message is copied, not encoded (docs/history/rendering.md, renderer 7).
//
// One server per Node process, started on first use, listening on an ephemeral port of the
// loopback interface only. A page connects with a random token that names it; each of its
// messages is one image: a 4-byte little-endian serial (the page's count of images sent on
// this connection, from 0) and the runs. The server and its sockets do not keep Node
// alive. The DevTools protocol would report every frame (with its bytes in base64) to a
// session with the Network domain enabled; the page's session disables it after loading
// (scene-page.ts), so nothing goes that way.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/** One page's connection: the images it sends, in order. */
export class ImageSocket {
  private readonly queue: Buffer[] = [];
  private readonly waiters: { resolve: (b: Buffer) => void; reject: (e: Error) => void }[] = [];
  private closedWith: Error | null = null;
  private expected = 0;

  constructor(readonly token: string) {}

  /** Called by the server with each message of this page. */
  deliver(data: Buffer): void {
    const w = this.waiters.shift();
    if (w) w.resolve(data);
    else this.queue.push(data);
  }

  /** The connection is gone: every wait, now and later, fails with `reason`. */
  fail(reason: Error): void {
    this.closedWith ??= reason;
    for (const w of this.waiters.splice(0)) w.reject(this.closedWith);
  }

  /** The next image's runs (the serial checked and removed). */
  async next(): Promise<Uint8Array> {
    const data =
      this.queue.shift() ??
      (await new Promise<Buffer>((resolve, reject) => {
        if (this.closedWith) reject(this.closedWith);
        else this.waiters.push({ resolve, reject });
      }));
    if (data.length < 4) throw new Error(`image socket: a message of ${data.length} bytes`);
    const serial = data.readUInt32LE(0);
    if (serial !== this.expected) throw new Error(`image socket: image ${serial} arrived where ${this.expected} was due`);
    this.expected++;
    return data.subarray(4);
  }
}

interface Channel {
  url: string;
  sockets: Map<string, ImageSocket>;
}
let channel: Promise<Channel> | null = null;

function startChannel(): Promise<Channel> {
  return new Promise((resolve, reject) => {
    const sockets = new Map<string, ImageSocket>();
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 256 * 2 ** 20, perMessageDeflate: false });
    server.once('error', (e) => {
      channel = null;
      reject(e);
    });
    server.on('connection', (ws: WebSocket, req) => {
      const token = new URL(req.url ?? '/', 'http://x').searchParams.get('token') ?? '';
      const target = sockets.get(token);
      if (!target) {
        ws.close(1008, 'unknown token');
        return;
      }
      (ws as unknown as { _socket?: { unref?: () => void } })._socket?.unref?.();
      ws.on('message', (data: Buffer, binary: boolean) => {
        if (binary) target.deliver(data);
      });
      // A token serves one connection: gone with it, whether or not the page was closed
      // politely (a retired browser is killed, its pages never close).
      ws.on('close', () => {
        sockets.delete(token);
        target.fail(new Error('the page closed its image socket'));
      });
      ws.on('error', (e) => target.fail(e));
    });
    server.once('listening', () => {
      // Listening must not keep Node running once the work is done.
      (server as unknown as { _server?: { unref?: () => void } })._server?.unref?.();
      const { port } = server.address() as AddressInfo;
      resolve({ url: `ws://127.0.0.1:${port}/`, sockets });
    });
  });
}

/** A socket for one new page: the URL its page connects to (token included) and its images. */
export async function openImageSocket(): Promise<{ url: string; socket: ImageSocket; release: () => void }> {
  channel ??= startChannel();
  const c = await channel;
  const token = randomUUID();
  const socket = new ImageSocket(token);
  c.sockets.set(token, socket);
  return { url: `${c.url}?token=${token}`, socket, release: () => c.sockets.delete(token) };
}
