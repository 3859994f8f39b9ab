// A live stream (SSE) over a raw TCP socket, shared by the fan-out clients and
// the soak: the request written by hand and the answer scanned as text. SSE
// frames are found by their blank line; the chunked-encoding size lines
// between them are ignored (the server writes each frame as one chunk). Many
// such streams parse with far less CPU than node:http's parser would spend, so
// arrivals are not queued behind the measuring side.
import net from 'node:net';

/**
 * Opens `path` with the session `token`; resolves with the socket once the
 * server's first frame (`retry:`) came, then calls `onFrame` with every frame
 * that names an event. A refusal (429, 503) has a JSON body and no frame to
 * wait for: it rejects at once.
 */
export function openEventStream({ baseUrl, path, token, localAddress, onFrame }) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      ...(localAddress ? { localAddress } : {}),
    });
    socket.setEncoding('latin1');
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\nCookie: sid=${token}\r\n\r\n`,
    );
    let buffer = '';
    let opened = false;
    socket.on('data', (chunk) => {
      buffer += chunk;
      if (!opened && buffer.includes('\r\n\r\n') && !buffer.startsWith('HTTP/1.1 200')) {
        socket.destroy();
        reject(new Error(`stream answered ${buffer.slice(0, 12)}`));
        return;
      }
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!opened && frame.includes('retry:')) {
          opened = true;
          resolve(socket);
        } else if (opened && frame.includes('event:')) onFrame(frame);
        end = buffer.indexOf('\n\n');
      }
    });
    socket.on('error', (error) => {
      if (!opened) reject(error);
    });
  });
}
