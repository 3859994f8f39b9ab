// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkSizes, type RouterManifest, routeSizes, viewFiles } from './route-sizes';

const router: RouterManifest = {
  entry: { module: '/assets/entry.js', imports: ['/assets/react.js'] },
  routes: {
    root: { id: 'root', module: '/assets/root.js', imports: ['/assets/react.js'] },
    'features/marketing/team/team-route': {
      id: 'features/marketing/team/team-route',
      path: 'team',
      module: '/assets/team.js',
      imports: ['/assets/react.js'],
    },
    'features/tickets/contact-route': {
      id: 'features/tickets/contact-route',
      path: 'contact',
      module: '/assets/contact.js',
    },
  },
};
const vite = {
  'src/features/tickets/components/tickets-screen.tsx': {
    file: 'assets/screen.js',
    imports: ['_shared.js'],
  },
  'src/features/tickets/components/staff-parts.ts': {
    file: 'assets/staff.js',
    imports: ['_shared.js'],
  },
  'src/features/tickets/components/staff-dialogs.tsx': { file: 'assets/dialogs.js' },
  '_shared.js': { file: 'assets/shared.js' },
};

describe('route sizes', () => {
  it('counts the entry, the route and the lazy modules of its view, each file once', () => {
    const sizes = routeSizes(viewFiles(router, vite), () => 100);
    const bytes = Object.fromEntries(sizes.map((size) => [size.name, size.bytes]));
    expect(bytes).toEqual({
      entry: 300,
      '/team': 400,
      '/contact (signed out)': 400,
      '/contact (customer)': 600,
      '/contact (staff)': 800,
    });
    expect(sizes.find((size) => size.name === '/team')?.ownBytes).toBe(100);
  });

  it('fails for a route grown by more than 10 %, naming it and by how much', () => {
    const sizes = [
      { name: '/team', bytes: 1101, ownBytes: 0 },
      { name: '/', bytes: 1100, ownBytes: 0 },
    ];
    const { failures } = checkSizes(sizes, { '/team': 1000, '/': 1000 });
    expect(failures).toEqual(['/team: 1000 → 1101 B (+10.1 %, more than +10 %)']);
  });

  it('passes a route that shrank, with a hint to update the baseline', () => {
    const { failures, hints } = checkSizes([{ name: '/team', bytes: 900, ownBytes: 0 }], {
      '/team': 1000,
      '/gone': 10,
    });
    expect(failures).toEqual([]);
    expect(hints).toEqual([
      '/team: 1000 → 900 B (-10.0 %)',
      '/gone: in the baseline but no longer built',
    ]);
  });

  it('fails for a route the baseline does not know', () => {
    const { failures } = checkSizes([{ name: '/new', bytes: 5, ownBytes: 0 }], {});
    expect(failures).toEqual(['/new: 5 B, not in the baseline']);
  });
});
