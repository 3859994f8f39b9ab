import http from 'node:http';
import { PUBLIC_ROUTES } from '@studio/shared/routes';
import { expect, test } from '../fixtures';

/*
 * Each public page's document arrives in the first round trip of a slow
 * connection (issue 34). Lighthouse's slow-4G model carries about 14.6 KB
 * (ten packets of 1,460 bytes) before the first acknowledgement; each further
 * round trip costs ~150 ms of largest paint, which is what took /team to
 * 1.68 × the bare page's when its logos were inline (session 20). The bytes
 * counted are those a browser receives: the status line and headers (the CSP
 * with its hashes is most of them) and the brotli body.
 */

const FIRST_ROUND_TRIP_BYTES = 14_600;

/** The bytes of the answer to a browser's request for `path`, as sent. */
function bytesOnTheWire(base: string, path: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL(path, base),
      { headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' } },
      (response) => {
        // The status line, each header line and the blank line, as HTTP/1.1 sends them.
        let bytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          bytes += Buffer.byteLength(
            `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`,
          );
        }
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

test('every public page, /contact and /login fit the first round trip of a slow connection', async ({
  baseURL,
}) => {
  const sizes: Record<string, number> = {};
  for (const path of [...PUBLIC_ROUTES, '/contact', '/login']) {
    const { status, bytes } = await bytesOnTheWire(baseURL ?? '', path);
    expect(status, path).toBe(200);
    sizes[path] = bytes;
  }
  console.log('first round trip, bytes with headers:', sizes);
  for (const [path, bytes] of Object.entries(sizes)) {
    expect(bytes, `${path}: ${bytes} bytes`).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
  }
});
