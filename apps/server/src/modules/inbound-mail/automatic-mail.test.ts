import { describe, expect, it } from 'vitest';
import { isAutomaticMail } from './automatic-mail';
import { parseMail } from './parse-mail';

const mail = (headers: string) =>
  parseMail(Buffer.from(`${headers}From: a@example.com\r\nSubject: x\r\n\r\nTreść\r\n`));

describe('isAutomaticMail (never stored, never answered)', () => {
  it('recognises vacation replies, lists, bulk mail and bounces', async () => {
    for (const headers of [
      'Auto-Submitted: auto-replied\r\n',
      'Auto-Submitted: auto-generated; type=vacation\r\n',
      'Precedence: bulk\r\n',
      'Precedence: list\r\n',
      'Precedence: junk\r\n',
      'Precedence: auto_reply\r\n',
      'X-Autoreply: yes\r\n',
      'X-Autorespond: Out of office\r\n',
      'Return-Path: <>\r\n',
    ]) {
      expect(isAutomaticMail(await mail(headers)), headers).toBe(true);
    }
  });

  it('lets a person’s mail through, including an explicit Auto-Submitted: no', async () => {
    for (const headers of [
      '',
      'Auto-Submitted: no\r\n',
      'Precedence: first-class\r\n',
      'Return-Path: <a@example.com>\r\n',
    ]) {
      expect(isAutomaticMail(await mail(headers)), headers).toBe(false);
    }
  });
});
