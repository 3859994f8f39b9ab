import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { endpointRefusal, isPublicAddress, publicOnlyLookup } from './endpoint-guard';

/* The endpoint guard of DESIGN.md §7.11 on its own; push.test.ts covers it through the API. */

describe('endpointRefusal', () => {
  it.each([
    ['http://push.example.com/x', 'not_https'],
    ['https://127.0.0.1/x', 'loopback_host'],
    ['https://[::1]/x', 'loopback_host'],
    ['https://localhost/x', 'loopback_host'],
    ['https://2130706433/x', 'loopback_host'],
    ['https://10.0.0.8/x', 'private_address'],
    ['https://172.20.1.1/x', 'private_address'],
    ['https://169.254.169.254/x', 'private_address'],
    ['https://[fe80::1]/x', 'private_address'],
    ['https://[fc00::1]/x', 'private_address'],
    ['https://100.64.0.1/x', 'private_address'],
    ['https://0.0.0.0/x', 'private_address'],
    ['https://intranet/x', 'private_address'],
    ['https://user:pw@push.example.com/x', 'credentials_in_url'],
  ])('refuses %s (%s)', (endpoint, reason) => {
    expect(endpointRefusal(endpoint, false)).toBe(reason);
  });

  it('takes https on public hosts, and loopback http only with the flag', () => {
    expect(endpointRefusal('https://fcm.googleapis.com/fcm/send/a', false)).toBeNull();
    expect(
      endpointRefusal('https://updates.push.services.mozilla.com/wpush/v2/a', false),
    ).toBeNull();
    expect(endpointRefusal('https://8.8.8.8/x', false)).toBeNull();
    expect(endpointRefusal('http://127.0.0.1:4000/x', true)).toBeNull();
    expect(endpointRefusal('http://localhost:4000/x', true)).toBeNull();
    expect(endpointRefusal('http://10.0.0.1/x', true)).toBe('not_https');
    expect(endpointRefusal('https://10.0.0.1/x', true)).toBe('private_address');
  });

  it('tells public addresses from the rest', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2a00:1450:4001::1')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.1.1.1',
      '::ffff:192.168.1.1',
      'fd00::1',
      '224.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('publicOnlyLookup (DNS rebinding)', () => {
  const resolve = (lookup: ReturnType<typeof publicOnlyLookup>, host: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; result: unknown }>((done) => {
      lookup(host, { all }, (error, address, family) =>
        done({ error, result: all ? address : { address, family } }),
      );
    });

  it('refuses a name that resolves to a loopback address, in both calling styles', async () => {
    const lookup = publicOnlyLookup(false);
    for (const all of [false, true]) {
      const { error } = await resolve(lookup, 'localhost', all);
      expect(error?.code).toBe('EPUSHPRIVATE');
    }
  });

  it('with PUSH_ALLOW_LOOPBACK answers loopback names as node expects', async () => {
    const lookup = publicOnlyLookup(true);
    const single = await resolve(lookup, 'localhost', false);
    expect(single.error).toBeNull();
    expect(single.result).toMatchObject({ address: expect.stringMatching(/^(127\.|::1)/) });
    const all = await resolve(lookup, 'localhost', true);
    expect((all.result as LookupAddress[]).length).toBeGreaterThan(0);
  });

  it('a request through it never connects to a name resolving to a private address', async () => {
    let reached = false;
    const server = http.createServer((_req, res) => {
      reached = true;
      res.end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    const failed = await new Promise<NodeJS.ErrnoException>((done) => {
      const req = http.request(`http://localhost:${port}/`, { lookup: publicOnlyLookup(false) });
      req.on('error', done);
      req.end();
    });
    server.close();
    expect(failed.code).toBe('EPUSHPRIVATE');
    expect(reached).toBe(false);
  });
});
