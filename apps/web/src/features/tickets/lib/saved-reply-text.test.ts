import { describe, expect, it } from 'vitest';
import { fillPlaceholders, insertAt, matchesReply } from './saved-reply-text';

describe('fillPlaceholders', () => {
  it('fills every {username} and {ticket}, and leaves unknown placeholders visible', () => {
    expect(
      fillPlaceholders('Cześć {username}, w sprawie {ticket}: {username}! {nieznane}', {
        username: 'ala',
        number: 1003,
      }),
    ).toBe('Cześć ala, w sprawie #1003: ala! {nieznane}');
  });

  it('fills {imię} with a guest’s first name, {nazwa}, {agent} and {numer} (issue 31)', () => {
    const body = 'Dzień dobry {imię}, ({nazwa}) odpowiada {agent} w sprawie {numer}.';
    expect(
      fillPlaceholders(body, {
        username: 'jan-kowalski-kowalsk',
        number: 1042,
        contactName: '  Jan Kowalski ',
        agent: 'Anna',
      }),
    ).toBe('Dzień dobry Jan, (jan-kowalski-kowalsk) odpowiada Anna w sprawie #1042.');
    // An account without a given name: its username.
    expect(
      fillPlaceholders('Cześć {imię}', { username: 'ala', number: 1001, contactName: null }),
    ).toBe('Cześć ala');
  });
});

describe('insertAt', () => {
  it('puts the text at the cursor and moves the cursor after it', () => {
    expect(insertAt('Dzień dobry. ', 'Treść', 13)).toEqual({
      text: 'Dzień dobry. Treść',
      cursor: 18,
    });
  });

  it('replaces a selection and clamps positions outside the text', () => {
    expect(insertAt('abcdef', 'X', 2, 4)).toEqual({ text: 'abXef', cursor: 3 });
    expect(insertAt('ab', 'X', 99)).toEqual({ text: 'abX', cursor: 3 });
  });
});

describe('matchesReply', () => {
  const reply = { title: 'Zwrot płatności', body: 'Pieniądze wrócą w ciągu 5 dni.' };

  it('matches title or body without case or Polish letters', () => {
    expect(matchesReply(reply, 'PLATNOSC')).toBe(true);
    expect(matchesReply(reply, 'ciagu')).toBe(true);
    expect(matchesReply(reply, '  ')).toBe(true);
    expect(matchesReply(reply, 'faktura')).toBe(false);
  });
});
