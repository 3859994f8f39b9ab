import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backupEmbedded } from '../src/cli/backup';
import { ConfigError, loadConfig } from '../src/config';
import { openPglite } from '../src/db/client';
import { users } from '../src/db/schema/index';
import { Client, createTestContext, STUDIO_ENV, tempDir } from './helpers';

/** Security review 2026-11, findings 26 (unsafe production configuration) and 29 (backup files). */
const run = promisify(execFile);
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://studio.example.pl',
  SMTP_URL: 'smtp://user:pass@smtp.example.pl:587',
  MAIL_FROM: 'Studio <no-reply@studio.example.pl>',
  ...STUDIO_ENV,
};

describe('production refuses unsafe configuration', () => {
  it.each([
    [{ PUBLIC_URL: 'http://studio.example.pl' }, /^Invalid PUBLIC_URL: must be https:\/\//],
    [{ PUBLIC_URL: '' }, /^Invalid PUBLIC_URL: required \(https:\/\/…\)/],
    [
      { PUBLIC_URL: 'http://studio.example.pl', ALLOW_INSECURE_HTTP: '1' },
      /^Invalid PUBLIC_URL: ALLOW_INSECURE_HTTP=1 allows http:\/\/ only for a loopback PUBLIC_URL/,
    ],
    [
      { PUBLIC_URL: 'http://localhost:3000', ALLOW_INSECURE_HTTP: '1', HOST: '0.0.0.0' },
      /^Invalid HOST: ALLOW_INSECURE_HTTP=1 allows http:\/\/ only when the server listens on loopback/,
    ],
    [
      { SMTP_URL: 'smtp://user:pass@smtp.example.pl:587?ignoreTLS=true' },
      /^Invalid SMTP_URL: ignoreTLS=true sends codes and passwords without TLS/,
    ],
    [
      { SMTP_URL: 'smtp://smtp.example.pl:25?requireTLS=false' },
      /^Invalid SMTP_URL: requireTLS=false/,
    ],
    [
      { SMTP_URL: 'smtps://smtp.example.pl?tls.rejectUnauthorized=false' },
      /^Invalid SMTP_URL: tls.rejectUnauthorized=false/,
    ],
    [{ MAIL_FROM: '' }, /^Invalid MAIL_FROM: production needs a real sender address/],
    [{ MAIL_FROM: 'Studio <no-reply@localhost>' }, /^Invalid MAIL_FROM/],
  ])('refuses %o with one clear line', (override, message) => {
    const env = { ...production, ...override };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accepts https, http on loopback with ALLOW_INSECURE_HTTP=1, and a plain relay on this machine', () => {
    expect(loadConfig(production).isHttps).toBe(true);
    const local = loadConfig({
      ...production,
      PUBLIC_URL: '',
      ALLOW_INSECURE_HTTP: '1',
      HOST: '127.0.0.1',
      SMTP_URL: 'smtp://127.0.0.1:25?ignoreTLS=true',
    });
    expect(local.publicUrl).toBe('http://localhost:3000');
  });

  it('the production server will not start on an http PUBLIC_URL', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(__dirname, '..'),
      env: {
        ...process.env,
        ...production,
        PUBLIC_URL: 'http://studio.example.pl',
        PORT: '0',
        DATA_DIR: tempDir('prod'),
      },
      timeout: 60_000,
    }).catch((error: { code: number; stderr: string }) => error);
    expect((failure as { code: number }).code).toBe(1);
    expect((failure as { stderr: string }).stderr.trim()).toMatch(
      /^Invalid PUBLIC_URL: must be https:\/\//,
    );
  });
});

/** An address of this machine that is not loopback, so the mail server counts as remote. */
function externalAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

