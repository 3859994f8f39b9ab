import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { composedTicketMail } from '../../../test/compose-helpers';
import { Client, createTestContext, registerUser } from '../../../test/helpers';

/** Finding 31: names that read as a web address, or mix alphabets, are refused. */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const refused = ['www.mbank-logowanie.pl', 'evil.com', 'sklep.online', 'аdmin', 'Obsługа'];

describe('usernames (finding 31)', () => {
  it.each(refused)('registration refuses %s', async (username) => {
    const app = await ctx.app();
    const response = await new Client(app).post('/api/auth/register', {
      username,
      email: 'nowy@example.com',
      password: 'Sekretne-Haslo-42',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
    expect(ctx.mail.messages).toHaveLength(0);
  });

  it('a change to a domain-like or mixed-script name is refused; plain names pass', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'tomek',
      email: 'tomek@example.com',
    });
    for (const username of refused) {
      const response = await client.post('/api/profile/username', { username });
      expect(response.statusCode, username).toBe(400);
    }
    for (const username of ['Łukasz.2', 'Иван', 'ala_ma-kota', 'jan.kowalski', 'Łukasz_1.a-b']) {
      const response = await client.post('/api/profile/username', { username });
      expect(response.statusCode, username).toBe(200);
    }
  });

  it('staff e-mails show an older domain-like name without a linkable address', () => {
    const mail = composedTicketMail({
      owner: 'www.mbank-logowanie.pl',
      number: 1003,
      isOwner: false,
      count: 1,
      isNewTicket: true,
    });
    expect(mail.subject).not.toContain('www.mbank-logowanie.pl');
    expect(mail.subject).toContain('www[.]mbank-logowanie[.]pl');
    // No invisible characters in what the reader sees or copies (issue 31).
    for (const part of [mail.subject, mail.text, mail.html ?? '']) {
      expect(part).not.toMatch(/[\u200B-\u200D\u2060\uFEFF]/);
    }
    const plain = composedTicketMail({
      owner: 'jan.kowalski',
      number: 1003,
      isOwner: false,
      count: 1,
      isNewTicket: true,
    });
    expect(plain.subject).toContain('jan.kowalski');
  });
});
