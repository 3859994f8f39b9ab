import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clampListWidth,
  LIST_WIDTH_DEFAULT,
  LIST_WIDTH_KEY,
  LIST_WIDTH_MAX,
  LIST_WIDTH_MIN,
  useListWidth,
} from '../hooks/use-list-width';
import { PaneSeparator } from './pane-separator';

function Desk() {
  const { width, setWidth } = useListWidth();
  return (
    <>
      <div id="list" />
      <PaneSeparator width={width} onWidthChange={setWidth} controls="list" />
    </>
  );
}

function Controlled() {
  const [width, setWidth] = useState(400);
  return (
    <PaneSeparator width={width} onWidthChange={(w) => setWidth(clampListWidth(w))} controls="x" />
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the list | thread separator (issue 31)', () => {
  it('moves with the arrow keys, Home and End, and remembers the width', () => {
    render(<Desk />);
    const separator = screen.getByRole('separator', { name: 'Szerokość listy zgłoszeń' });
    expect(separator.getAttribute('aria-valuenow')).toBe(String(LIST_WIDTH_DEFAULT));
    fireEvent.keyDown(separator, { key: 'ArrowRight' });
    expect(separator.getAttribute('aria-valuenow')).toBe(String(LIST_WIDTH_DEFAULT + 24));
    fireEvent.keyDown(separator, { key: 'ArrowLeft', shiftKey: true });
    expect(separator.getAttribute('aria-valuenow')).toBe(String(LIST_WIDTH_DEFAULT + 24 - 96));
    expect(localStorage.getItem(LIST_WIDTH_KEY)).toBe(String(LIST_WIDTH_DEFAULT - 72));
    fireEvent.keyDown(separator, { key: 'Home' });
    expect(separator.getAttribute('aria-valuenow')).toBe(String(LIST_WIDTH_MIN));
    fireEvent.keyDown(separator, { key: 'End' });
    expect(separator.getAttribute('aria-valuenow')).toBe(String(LIST_WIDTH_MAX));
  });

  it('starts from the stored width, clamped, and ignores a broken one', () => {
    localStorage.setItem(LIST_WIDTH_KEY, '612');
    const { unmount } = render(<Desk />);
    expect(screen.getByRole('separator').getAttribute('aria-valuenow')).toBe('612');
    unmount();
    localStorage.setItem(LIST_WIDTH_KEY, 'szeroko');
    render(<Desk />);
    expect(screen.getByRole('separator').getAttribute('aria-valuenow')).toBe(
      String(LIST_WIDTH_DEFAULT),
    );
    expect(clampListWidth(5)).toBe(LIST_WIDTH_MIN);
    expect(clampListWidth(99_999)).toBe(LIST_WIDTH_MAX);
  });

  it('follows a mouse drag', () => {
    render(<Controlled />);
    const separator = screen.getByRole('separator');
    separator.setPointerCapture = () => undefined;
    fireEvent.pointerDown(separator, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(separator, { clientX: 160, pointerId: 1 });
    fireEvent.pointerUp(separator, { pointerId: 1 });
    fireEvent.pointerMove(separator, { clientX: 400, pointerId: 1 });
    expect(separator.getAttribute('aria-valuenow')).toBe('460');
  });
});
