import { describe, expect, it } from 'vitest';
import { dueState } from './due-time';

const NOW = Date.UTC(2026, 10, 25, 9);
const inMs = (ms: number) => new Date(NOW + ms).toISOString();

describe('dueState', () => {
  it('says nothing without a due time', () => {
    expect(dueState({ due_at: null, overdue: false }, NOW)).toBeNull();
  });

  it('counts the time left in minutes, hours, then days with the verb agreeing', () => {
    expect(dueState({ due_at: inMs(25 * 60_000) }, NOW)?.label).toBe('Zostało 25 min');
    expect(dueState({ due_at: inMs(3 * 3_600_000 + 59 * 60_000) }, NOW)?.label).toBe('Zostało 3 h');
    expect(dueState({ due_at: inMs(26 * 3_600_000) }, NOW)?.label).toBe('Został 1 dzień');
    expect(dueState({ due_at: inMs(2 * 86_400_000) }, NOW)?.label).toBe('Zostały 2 dni');
    expect(dueState({ due_at: inMs(5 * 86_400_000) }, NOW)?.label).toBe('Zostało 5 dni');
  });

  it('is overdue when the server says so or the time has passed since loading', () => {
    expect(dueState({ due_at: inMs(10 * 60_000), overdue: true }, NOW)).toEqual({
      overdue: true,
      label: 'Po terminie',
    });
    expect(dueState({ due_at: inMs(-1), overdue: false }, NOW)?.overdue).toBe(true);
  });
});
