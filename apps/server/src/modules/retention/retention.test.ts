import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import {
  createTicket,
  loginAs,
  pngImage,
  quickUser,
  uploadedFiles,
} from '../../../test/tickets-helpers';
import { securityLog, ticketMessages, tickets } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { monthsBefore } from './service';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const DAY = 24 * 60 * 60 * 1000;

describe('retention', () => {
  it('deletes security-log entries older than 12 months and tickets idle for 24, with their files', async () => {
    const clock = new TestClock(Date.UTC(2024, 0, 10, 12));
    const app = await ctx.app({ clock });
    const customer = await quickUser(app, { username: 'stary' });
    const old = await createTicket(customer.client, {
      body: 'Stare zgłoszenie',
      files: [{ filename: 'a.png', data: await pngImage(), type: 'image/png' }],
    });
    expect(old.statusCode).toBe(201);
    await app.deps.db.insert(securityLog).values({
      event: 'login',
      userId: customer.user.id,
      ip: '127.0.0.1',
      createdAt: clock.now(),
    });
    expect(uploadedFiles(app)).toHaveLength(2); // the image and its thumbnail

    // 13 months later: the log entry is out of its 12 months, the ticket still inside 24.
    clock.advance(13 * 31 * DAY);
    const fresh = await loginAs(app, customer.user.id);
    const recent = await createTicket(fresh, { body: 'Nowe zgłoszenie' });
    expect(recent.statusCode).toBe(201);
    const first = await app.retention.runIfDue();
    expect(first).toEqual({ securityLogDeleted: 1, ticketsDeleted: 0, expiredDeleted: 0 });

    // Not again within a day, whichever instance asks.
    clock.advance(DAY / 2);
    expect(await app.retention.runIfDue()).toBeNull();

    // 25 months after the first ticket's last activity it goes, with its files.
    clock.advance(12 * 31 * DAY);
    const second = await app.retention.runIfDue();
    expect(second?.ticketsDeleted).toBe(1);
    const left = await app.deps.db.select().from(tickets);
    expect(left.map((t) => t.id)).toEqual([recent.json().id]);
    const messages = await app.deps.db.select().from(ticketMessages);
    expect(messages.map((m) => m.body)).toEqual(['Nowe zgłoszenie']);
    expect(uploadedFiles(app)).toHaveLength(0);

    const runs = (await app.deps.db.select().from(securityLog)).filter(
      (e) => e.event === 'retention_run',
    );
    expect(runs.at(-1)?.details).toMatchObject({ status: 'done', ticketsDeleted: 1 });
  });

  it('two instances asking at once run it once', async () => {
    const clock = new TestClock();
    const a = await ctx.app({ clock });
    const b = await ctx.app({ clock });
    const results = await Promise.all([a.retention.runIfDue(), b.retention.runIfDue()]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });

  it('honours configured periods', async () => {
    const clock = new TestClock(Date.UTC(2026, 5, 1));
    const app = await ctx.app({
      clock,
      env: { RETENTION_SECURITY_LOG_MONTHS: '1', RETENTION_TICKET_MONTHS: '2' },
    });
    const customer = await quickUser(app, { username: 'krotki' });
    await createTicket(customer.client, { body: 'x' });
    clock.advance(62 * DAY);
    expect((await app.retention.runIfDue())?.ticketsDeleted).toBe(1);
  });

  it('months are calendar months', () => {
    expect(monthsBefore(new Date('2026-03-31T00:00:00Z'), 12).toISOString()).toBe(
      '2025-03-31T00:00:00.000Z',
    );
  });
});
