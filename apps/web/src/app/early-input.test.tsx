import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_INPUT_SCRIPT, LINK_FALLBACK_MS, replayEarlyInput } from './early-input';

function Form({ onSend }: { onSend: (sent: { name: string; agreed: boolean }) => void }) {
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend({ name, agreed });
      }}
    >
      <input aria-label="Imię" value={name} onChange={(event) => setName(event.target.value)} />
      <input
        type="checkbox"
        aria-label="Zgoda"
        checked={agreed}
        onChange={(event) => setAgreed(event.target.checked)}
      />
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Menu
      </button>
      <button type="submit">Wyślij</button>
      <a href="/team" data-discover="true" onClick={(event) => event.preventDefault()}>
        Zespół
      </a>
    </form>
  );
}

/** The prerendered page with the head script running, as a visitor finds it before hydration. */
function prerender(onSend: (sent: { name: string; agreed: boolean }) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form onSend={onSend} />);
  document.body.append(container);
  new Function(EARLY_INPUT_SCRIPT)();
  return container;
}

function type(field: HTMLInputElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  // The script's listeners stay on the document; a finished queue lets every event through.
  if (window.__earlyInput) window.__earlyInput.done = true;
  document.body.innerHTML = '';
});

describe('input before hydration', () => {
  it('holds taps on buttons and the submission, then replays them with the typed values', async () => {
    const onSend = vi.fn();
    const container = prerender(onSend);
    const name = container.querySelector<HTMLInputElement>('input[aria-label="Imię"]');
    const agree = container.querySelector<HTMLInputElement>('input[type=checkbox]');
    const [menu, send] = container.querySelectorAll('button');
    const link = container.querySelector('a');
    if (!name || !agree || !menu || !send || !link) throw new Error('form not rendered');
    const submitted = vi.fn((event: Event) => event.defaultPrevented);
    document.addEventListener('submit', submitted);

    type(name, 'Ala');
    agree.click();
    menu.click();
    send.click();
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(newTab);
    link.click();
    // A tap opening a new tab is the browser's; a plain one waits for the router.
    expect(newTab.defaultPrevented).toBe(false);
    // Nothing was sent as a GET and the browser did not navigate: the tap was held.
    expect(submitted).not.toHaveBeenCalled();
    expect(name.value).toBe('Ala');
    expect(agree.checked).toBe(true);
    expect(window.__earlyInput?.held).toEqual([menu, send, link]);

    await act(async () => {
      hydrateRoot(container, <Form onSend={onSend} />);
    });
    expect(onSend).not.toHaveBeenCalled();
    await act(() => replayEarlyInput());

    expect(onSend).toHaveBeenCalledExactlyOnceWith({ name: 'Ala', agreed: true });
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(name.value).toBe('Ala');
    expect(agree.checked).toBe(true);
    document.removeEventListener('submit', submitted);
  });

  it('gives a held link back to the browser when the page does not hydrate in time', () => {
    vi.useFakeTimers();
    try {
      const container = prerender(vi.fn());
      const link = container.querySelector('a');
      if (!link) throw new Error('form not rendered');
      const reached = vi.fn((event: Event) => event.defaultPrevented);
      document.addEventListener('click', reached);
      link.click();
      // Held: stopped before anything else on the page sees it.
      expect(reached).not.toHaveBeenCalled();
      vi.advanceTimersByTime(LINK_FALLBACK_MS - 1);
      expect(reached).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      // Clicked again, and this time the browser's own navigation is not prevented.
      expect(reached).toHaveBeenCalledOnce();
      expect(reached).toHaveLastReturnedWith(false);
      expect(window.__earlyInput?.held).toEqual([]);
      document.removeEventListener('click', reached);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets every event through once replayed', async () => {
    const onSend = vi.fn();
    const container = prerender(onSend);
    await act(async () => {
      hydrateRoot(container, <Form onSend={onSend} />);
    });
    await act(() => replayEarlyInput());
    const send = container.querySelector<HTMLButtonElement>('button[type=submit]');
    await act(async () => send?.click());
    expect(onSend).toHaveBeenCalledExactlyOnceWith({ name: '', agreed: false });
    expect(window.__earlyInput?.held).toEqual([]);
  });
});
