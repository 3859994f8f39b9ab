import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastTicketKey, type TicketSummary } from '../lib/selection';
import { usePageFileDrop } from './use-page-file-drop';
import { useTicketSelection } from './use-ticket-selection';
import { useUnreadIndicators } from './use-unread-indicators';

const ticket = (id: number): TicketSummary => ({
  id,
  seq: id,
  username: 'ala',
  status: 'open',
  unread_count: 0,
  created_at: '',
  last_activity_at: '',
});

let api: ReturnType<typeof useTicketSelection> | null = null;

// Without vitest globals, testing-library does not unmount between tests by itself.
afterEach(cleanup);

let setTickets: (tickets: TicketSummary[]) => void = () => undefined;

function SelectionProbe({ initial, ready = true }: { initial: TicketSummary[]; ready?: boolean }) {
  const [tickets, set] = useState(initial);
  setTickets = set;
  api = useTicketSelection({ tickets, isListReady: ready, userId: 7 });
  const location = useLocation();
  return (
    <p>
      <span data-testid="selected">{String(api.selectedId)}</span>
      <span data-testid="search">{location.search}</span>
    </p>
  );
}

function renderSelection(url: string, tickets: TicketSummary[], ready = true) {
  const router = createMemoryRouter(
    [{ path: '/contact', element: <SelectionProbe initial={tickets} ready={ready} /> }],
    { initialEntries: [url] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, view };
}

const selected = () => screen.getByTestId('selected').textContent;
const search = () => screen.getByTestId('search').textContent;

describe('useTicketSelection', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    api = null;
  });

  it('opens ?ticket= and remembers it for this user', () => {
    renderSelection('/contact?ticket=3', [ticket(5), ticket(3)]);
    expect(selected()).toBe('3');
    expect(localStorage.getItem(lastTicketKey(7))).toBe('3');
  });

  it('falls back to the stored ticket, then to the first, and writes the address', () => {
    localStorage.setItem(lastTicketKey(7), '3');
    renderSelection('/contact', [ticket(5), ticket(3)]);
    expect(selected()).toBe('3');
    expect(search()).toBe('?ticket=3');
  });

  it('chooses the first ticket when nothing else applies, and waits for a usable list', () => {
    const { view } = renderSelection('/contact?ticket=99', [ticket(5), ticket(3)], false);
    expect(selected()).toBe('null');
    view.unmount();
    renderSelection('/contact?ticket=99', [ticket(5), ticket(3)]);
    expect(selected()).toBe('5');
  });

  it('keeps a draft, selects a new ticket, and clears everything after a delete', () => {
    renderSelection('/contact', [ticket(5), ticket(3)]);
    act(() => api?.startDraft());
    expect(selected()).toBe('0');
    expect(search()).toBe('');
    act(() => api?.select(3));
    expect(selected()).toBe('3');
    expect(search()).toBe('?ticket=3');
    // As after a delete: the ticket leaves the cached list, then the selection is cleared.
    act(() => {
      setTickets([ticket(5)]);
      api?.clearAfterDelete();
    });
    expect(localStorage.getItem(lastTicketKey(7))).toBe('5');
    // Nothing selected any more, so the start-up order picks the first ticket again.
    expect(selected()).toBe('5');
    expect(search()).toBe('?ticket=5');
  });

  it('selects the first ticket when the selected one disappears', () => {
    renderSelection('/contact?ticket=3', [ticket(5), ticket(3)]);
    expect(selected()).toBe('3');
    act(() => setTickets([ticket(5)]));
    expect(selected()).toBe('5');
  });
});

function TitleProbe({ count }: { count: number }) {
  useUnreadIndicators(count);
  return null;
}

describe('useUnreadIndicators', () => {
  it('prefixes the tab title and restores it at zero and on leaving', () => {
    document.title = 'Kontakt | Nasze Studio';
    const view = render(<TitleProbe count={3} />);
    expect(document.title).toBe('(3) Kontakt | Nasze Studio');
    view.rerender(<TitleProbe count={120} />);
    expect(document.title).toBe('(120) Kontakt | Nasze Studio');
    view.rerender(<TitleProbe count={0} />);
    expect(document.title).toBe('Kontakt | Nasze Studio');
    view.rerender(<TitleProbe count={2} />);
    view.unmount();
    expect(document.title).toBe('Kontakt | Nasze Studio');
  });
});

function DropProbe({ enabled, onFiles }: { enabled: boolean; onFiles: (files: File[]) => void }) {
  const { isDragging } = usePageFileDrop({ enabled, onFiles });
  return <span data-testid="dragging">{String(isDragging)}</span>;
}

function dragEvent(type: string, files: File[]) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', {
    value: { types: ['Files'], files, dropEffect: 'none' },
  });
  return event;
}

describe('usePageFileDrop', () => {
  it('shows the overlay while files are over the page and hands dropped files on', () => {
    const received: File[][] = [];
    render(<DropProbe enabled onFiles={(files) => received.push(files)} />);
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    act(() => void window.dispatchEvent(dragEvent('dragenter', [file])));
    act(() => void document.body.dispatchEvent(dragEvent('dragenter', [file])));
    act(() => void window.dispatchEvent(dragEvent('dragleave', [file])));
    expect(screen.getByTestId('dragging').textContent).toBe('true');
    const drop = dragEvent('drop', [file]);
    act(() => void window.dispatchEvent(drop));
    expect(drop.defaultPrevented).toBe(true);
    expect(screen.getByTestId('dragging').textContent).toBe('false');
    expect(received).toEqual([[file]]);
  });

  it('still catches a drop when writing is not possible, so the browser does not open the file', () => {
    const received: File[][] = [];
    render(<DropProbe enabled={false} onFiles={(files) => received.push(files)} />);
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    act(() => void window.dispatchEvent(dragEvent('dragenter', [file])));
    expect(screen.getByTestId('dragging').textContent).toBe('false');
    const drop = dragEvent('drop', [file]);
    act(() => void window.dispatchEvent(drop));
    expect(drop.defaultPrevented).toBe(true);
    expect(received).toEqual([]);
  });
});
