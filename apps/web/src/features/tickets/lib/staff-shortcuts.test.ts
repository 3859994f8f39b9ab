// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isTypingTarget, neighbourId, shortcutFor } from './staff-shortcuts';

const press = (key: string, target: EventTarget | null = document.body, mods = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...mods,
});

describe('shortcutFor', () => {
  it('maps the documented keys', () => {
    expect(shortcutFor(press('j'))).toBe('next');
    expect(shortcutFor(press('k'))).toBe('previous');
    expect(shortcutFor(press('r'))).toBe('reply');
    expect(shortcutFor(press('n'))).toBe('note');
    expect(shortcutFor(press('e'))).toBe('toggleStatus');
    expect(shortcutFor(press('a'))).toBe('assignToMe');
    expect(shortcutFor(press('/'))).toBe('search');
    expect(shortcutFor(press('?'))).toBe('help');
    expect(shortcutFor(press('x'))).toBeNull();
  });

  it('never fires with a modifier or during IME composition', () => {
    expect(shortcutFor(press('r', document.body, { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('j', document.body, { metaKey: true }))).toBeNull();
    expect(shortcutFor(press('e', document.body, { altKey: true }))).toBeNull();
    expect(shortcutFor(press('j', document.body, { isComposing: true }))).toBeNull();
  });

  it('never fires while typing in a field', () => {
    for (const field of [
      document.createElement('textarea'),
      document.createElement('input'),
      document.createElement('select'),
    ]) {
      expect(shortcutFor(press('j', field))).toBeNull();
    }
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    // jsdom does not compute isContentEditable; the property is what browsers give.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(editable)).toBe(true);
  });

  it('fires on buttons and checkboxes, which take no letters', () => {
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(shortcutFor(press('j', checkbox))).toBe('next');
    expect(shortcutFor(press('j', document.createElement('button')))).toBe('next');
  });
});

describe('neighbourId', () => {
  it('steps through the list and stops at its ends', () => {
    expect(neighbourId([4, 8, 2], 8, 1)).toBe(2);
    expect(neighbourId([4, 8, 2], 2, 1)).toBe(2);
    expect(neighbourId([4, 8, 2], 8, -1)).toBe(4);
    expect(neighbourId([4, 8, 2], 4, -1)).toBe(4);
  });

  it('starts at the first ticket when none (or one no longer listed) is open', () => {
    expect(neighbourId([4, 8], null, 1)).toBe(4);
    expect(neighbourId([4, 8], 99, -1)).toBe(4);
    expect(neighbourId([], null, 1)).toBeNull();
  });

  it('goes on from where a ticket that just left the list stood (closed with `e`)', () => {
    // [4, 8, 2, 6] with 8 open at index 1; closing it leaves [4, 2, 6].
    expect(neighbourId([4, 2, 6], 8, 1, 1)).toBe(2);
    expect(neighbourId([4, 2, 6], 8, -1, 1)).toBe(4);
    // It was the last: the next is the new last, the previous the one before.
    expect(neighbourId([4, 2], 6, 1, 2)).toBe(2);
    expect(neighbourId([4, 2], 6, -1, 2)).toBe(2);
    // It was the first: the previous stays at the top.
    expect(neighbourId([2, 6], 4, -1, 0)).toBe(2);
  });
});
