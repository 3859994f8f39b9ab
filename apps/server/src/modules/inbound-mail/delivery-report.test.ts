import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exchangeBounce, postfixBounce } from '../../../test/bounce-helpers';
import { rawMail } from '../../../test/inbound-mail-helpers';
import { readDeliveryReport } from './delivery-report';
import { parseMail } from './parse-mail';

const ours = '<kontakt.0123456789abcdef01234567@studio.test>';

describe('reading a delivery-status report', () => {
  it('a Postfix bounce names the failed recipient, its status and the returned Message-ID', () => {
    const report = readDeliveryReport(
      postfixBounce({ recipient: 'Alicja@Example.com', messageId: ours }),
    );
    expect(report).toEqual({
      originalMessageId: ours,
      recipients: [
        {
          finalRecipient: 'alicja@example.com',
          originalRecipient: 'alicja@example.com',
          action: 'failed',
          status: '5.1.1',
        },
      ],
    });
  });

  it('an Exchange bounce (nested alternative, the whole original as message/rfc822) reads the same', () => {
    const report = readDeliveryReport(
      exchangeBounce({ recipient: 'alicja@example.com', messageId: ours }),
    );
    expect(report).toEqual({
      originalMessageId: ours,
      recipients: [
        {
          finalRecipient: 'alicja@example.com',
          originalRecipient: null,
          action: 'failed',
          status: '5.1.10',
        },
      ],
    });
  });

  it('a delayed report is read as delayed', () => {
    const report = readDeliveryReport(
      postfixBounce({ recipient: 'alicja@example.com', messageId: ours, action: 'delayed' }),
    );
    expect(report?.recipients[0]).toMatchObject({ action: 'delayed', status: '4.4.1' });
  });

  it('an ordinary mail, and a multipart/report of another type, are no delivery report', async () => {
    expect(readDeliveryReport(await rawMail({ from: 'a@example.com', text: 'Cześć' }))).toBeNull();
    const mdn = postfixBounce({ recipient: 'a@example.com', messageId: ours })
      .toString('utf8')
      .replace('report-type=delivery-status', 'report-type=disposition-notification');
    expect(readDeliveryReport(Buffer.from(mdn))).toBeNull();
  });

  it('the parser’s worker result carries the report (parse-mail hook)', async () => {
    const mail = await parseMail(postfixBounce({ recipient: 'a@example.com', messageId: ours }));
    expect(mail.deliveryReport?.originalMessageId).toBe(ours);
    expect(mail.headers.autoSubmitted).toBe('auto-replied');
    const plain = await parseMail(await rawMail({ from: 'a@example.com', text: 'Cześć' }));
    expect(plain.deliveryReport).toBeNull();
  });

  it('hostile reports stay linear and capped: huge fields, endless folding, thousands of recipients', () => {
    const head = (body: string) =>
      Buffer.from(
        `Content-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\n${body}\r\n--b--\r\n`,
      );
    const cases = [
      head(`Final-Recipient: rfc822; ${'a'.repeat(900_000)}\r\nAction: failed\r\nStatus: 5.0.0`),
      head(`Action: failed\r\n${' x\r\n'.repeat(200_000)}`),
      head('Action: failed\r\nStatus: 5.0.0\r\n\r\n'.repeat(20_000)),
      head(':'.repeat(900_000)),
      head('\r\n'.repeat(400_000)),
      Buffer.from(
        `Content-Type: multipart/report; report-type=delivery-status; boundary="${'-'.repeat(70)}"\r\n\r\n${'-'.repeat(900_000)}`,
      ),
    ];
    for (const source of cases) {
      const started = performance.now();
      const report = readDeliveryReport(source);
      expect(performance.now() - started).toBeLessThan(1000);
      expect((report?.recipients.length ?? 0) <= 50).toBe(true);
      for (const r of report?.recipients ?? []) {
        expect(r.status.length).toBeLessThan(2100);
        expect((r.finalRecipient ?? '').length).toBeLessThan(2100);
      }
    }
  });

  it('fuzz: random reports built from real fragments never throw and stay fast', () => {
    const fragment = fc.constantFrom(
      '\r\n',
      '\n',
      '\r\n\r\n',
      '--b',
      '--b--',
      'Content-Type: message/delivery-status',
      'Content-Type: text/rfc822-headers',
      'Content-Type: message/rfc822',
      'Content-Transfer-Encoding: base64',
      'Final-Recipient: rfc822; a@example.com',
      'Original-Recipient: rfc822;<A@Example.com>',
      'Action: failed',
      'Action: delayed',
      'Status: 5.1.1',
      'Message-ID: <kontakt.x@studio.test>',
      'Message-ID: <<<>',
      ' folded',
      '\t',
      ':',
      ';',
      '<',
      '"',
    );
    const report = fc
      .tuple(fc.array(fc.oneof(fragment, fc.string({ maxLength: 40 })), { maxLength: 400 }))
      .map(([pieces]) =>
        Buffer.from(
          `Content-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n\r\n--b\r\n${pieces.join('')}`,
        ),
      );
    let slowest = 0;
    fc.assert(
      fc.property(report, (source) => {
        const started = performance.now();
        const answer = readDeliveryReport(source);
        slowest = Math.max(slowest, performance.now() - started);
        expect(answer === null || Array.isArray(answer.recipients)).toBe(true);
      }),
      { numRuns: 2000, seed: 29 },
    );
    expect(slowest).toBeLessThan(100);
  });
});
