import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Dovecot, dovecotAvailable } from '../../../test/dovecot';
import { createTestContext } from '../../../test/helpers';
import { answeredTicket, eventually, useDovecot } from '../../../test/inbound-mail-helpers';
import { ticketMessages } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { checkAttachments } from './mail-attachments';
import { htmlToText } from './mail-html';
import { parseMail } from './parse-mail';
import { REPLY_SAMPLES } from './samples/reply-samples';
import { stripReply } from './strip-reply';

/**
 * DESIGN §7.1 "whatever the mail client" (issue 29): the answer arrives
 * without the quotation whatever the program, language and place of the
 * answer; Polish letters arrive the same in every declared charset and
 * transfer encoding; pictures pasted into an HTML mail become attachments.
 */

const PANGRAM = 'Zażółć gęślą jaźń';
const CAPITALS = 'ĄĆĘŁŃÓŚŹŻ';
const POLISH = `${PANGRAM} ${CAPITALS}`;

/** Text in a single-byte charset, built from the platform's own decoder (so no table of ours can be wrong). */
function encode(text: string, charset: string): Buffer {
  if (charset === 'utf-8') return Buffer.from(text, 'utf8');
  const decoder = new TextDecoder(charset);
  const byChar = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) byChar.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Buffer.from(
    Array.from(text, (ch) => {
      const byte = byChar.get(ch);
      if (byte === undefined) throw new Error(`${ch} has no byte in ${charset}`);
      return byte;
    }),
  );
}

