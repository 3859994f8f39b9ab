import { describe, expect, it } from 'vitest';
import { composedTicketMail } from '../../../test/compose-helpers';
import { messagesPl, waitsPl } from './mail';

describe('counted messages in the e-mails (shared plural helper)', () => {
  it.each([
    [1, 'czeka 1 nowa wiadomość'],
    [2, 'czekają 2 nowe wiadomości'],
    [5, 'czeka 5 nowych wiadomości'],
    [12, 'czeka 12 nowych wiadomości'],
    [22, 'czekają 22 nowe wiadomości'],
    [25, 'czeka 25 nowych wiadomości'],
    [112, 'czeka 112 nowych wiadomości'],
  ])('%i → „%s”', (count, words) => {
    expect(`${waitsPl(count)} ${messagesPl(count)}`).toBe(words);
    const mail = composedTicketMail({ isOwner: true, count });
    expect(mail.text).toContain(`W Twoim zgłoszeniu #1007 ${words} od naszego zespołu.`);
  });
});