/** An SMTP server on every interface that offers no STARTTLS, as an attacker stripping it would. */
async function strippedMailServer() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    get received() {
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('production refuses to start without the studio’s details', () => {
  it.each(Object.keys(STUDIO_ENV))('refuses %s unset, naming it', (variable) => {
    for (const unset of [undefined, '', '   ']) {
      const env: Record<string, string | undefined> = { ...production, [variable]: unset };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        new RegExp(`^Invalid ${variable}: required when NODE_ENV=production`),
      );
    }
  });

  it.each([
    ['STUDIO_NAME', 'Nasze Studio [uzupełnij pełną nazwę firmy]', /still holds the placeholder/],
    ['STUDIO_ADDRESS', 'ul. Długa 5, Kraków', /must hold the street, the postal code \(NN-NNN\)/],
    ['STUDIO_NIP', '526-025-09-96', /checksum does not match/],
    ['STUDIO_NIP', '1234567890', /checksum does not match/],
    ['STUDIO_NIP', '526-025-09', /must be 10 digits/],
    ['STUDIO_REGON', '123456784', /checksum does not match/],
    ['STUDIO_REGON', '12345678500003', /checksum does not match/],
    ['STUDIO_REGON', '1234567', /must be 9 or 14 digits/],
    ['STUDIO_EMAIL', 'biuro(at)pracownia.pl', /must be an e-mail address/],
    ['STUDIO_EMAIL', 'kontakt@localhost', /must be an e-mail address/],
    ['STUDIO_PHONE', '+48 12 345 67', /must be a phone number/],
    ['STUDIO_PHONE', 'tel. dwanaście', /must be a phone number/],
  ])('refuses %s=%s, naming it', (variable, value, problem) => {
    const env = { ...production, [variable]: value };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid ${variable}: `));
    expect(() => loadConfig(env)).toThrow(problem);
  });

  it('accepts them as typed and keeps NIP and REGON as digits', () => {
    const config = loadConfig({
      ...production,
      STUDIO_NIP: 'PL 526 025 09 95',
      STUDIO_REGON: '12345678500002',
    });
    expect(config.studio).toEqual({
      name: 'Pracownia Kowalski sp. z o.o.',
      address: 'ul. Długa 5, 31-147 Kraków',
      nip: '5260250995',
      regon: '12345678500002',
      email: 'biuro@pracownia.pl',
      phone: '+48 12 345 67 89',
    });
  });

  it('development shows the marked placeholders, but a value that is set must still be right', () => {
    const config = loadConfig({ NODE_ENV: 'development', STUDIO_EMAIL: 'biuro@pracownia.pl' });
    expect(config.studio.nip).toBe('[uzupełnij NIP]');
    expect(config.studio.email).toBe('biuro@pracownia.pl');
    expect(() => loadConfig({ NODE_ENV: 'development', STUDIO_NIP: '5260250996' })).toThrow(
      /^Invalid STUDIO_NIP: checksum does not match/,
    );
  });

  it('the production server prints the line and exits when one is missing', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(__dirname, '..'),
      env: {
        ...process.env,
        ...production,
        STUDIO_REGON: '',
        PORT: '0',
        DATA_DIR: tempDir('prod-studio'),
      },
      timeout: 60_000,
    }).catch((error: { code: number; stderr: string }) => error);
    expect((failure as { code: number }).code).toBe(1);
    expect((failure as { stderr: string }).stderr.trim()).toMatch(
      /^Invalid STUDIO_REGON: required when NODE_ENV=production/,
    );
  });
});

describe('SMTP without TLS', () => {
  const address = externalAddress();
  it.skipIf(!address)(
    'a mail server on another host that offers no STARTTLS (stripped) gets no code: the send fails',
    async () => {
      const stripped = await strippedMailServer();
      try {
        const app = await ctx.app({ env: { SMTP_URL: `smtp://${address}:${stripped.port}` } });
        const response = await new Client(app).post('/api/auth/register', {
          username: 'ewa',
          email: 'ewa@example.com',
          password: 'Sekretne-Haslo-42',
        });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toEqual({ error: 'email_failed' });
        expect(stripped.received).toBe(0);
        // The same server is reached, and accepts mail, from this machine (the send above was refused for TLS).
        const local = await ctx.app({ env: { SMTP_URL: `smtp://127.0.0.1:${stripped.port}` } });
        const sent = await new Client(local).post('/api/auth/register', {
          username: 'ewa2',
          email: 'ewa2@example.com',
          password: 'Sekretne-Haslo-42',
        });
        expect(sent.statusCode).toBe(200);
        expect(stripped.received).toBe(1);
      } finally {
        await stripped.close();
      }
    },
  );
});

describe('backup files', () => {
  it('the backup folder is 0700 and the database tarball and manifest 0600, whatever the umask', async () => {
    const dataDir = tempDir('perm');
    const database = await openPglite(dataDir);
    await database.db.insert(users).values({
      username: 'tajny',
      email: 'tajny@example.com',
      passwordHash: 'hash',
      emailVerifiedAt: new Date(),
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await database.close();
    const outDir = path.join(tempDir('perm-out'), 'backups');
    const { folder } = await backupEmbedded({ dataDir, outDir });
    expect(fs.statSync(outDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(folder, 'database.tar.gz')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(folder, 'manifest.json')).mode & 0o777).toBe(0o600);
  });
});
