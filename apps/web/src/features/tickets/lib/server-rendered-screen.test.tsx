import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerState, ServerStateProvider } from '~/lib/session';
import { LocalTime } from '../components/local-time';
import { ScreenMain, useScreenHydrated } from './until-hydrated';

/*
 * The server-rendered Kontakt screen as React hydrates it (issue 34): inert
 * until the screen inside has hydrated, and times in the server's zone while
 * hydrating, then in the reader's, without a hydration error.
 */

// React's act() outside a testing library: tell React this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

/** The server's HTML of `app`, hydrated; the recoverable errors React reported. */
async function hydrated(app: ReactNode): Promise<{ container: HTMLElement; errors: unknown[] }> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(app);
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, app, { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, errors };
}

function Screen() {
  useScreenHydrated();
  return <button type="button">Wyślij</button>;
}

describe('the server-rendered screen', () => {
  it('is inert in the HTML and takes input once the screen inside has hydrated', async () => {
    const app = (
      <ScreenMain className="x" inertUntilHydrated>
        <Screen />
      </ScreenMain>
    );
    expect(renderToString(app)).toContain('<main class="x" inert="">');
    const { container, errors } = await hydrated(app);
    expect(container.querySelector('main')?.hasAttribute('inert')).toBe(false);
    expect(errors).toEqual([]);
  });

  it('stays inert while nothing inside has hydrated', async () => {
    const app = (
      <ScreenMain className="x" inertUntilHydrated>
        <p>Ładowanie…</p>
      </ScreenMain>
    );
    const { container } = await hydrated(app);
    expect(container.querySelector('main')?.hasAttribute('inert')).toBe(true);
  });

  it('is never inert when the browser rendered it', async () => {
    const app = (
      <ScreenMain className="x" inertUntilHydrated={false}>
        <Screen />
      </ScreenMain>
    );
    expect(renderToString(app)).toContain('<main class="x">');
  });

  it("hydrates times in the server's zone and then shows the reader's", async () => {
    // 23:30 UTC on 12 March is 08:30 on 13 March in Tokyo; the server rendered it in Tokyo.
    const iso = '2026-03-12T23:30:00.000Z';
    const state: ServerState = {
      queries: [],
      openTicketId: null,
      clock: { now: Date.parse('2026-03-13T01:00:00.000Z'), timeZone: 'Asia/Tokyo' },
    };
    const app = (
      <ServerStateProvider value={state}>
        <LocalTime iso={iso} hasTitle />
      </ServerStateProvider>
    );
    const html = renderToString(app);
    expect(html).toContain('>08:30</time>');
    expect(html).toContain('title="13.03.2026, 08:30"');
    const { container, errors } = await hydrated(app);
    expect(errors).toEqual([]);
    const local = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'short', timeStyle: 'short' });
    // After hydration: the reader's zone (this process's) and the real now, a later day.
    expect(container.querySelector('time')?.textContent).toBe(local.format(new Date(iso)));
    expect(container.querySelector('time')?.title).toBe(local.format(new Date(iso)));
  });
});
