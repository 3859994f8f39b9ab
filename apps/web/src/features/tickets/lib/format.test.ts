import { describe, expect, it } from 'vitest';
import { formatFullDateTime, formatMessageTime, unreadLabel } from './format';

describe('format', () => {
  it('uses Polish plurals for unread counts', () => {
    expect(unreadLabel(1)).toBe('1 nieprzeczytana wiadomość');
    expect(unreadLabel(3)).toBe('3 nieprzeczytane wiadomości');
    expect(unreadLabel(5)).toBe('5 nieprzeczytanych wiadomości');
    expect(unreadLabel(12)).toBe('12 nieprzeczytanych wiadomości');
    expect(unreadLabel(22)).toBe('22 nieprzeczytane wiadomości');
    expect(unreadLabel(25)).toBe('25 nieprzeczytanych wiadomości');
    expect(unreadLabel(112)).toBe('112 nieprzeczytanych wiadomości');
    expect(unreadLabel(0)).toBe('0 nieprzeczytanych wiadomości');
  });

  it('shows only the time for today and nothing for a broken date', () => {
    const now = new Date(2026, 2, 12, 18, 0);
    expect(formatMessageTime(new Date(2026, 2, 12, 14, 5).toISOString(), now)).toBe('14:05');
    expect(formatMessageTime(new Date(2026, 2, 11, 14, 5).toISOString(), now)).toMatch(
      /11\.03\.2026/,
    );
    expect(formatMessageTime('nonsense', now)).toBe('');
  });

  it('tells today and the date in the zone it is given', () => {
    const iso = '2026-03-12T23:30:00.000Z';
    const now = new Date('2026-03-13T01:00:00.000Z');
    expect(formatMessageTime(iso, now, 'UTC')).toBe('12.03.2026, 23:30');
    expect(formatMessageTime(iso, now, 'Asia/Tokyo')).toBe('08:30');
    expect(formatFullDateTime(iso, 'Asia/Tokyo')).toBe('13.03.2026, 08:30');
    expect(formatFullDateTime('nonsense', 'UTC')).toBe('');
  });
});
