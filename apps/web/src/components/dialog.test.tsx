import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALOG_Z_INDEX, Dialog } from './dialog';

// jsdom has no layout, so every element reports no client rects; the dialog's
// focus trap skips invisible elements, so give them one box each.
Object.defineProperty(HTMLElement.prototype, 'getClientRects', {
  configurable: true,
  value: () => [{ width: 1, height: 1 }],
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Otwórz
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy="t">
        <h2 id="t">Usunąć zgłoszenie?</h2>
        <button type="button">Pierwszy</button>
        <button type="button" onClick={() => setOpen(false)}>
          Ostatni
        </button>
      </Dialog>
    </>
  );
}

afterEach(cleanup);

describe('Dialog', () => {
  it('opens named by its heading above everything and focuses the first control', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Otwórz' }));
    const dialog = screen.getByRole('dialog', { name: 'Usunąć zgłoszenie?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect((dialog.parentElement as HTMLElement).style.zIndex).toBe(String(DIALOG_Z_INDEX));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pierwszy' }));
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('keeps Tab inside and wraps in both directions', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Otwórz' }));
    const first = screen.getByRole('button', { name: 'Pierwszy' });
    const last = screen.getByRole('button', { name: 'Ostatni' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes on Escape and on the backdrop and gives focus back to the opener', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Otwórz' });
    opener.focus();
    fireEvent.click(opener);
    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');

    fireEvent.click(opener);
    fireEvent.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
