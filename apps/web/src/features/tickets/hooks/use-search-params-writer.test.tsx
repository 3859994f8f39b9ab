import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParamsWriter } from './use-search-params-writer';

/*
 * Two writers in one moment (the search's pause and a ticket opened by itself)
 * used to undo each other: React Router gives a functional update the
 * parameters of its hook's last render.
 */
const writers: ReturnType<typeof useSearchParamsWriter>[1][] = [];

function Probe() {
  const [, writeA] = useSearchParamsWriter();
  const [, writeB] = useSearchParamsWriter();
  writers[0] = writeA;
  writers[1] = writeB;
  return null;
}

describe('useSearchParamsWriter', () => {
  it('a second write in the same moment starts from the first, not from the last render', async () => {
    const router = createMemoryRouter([{ path: '/contact', element: <Probe /> }], {
      initialEntries: ['/contact?q=f'],
    });
    render(<RouterProvider router={router} />);
    const [search, selection] = writers;
    await act(async () => {
      search?.((next) => next.set('q', 'faktura'));
      // Held from before the first write's render, as a timer or effect may be.
      selection?.((next) => next.set('ticket', '3'));
    });
    expect(router.state.location.search).toBe('?q=faktura&ticket=3');
    // Later writes, after the router rendered, start from what it shows.
    await act(async () => {
      writers[1]?.((next) => next.delete('ticket'));
    });
    expect(router.state.location.search).toBe('?q=faktura');
  });
});
