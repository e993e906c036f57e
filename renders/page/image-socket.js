// The image socket (renders/image-channel.ts): the page sends each image to Node as one
// binary WebSocket message, a 4-byte little-endian serial (images sent on this connection,
// from 0) and then the pixel runs, so the pixels skip the protocol's base64.

/** @type {WebSocket | null} */
let imageSocket = null;
let imageSerial = 0;

/**
 * Connects to Node's image socket at `url`; resolves true once open.
 * @param {string} url
 * @returns {Promise<boolean>}
 */
export function connectImages(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => {
      imageSocket = ws;
      imageSerial = 0;
      resolve(true);
    };
    ws.onerror = () => reject(new Error(`could not open the image socket ${url}`));
    ws.onclose = () => {
      if (imageSocket === ws) imageSocket = null;
    };
  });
}

/** Closes the image socket (what a lost connection does; used by tests). */
export function closeImageSocket() {
  imageSocket?.close();
  imageSocket = null;
}

/**
 * The runs of one image (`encode(4)` leaves the first 4 bytes for the serial) sent on the
 * socket; returns the byte count of the runs.
 * @param {(start: number) => Uint8Array<ArrayBuffer>} encode
 * @returns {number}
 */
export function sendImage(encode) {
  if (!imageSocket || imageSocket.readyState !== WebSocket.OPEN) throw new Error('the image socket is not open');
  const out = encode(4);
  const serial = imageSerial++;
  out[0] = serial & 255;
  out[1] = (serial >>> 8) & 255;
  out[2] = (serial >>> 16) & 255;
  out[3] = (serial >>> 24) & 255;
  imageSocket.send(out); // copied by the browser as it is queued
  return out.length - 4;
}

// A macrotask turn without setTimeout's clamping (nested timers wait >= 4 ms): the
// WebSocket hands a message's bytes to the network service only as its data pipe drains,
// which needs the event loop to turn.
const turn = new MessageChannel();
/** @type {(() => void)[]} */
const turnWaiters = [];
turn.port1.onmessage = () => turnWaiters.shift()?.();
/** @returns {Promise<void>} */
export const nextTurn = () =>
  new Promise((resolve) => {
    turnWaiters.push(resolve);
    turn.port2.postMessage(0);
  });