const qp = (bytes: Buffer) =>
  Array.from(bytes, (b) =>
    b >= 33 && b <= 126 && b !== 61
      ? String.fromCharCode(b)
      : `=${b.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
const b64 = (bytes: Buffer) => bytes.toString('base64');
const encodeBody = (bytes: Buffer, cte: string) => (cte === 'base64' ? b64(bytes) : qp(bytes));
/** RFC 2047 encoded-word. */
const word = (text: string, charset: string, q: boolean) =>
  q
    ? `=?${charset}?Q?${qp(encode(text, charset)).replaceAll('=20', '_').replaceAll(' ', '_')}?=`
    : `=?${charset}?B?${b64(encode(text, charset))}?=`;
/** RFC 2231 percent-encoded parameter value. */
const pct = (text: string, charset: string) =>
  Array.from(encode(text, charset), (b) =>
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x2e
      ? String.fromCharCode(b)
      : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');

/** A small real PNG of the given size; `noisy` makes it a few KB like a screenshot. */
async function png(width: number, height: number, noisy = true): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = width * 31 + height;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    pixels[i] = noisy ? seed >>> 23 : 200;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const lines = (...parts: string[]) => parts.join('\r\n');

describe('the answer, whatever the client (samples/reply-samples.ts)', () => {
  it.each(
    REPLY_SAMPLES.map((s) => [`${s.client} (${s.language}), answer ${s.position}`, s] as const),
  )('%s', (_name, sample) => {
    expect(stripReply(sample.text)).toBe(sample.answer);
  });

  it('the table covers every language of DESIGN §7.1, each client family and each place of the answer', () => {
    const languages = new Set(REPLY_SAMPLES.map((s) => s.language));
    for (const language of [
      'Polish',
      'English',
      'German',
      'French',
      'Spanish',
      'Italian',
      'Portuguese',
      'Dutch',
      'Czech',
      'Russian',
      'Ukrainian',
    ])
      expect(languages).toContain(language);
    const clients = REPLY_SAMPLES.map((s) => s.client).join(' ');
    for (const family of [
      'Gmail',
      'Outlook',
      'Apple Mail',
      'iOS Mail',
      'Thunderbird',
      'K-9',
      'FairEmail',
      'Yahoo',
      'Proton',
    ])
      expect(clients).toContain(family);
    const positions = new Set(REPLY_SAMPLES.map((s) => s.position));
    expect([...positions].sort()).toEqual(['above', 'below', 'between', 'none']);
  });

  it('an answer between and below quotes keeps each part, a signature and sign-off go', () => {
    expect(
      stripReply(
        'On Wed, 25 Nov 2026 at 10:00, Studio <k@s.pl> wrote:\n> Pierwsze pytanie?\nPierwsza odpowiedź.\n> Drugie pytanie?\n\nDruga odpowiedź.\n\nWysłane z mojego Galaxy\n',
      ),
    ).toBe('Pierwsza odpowiedź.\n\nDruga odpowiedź.');
  });

  it('a mail that is nothing but quotation, signature or sign-off is kept whole', () => {
    expect(stripReply('-- \nJan Kowalski\ntel. 600 000 000')).toBe(
      '-- \nJan Kowalski\ntel. 600 000 000',
    );
    expect(stripReply('Sent from my iPhone')).toBe('Sent from my iPhone');
    expect(
      stripReply('Od: Studio <k@s.pl>\nWysłano: środa\nDo: Anna\nTemat: x\n\nTreść oryginału'),
    ).toBe('Od: Studio <k@s.pl>\nWysłano: środa\nDo: Anna\nTemat: x\n\nTreść oryginału');
  });

  it('text that only mentions the markers stays', () => {
    const text =
      'Od: poniedziałku nie działa.\nKolega napisał:\nże to wina przeglądarki.\nOn Monday it wrote: error 42\n____________\nSent: nic';
    expect(stripReply(text)).toBe(text);
  });
});

describe('the answer in HTML-only mail (converted, then stripped as text)', () => {
  const html = async (body: string) =>
    (
      await parseMail(
        Buffer.from(
          lines(
            'From: Anna <anna@example.pl>',
            'Content-Type: text/html; charset=utf-8',
            'Content-Transfer-Encoding: 8bit',
            '',
            body,
          ),
        ),
      )
    ).text;

  it('Gmail and Thunderbird: an answer below the quotation is kept', async () => {
    expect(
      await html(
        '<div class="gmail_quote"><div class="gmail_attr">śr., 25 lis 2026 o 10:00 Studio napisał(a):</div><blockquote class="gmail_quote">Stare</blockquote></div><div>Odpowiedź pod cytatem.</div>',
      ),
    ).toBe('Odpowiedź pod cytatem.');
    expect(
      await html(
        '<div class="moz-cite-prefix">W dniu 25.11.2026 o 10:00, Studio pisze:<br></div><blockquote type="cite">Stare</blockquote><p>Dziękuję, działa.</p>',
      ),
    ).toBe('Dziękuję, działa.');
  });

  it('Apple Mail: answers between quotes are each kept, the attribution goes', async () => {
    expect(
      await html(
        '<div>On 25 Nov 2026, at 10:00, Studio &lt;k@s.pl&gt; wrote:</div><blockquote type="cite">Pytanie 1?</blockquote><div>Odpowiedź 1.</div><blockquote type="cite">Pytanie 2?</blockquote><div>Odpowiedź 2.</div>',
      ),
    ).toBe('Odpowiedź 1.\nOdpowiedź 2.');
  });

  it('Outlook desktop without its divRplyFwdMsg id: the bold header block ends the answer (German)', async () => {
    expect(
      await html(
        '<p>Anbei die Datei.</p><div style="border-top:solid #E1E1E1 1pt"><p><b>Von:</b> Studio &lt;k@s.pl&gt;<br><b>Gesendet:</b> Mittwoch, 25. November 2026 10:00<br><b>An:</b> Anna<br><b>Betreff:</b> Ticket</p></div><p>Hallo,</p>',
      ),
    ).toBe('Anbei die Datei.');
  });

  it('an HTML mail that is only a quotation keeps its text', async () => {
    expect(await html('<blockquote>Tylko cytat</blockquote>')).toBe('Tylko cytat');
    expect(htmlToText('<div class="gmail_quote">Tylko cytat Gmaila</div>')).toBe(
      'Tylko cytat Gmaila',
    );
  });
});

describe('every charset arrives as the same letters', () => {
  const matrix = ['utf-8', 'windows-1250', 'iso-8859-2'].flatMap((charset) =>
    ['quoted-printable', 'base64'].flatMap((cte) =>
      ['plain', 'html'].map((kind) => [charset, cte, kind] as const),
    ),
  );

  it.each(matrix)(
    '%s, %s, text/%s: body, subject, sender name and file name',
    async (charset, cte, kind) => {
      const body = kind === 'html' ? `<p>${POLISH}</p>` : POLISH;
      const raw = Buffer.concat([
        Buffer.from(
          lines(
            `From: ${word('Łucja Żółć', charset, cte === 'quoted-printable')} <lucja@example.pl>`,
            `Subject: ${word(`Re: ${PANGRAM}`, charset, cte !== 'quoted-printable')}`,
            'Message-ID: <charset@example.pl>',
            'MIME-Version: 1.0',
            'Content-Type: multipart/mixed; boundary="b1"',
            '',
            '--b1',
            `Content-Type: text/${kind}; charset=${charset}`,
            `Content-Transfer-Encoding: ${cte}`,
            '',
            encodeBody(encode(body, charset), cte),
            '--b1',
            'Content-Type: text/plain; charset=utf-8',
            'Content-Transfer-Encoding: base64',
            cte === 'base64'
              ? `Content-Disposition: attachment; filename*=${charset}''${pct('Źródła ąę.txt', charset)}`
              : `Content-Disposition: attachment; filename="${word('Źródła ąę.txt', charset, true)}"`,
            '',
            b64(Buffer.from('notatka')),
            '--b1--',
            '',
          ),
        ),
      ]);
      const mail = await parseMail(raw);
      expect(mail.text).toBe(POLISH);
      expect(mail.subject).toBe(`Re: ${PANGRAM}`);
      expect(mail.fromName).toBe('Łucja Żółć');
      expect(mail.attachments.map((a) => a.filename)).toEqual(['Źródła ąę.txt']);
    },
  );

  it('an RFC 2231 file name continued over several parameters', async () => {
    const encoded = pct('Zażółć gęślą jaźń.pdf', 'iso-8859-2');
    const raw = lines(
      'From: a@example.pl',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'x',
      '--b',
      'Content-Type: application/pdf',
      `Content-Disposition: attachment; filename*0*=iso-8859-2''${encoded.slice(0, 20)}; filename*1*=${encoded.slice(20)}`,
      'Content-Transfer-Encoding: base64',
      '',
      b64(Buffer.from('%PDF-1.4')),
      '--b--',
      '',
    );
    expect((await parseMail(Buffer.from(raw))).attachments[0]?.filename).toBe(
      'Zażółć gęślą jaźń.pdf',
    );
  });
});

describe('pictures pasted into an HTML mail', () => {
  it('a pasted screenshot is taken, a signature logo (tiny by bytes or pixels) is not', async () => {
    const screenshot = await png(400, 200);
    const logo = await png(24, 24, false);
    const thinBanner = await png(600, 20);
    expect(thinBanner.length).toBeGreaterThanOrEqual(2048);
    const related = (content: Buffer, filename: string) => ({
      filename,
      contentType: 'image/png',
      related: true,
      content: new Uint8Array(content),
    });
    const { files, refused } = await checkAttachments([
      related(screenshot, 'image001.png'),
      related(logo, 'image002.png'),
      related(thinBanner, 'image003.png'),
    ]);
    expect(files.map((f) => [f.filename, f.isImage, f.width, f.height])).toEqual([
      ['image001.png', true, 400, 200],
    ]);
    expect(refused).toEqual([]);
  });
});

const available = dovecotAvailable();
const ctx = createTestContext();
let dovecot: Dovecot;

describe.skipIf(!available)('through a real IMAP server (Dovecot)', () => {
  useDovecot(ctx, (started) => {
    dovecot = started;
  });

  async function world() {
    const clock = new TestClock();
    const app = await ctx.app({
      clock,
      env: { IMAP_URL: dovecot.url, MAIL_REPLY_TO: 'kontakt@studio.test' },
      mailWatcher: { pollMs: 200 },
    });
    await app.ready();
    return { app, ...(await answeredTicket(app, clock)) };
  }
  const inboxEmptied = () => eventually(async () => (await dovecot.count('INBOX')) === 0);
  const lastMessage = async (app: FastifyInstance, ticketId: number) =>
    (
      await app.deps.db
        .select()
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(ticketMessages.id)
    ).at(-1);

  let n = 0;
  const head = (from: string, notification: string, contentType: string) => {
    n += 1;
    return [
      `From: ${from}`,
      'To: kontakt@studio.test',
      `Subject: ${word(`Re: ${PANGRAM}`, 'iso-8859-2', true)}`,
      `Message-ID: <clients.${Date.now()}.${n}@mail.example>`,
      `In-Reply-To: ${notification}`,
      `References: ${notification}`,
      'MIME-Version: 1.0',
      `Content-Type: ${contentType}`,
    ];
  };

  it('Thunderbird in windows-1250, quoted-printable, answer below the quote, RFC 2231 file name: same letters, no quote', async () => {
    const { app, alice, ticketId, notification } = await world();
    const body = `W dniu 25.11.2026 o 10:00, Studio Kontakt pisze:\n> Odpowiedź zespołu\n\n${POLISH}\n\n-- \nŁucja\n`;
    const picture = await png(120, 80);
    await dovecot.append(
      Buffer.from(
        lines(
          ...head(alice.user.email, notification, 'multipart/mixed; boundary="tb"'),
          '',
          '--tb',
          'Content-Type: text/plain; charset=windows-1250; format=flowed',
          'Content-Transfer-Encoding: quoted-printable',
          '',
          qp(encode(body.replaceAll('\n', '\r\n'), 'windows-1250')).replaceAll('=0D=0A', '\r\n'),
          '--tb',
          'Content-Type: image/png',
          `Content-Disposition: attachment; filename*=windows-1250''${pct('zrzut ekranu ąś.png', 'windows-1250')}`,
          'Content-Transfer-Encoding: base64',
          '',
          b64(picture),
          '--tb--',
          '',
        ),
      ),
    );
    await inboxEmptied();
    const thread = (await alice.client.get(`/api/tickets/${ticketId}/messages`)).json();
    expect(thread.messages.at(-1).body).toBe(POLISH);
    expect(thread.messages.at(-1).files.map((f: { filename: string }) => f.filename)).toEqual([
      'zrzut ekranu ąś.png',
    ]);
    expect((await lastMessage(app, ticketId))?.body).toBe(POLISH);
  });

  it('an HTML-only mail in iso-8859-2, base64: same letters', async () => {
    const { app, alice, ticketId, notification } = await world();
    await dovecot.append(
      Buffer.from(
        lines(
          ...head(alice.user.email, notification, 'text/html; charset=iso-8859-2'),
          'Content-Transfer-Encoding: base64',
          '',
          b64(
            encode(`<div>${POLISH}</div><blockquote>Odpowiedź zespołu</blockquote>`, 'iso-8859-2'),
          ),
          '',
        ),
      ),
    );
    await inboxEmptied();
    expect((await lastMessage(app, ticketId))?.body).toBe(POLISH);
  });

  it('Outlook: a pasted screenshot (multipart/related, cid:) is a picture of the message; the signature logo is not', async () => {
    const { alice, ticketId, notification } = await world();
    const screenshot = await png(640, 360);
    const logo = await png(20, 20, false);
    const html = `<html><body><p>Błąd wygląda tak:</p><p><img width="640" height="360" src="cid:image001.png@01DB3F00.12345670"></p><p>Pozdrawiam<br><img src="cid:image002.png@01DB3F00.12345670"></p><div id="divRplyFwdMsg"><b>Od:</b> Studio</div><p>Stare</p></body></html>`;
    await dovecot.append(
      Buffer.from(
        lines(
          ...head(
            alice.user.email,
            notification,
            'multipart/related; type="multipart/alternative"; boundary="rel"',
          ),
          '',
          '--rel',
          'Content-Type: multipart/alternative; boundary="alt"',
          '',
          '--alt',
          'Content-Type: text/plain; charset=iso-8859-2',
          'Content-Transfer-Encoding: quoted-printable',
          '',
          qp(
            encode(
              'Błąd wygląda tak:\r\n\r\n[cid:image001.png@01DB3F00.12345670]\r\n\r\nOd: Studio\r\nWysłano: środa\r\n',
              'iso-8859-2',
            ),
          ).replaceAll('=0D=0A', '\r\n'),
          '--alt',
          'Content-Type: text/html; charset=utf-8',
          'Content-Transfer-Encoding: base64',
          '',
          b64(Buffer.from(html)),
          '--alt--',
          '--rel',
          'Content-Type: image/png; name="image001.png"',
          'Content-Description: image001.png',
          'Content-Disposition: inline; filename="image001.png"; size=1000',
          'Content-ID: <image001.png@01DB3F00.12345670>',
          'Content-Transfer-Encoding: base64',
          '',
          b64(screenshot),
          '--rel',
          'Content-Type: image/png; name="image002.png"',
          'Content-Disposition: inline; filename="image002.png"',
          'Content-ID: <image002.png@01DB3F00.12345670>',
          'Content-Transfer-Encoding: base64',
          '',
          b64(logo),
          '--rel--',
          '',
        ),
      ),
    );
    await inboxEmptied();
    const last = (await alice.client.get(`/api/tickets/${ticketId}/messages`))
      .json()
      .messages.at(-1);
    expect(last.body).toBe('Błąd wygląda tak:');
    expect(last.files).toHaveLength(1);
    expect(last.files[0]).toMatchObject({ filename: 'image001.png', isImage: true });
    const file = await alice.client.get(last.files[0].url);
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(640);
  });

  it('Gmail: a pasted picture in an HTML reply becomes a picture of the message, over the limit the extras are named', async () => {
    const { alice, ticketId, notification } = await world();
    const pictures = await Promise.all([1, 2, 3, 4, 5, 6].map((k) => png(100 + k, 90)));
    const imgs = pictures
      .map((_, k) => `<img src="cid:ii_m${k}" alt="image.png" width="100">`)
      .join('<br>');
    const html = `<div dir="ltr">Zrzuty poniżej:<br>${imgs}</div><br><div class="gmail_quote"><div class="gmail_attr">śr., 25 lis 2026 o 10:00 Studio napisał(a):</div><blockquote class="gmail_quote">Stare</blockquote></div>`;
    await dovecot.append(
      Buffer.from(
        lines(
          ...head(
            `"${PANGRAM}" <${alice.user.email}>`,
            notification,
            'multipart/related; boundary="g1"',
          ),
          '',
          '--g1',
          'Content-Type: multipart/alternative; boundary="g2"',
          '',
          '--g2',
          'Content-Type: text/plain; charset="UTF-8"',
          'Content-Transfer-Encoding: quoted-printable',
          '',
          `${qp(Buffer.from('Zrzuty poniżej:'))}`,
          '',
          '--g2',
          'Content-Type: text/html; charset="UTF-8"',
          'Content-Transfer-Encoding: quoted-printable',
          '',
          qp(Buffer.from(html)).replace(/.{70}/g, '$&=\r\n'),
          '--g2--',
          ...pictures.flatMap((picture, k) => [
            '--g1',
            'Content-Type: image/png; name="image.png"',
            'Content-Disposition: inline; filename="image.png"',
            'Content-Transfer-Encoding: base64',
            `X-Attachment-Id: ii_m${k}`,
            `Content-ID: <ii_m${k}>`,
            '',
            b64(picture),
          ]),
          '--g1--',
          '',
        ),
      ),
    );
    await inboxEmptied();
    const last = (await alice.client.get(`/api/tickets/${ticketId}/messages`))
      .json()
      .messages.at(-1);
    expect(last.files).toHaveLength(5);
    expect(last.files.every((f: { isImage: boolean }) => f.isImage)).toBe(true);
    expect(last.body).toBe(
      'Zrzuty poniżej:\n\n[Nie dołączono załączników: image.png (najwyżej 5 plików w wiadomości)]',
    );
  });
  it('a reply that is nothing but the quotation is kept whole, not set aside', async () => {
    const { app, alice, ticketId, notification } = await world();
    await dovecot.append(
      Buffer.from(
        lines(
          ...head(alice.user.email, notification, 'text/plain; charset=utf-8'),
          'Content-Transfer-Encoding: 8bit',
          '',
          'W dniu 25.11.2026 o 10:00, Studio Kontakt pisze:',
          '> Odpowiedź zespołu',
          '',
        ),
      ),
    );
    await inboxEmptied();
    expect((await lastMessage(app, ticketId))?.body).toBe(
      'W dniu 25.11.2026 o 10:00, Studio Kontakt pisze:\n> Odpowiedź zespołu',
    );
    expect(app.mailWatcher?.processed.at(-1)?.kind).toBe('stored');
  });
});
