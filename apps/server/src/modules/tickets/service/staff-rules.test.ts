import { describe, expect, it } from 'vitest';
import {
  type Actor,
  awaitingAfter,
  awaitingShown,
  mayAssign,
  mayBeAssignee,
  mayRenameTicket,
  mayWriteNote,
} from './rules';
import { defaultSubject, NO_SUBJECT } from './subject';

const owner: Actor = { id: 7, isAdmin: false };
const stranger: Actor = { id: 8, isAdmin: false };
const staff: Actor = { id: 9, isAdmin: true };

describe('staff workspace rules', () => {
  it('lets staff only write notes and assign; only admins can be assignees', () => {
    expect([owner, stranger, staff].map(mayWriteNote)).toEqual([false, false, true]);
    expect([owner, stranger, staff].map(mayAssign)).toEqual([false, false, true]);
    expect(mayBeAssignee({ isAdmin: true })).toBe(true);
    expect(mayBeAssignee({ isAdmin: false })).toBe(false);
  });

  it('lets the owner and staff rename a ticket, nobody else', () => {
    const ticket = { ownerId: owner.id };
    expect([owner, stranger, staff].map((a) => mayRenameTicket(a, ticket))).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('hands the turn to the other side, and shows none on a closed ticket', () => {
    expect(awaitingAfter(owner)).toBe('staff');
    expect(awaitingAfter(staff)).toBe('customer');
    expect(awaitingShown({ status: 'open', value: 'staff' })).toBe('staff');
    expect(awaitingShown({ status: 'closed', value: 'staff' })).toBeNull();
  });
});

describe('default subject', () => {
  it('is the first non-empty line, spaces folded, at most 120 characters', () => {
    expect(defaultSubject('\n\n  Nie   działa\tlogowanie \nszczegóły', [])).toBe(
      'Nie działa logowanie',
    );
    expect([...defaultSubject('😀'.repeat(200), [])]).toHaveLength(120);
  });

  it('passes over a greeting and stops at the signature (issue 31)', () => {
    const subject = (body: string) => defaultSubject(body, []);
    expect(subject('Dzień dobry,\n\nnie mogę zalogować się do panelu.\nPozdrawiam\nJan')).toBe(
      'nie mogę zalogować się do panelu.',
    );
    expect(subject('Dzień dobry, mam problem z fakturą za maj.')).toBe(
      'Mam problem z fakturą za maj.',
    );
    expect(subject('Szanowni Państwo,\nproszę o wycenę sklepu')).toBe('proszę o wycenę sklepu');
    expect(subject('Szanowna Pani Anno!\nCzy faktura już jest?')).toBe('Czy faktura już jest?');
    expect(subject('Witam\n\nPozdrawiam serdecznie\nJan Kowalski')).toBe('Witam');
    expect(subject('Hello,\nthe invoice is missing')).toBe('the invoice is missing');
    // Words that only begin like a greeting are the matter itself.
    expect(subject('Hejnał nie gra na stronie')).toBe('Hejnał nie gra na stronie');
    expect(subject('Witamina C w ofercie?')).toBe('Witamina C w ofercie?');
    expect(subject('Dzień dobry to nasz slogan reklamowy na nowej stronie głównej')).toBe(
      'Dzień dobry to nasz slogan reklamowy na nowej stronie głównej',
    );
  });

  it('falls back to the file names, then to „Bez tematu”', () => {
    expect(defaultSubject('', ['zrzut.png', 'log.txt'])).toBe('zrzut.png, log.txt');
    expect(defaultSubject('  \n ', [])).toBe(NO_SUBJECT);
  });
});
