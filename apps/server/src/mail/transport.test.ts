import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers';
import { createOutboxMailer, readOutbox } from './transport';

const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe('the dev outbox', () => {
  it('is never seen half written: reads running beside a burst of sends parse every file', async () => {
    const dir = path.join(tempDir('outbox'), 'outbox');
    const mailer = createOutboxMailer(dir, quiet);
    // A long body makes each write take several chunks, as the e-mails of a
    // busy browser test do; the old plain writeFile let a reader parse a prefix.
    const text = 'x'.repeat(512 * 1024);
    const sends = Array.from({ length: 20 }, (_, i) =>
      mailer.send({ to: `u${i}@example.pl`, subject: `Kod ${i}`, text, html: `<p>${i}</p>` }),
    );
    let sent = false;
    const allSent = Promise.all(sends).finally(() => {
      sent = true;
    });
    let reads = 0;
    while (!sent) {
      await readOutbox(dir);
      reads++;
    }
    await allSent;
    expect(reads).toBeGreaterThan(0);

    const kept = await readOutbox(dir);
    expect(kept).toHaveLength(20);
    expect(kept.every((m) => m.text.length === text.length)).toBe(true);
    expect(fs.readdirSync(dir).filter((name) => !name.endsWith('.json'))).toEqual([]);
  });
});
