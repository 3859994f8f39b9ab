import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, createTestContext, ORIGIN, registerUser } from '../../../test/helpers';
import { settle } from '../../../test/mail-helpers';
import { TestClock } from '../../lib/clock';

/*
 * Review N10: mail the server sends to an address the caller merely names
 * (a stranger's) is capped per recipient, whichever client addresses and
 * accounts ask. The cap is the codes' one: 3 a minute, 10 an hour.
 */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const PER_MINUTE_CAP = 3;
const PASSWORD = 'Sekretne-Haslo-42';
const TAKEN_NOTICE = 'Próba zmiany adresu e-mail';

async function world() {
  const clock = new TestClock(Date.now());
  const app = await ctx.app({ clock });
  return { app, clock };
}

/** One POST from a given client address, as the given browser (cookies) or none. */
function postFrom(
  app: FastifyInstance,
  address: string,
  url: string,
  payload: object,
  browser?: Client,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN },
    remoteAddress: address,
    cookies: browser ? Object.fromEntries(browser.cookies) : {},
    payload,
  });
}

const mailsTo = (email: string) =>
  ctx.mail.messages.filter((m) => m.to.toLowerCase() === email.toLowerCase());

/** `count` e-mail change requests naming `newEmail`, alternating between two client addresses. */
async function askEmailChange(
  app: FastifyInstance,
  browser: Client,
  newEmail: string,
  addresses: [string, string],
  count: number,
) {
  const answers: string[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await postFrom(
      app,
      addresses[i % 2] as string,
      '/api/profile/email',
      { new_email: newEmail, password: PASSWORD },
      browser,
    );
    answers.push(`${answer.statusCode} ${answer.body}`);
  }
  return answers;
}

describe('the "address taken" notice of an e-mail change (review N10)', () => {
  it('60 requests naming a customer from 2 client addresses mail them at most 3 notices, answered as for a free address', async () => {
    const { app, clock } = await world();
    const victim = await registerUser(app, ctx.mail, {
      username: 'wiktoria',
      email: 'wiktoria@example.com',
    });
    const attacker = await registerUser(app, ctx.mail, {
      username: 'napastnik',
      email: 'napastnik@example.com',
    });
    const control = await registerUser(app, ctx.mail, {
      username: 'kontrola',
      email: 'kontrola@example.com',
    });
    // An hour on: the registration codes no longer count against either address's budget.
    clock.advance(61 * 60_000);
    ctx.mail.clear();

    const taken = await askEmailChange(
      app,
      attacker.client,
      victim.user.email,
      ['198.51.100.1', '198.51.100.2'],
      60,
    );
    await settle();
    const notices = mailsTo(victim.user.email);
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.length).toBeLessThanOrEqual(PER_MINUTE_CAP);
    expect(notices.every((m) => m.subject === TAKEN_NOTICE)).toBe(true);

    // The same calls naming a free address answer exactly alike: no oracle for taken addresses.
    const free = await askEmailChange(
      app,
      control.client,
      'wolny@example.com',
      ['198.51.100.3', '198.51.100.4'],
      60,
    );
    expect(taken).toEqual(free);
    expect(taken.filter((a) => a.startsWith('200'))).toHaveLength(notices.length);
  });

  it('one account naming many customers from many client addresses mails at most 3 of them a minute', async () => {
    const { app } = await world();
    const attacker = await registerUser(app, ctx.mail, {
      username: 'napastnik',
      email: 'napastnik@example.com',
    });
    const victims = [];
    for (let i = 0; i < 8; i++) {
      victims.push(
        (
          await registerUser(app, ctx.mail, {
            username: `ofiara${i}`,
            email: `ofiara${i}@example.com`,
          })
        ).user.email,
      );
    }
    ctx.mail.clear();
    for (const [i, email] of victims.entries()) {
      await postFrom(
        app,
        `203.0.113.${i + 1}`,
        '/api/profile/email',
        { new_email: email, password: PASSWORD },
        attacker.client,
      );
    }
    await settle();
    expect(ctx.mail.messages.filter((m) => m.subject === TAKEN_NOTICE).length).toBeLessThanOrEqual(
      PER_MINUTE_CAP,
    );
  });
});

describe('every mail to a named address is capped per recipient', () => {
  it('registration codes, reset links, inquiry links and e-mail change codes: 20 calls from 20 client addresses mail the stranger at most 3 times', async () => {
    const { app, clock } = await world();
    await registerUser(app, ctx.mail, { username: 'ofiara', email: 'ofiara@example.com' });
    // Eight accounts (registration from one address names at most 10 recipients an hour).
    const changers: Client[] = [];
    for (let i = 0; i < 8; i++) {
      changers.push(
        (
          await registerUser(app, ctx.mail, {
            username: `zmieniacz${i}`,
            email: `z${i}@example.com`,
          })
        ).client,
      );
    }
    const stranger = 'obcy@example.com';
    const flows: Array<[string, (i: number, address: string) => Promise<unknown>]> = [
      [
        'registration code',
        (i, address) =>
          postFrom(app, address, '/api/auth/register', {
            username: `obcy${i}`,
            email: stranger,
            password: PASSWORD,
          }),
      ],
      [
        'e-mail change code',
        (i, address) =>
          postFrom(
            app,
            address,
            '/api/profile/email',
            { new_email: stranger, password: PASSWORD },
            changers[i % changers.length],
          ),
      ],
      [
        'inquiry link',
        (_, address) =>
          postFrom(app, address, '/api/inquiries', {
            name: 'Obcy',
            email: stranger,
            body: 'Dzień dobry, proszę o kontakt.',
            accept_terms: true,
          }),
      ],
    ];
    for (const [flow, call] of flows) {
      // A fresh minute for each flow: registration and e-mail change codes share the code budget.
      clock.advance(61_000);
      ctx.mail.clear();
      for (let i = 0; i < 20; i++) await call(i, `192.0.2.${i + 1}`);
      await settle();
      expect({ flow, mails: mailsTo(stranger).length <= PER_MINUTE_CAP }).toEqual({
        flow,
        mails: true,
      });
      expect(mailsTo(stranger).length, flow).toBeGreaterThan(0);
    }

    // Reset links go to an account's own address: the owner is the stranger here.
    ctx.mail.clear();
    for (let i = 0; i < 20; i++) {
      await postFrom(app, `192.0.2.${100 + i}`, '/api/auth/password-reset/request', {
        email: 'ofiara@example.com',
      });
    }
    await settle();
    expect(mailsTo('ofiara@example.com').length).toBeLessThanOrEqual(PER_MINUTE_CAP);
    expect(mailsTo('ofiara@example.com').length).toBeGreaterThan(0);
  });
});
