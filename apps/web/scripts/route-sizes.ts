import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotli } from './finish-build';
import { type ChunkGraph, staticChunksOf } from './first-paint';

/*
 * The JavaScript a first visit of each route downloads, brotli-compressed (the
 * server sends the build's .br files to every browser that accepts them, which
 * is every current one), and a check against the committed baseline
 * (route-sizes.json) that fails when a route grows by more than 10 %.
 *
 *   npx tsx apps/web/scripts/route-sizes.ts [--build <dir>] [--check] [--update]
 *
 * A visit downloads the entry (entry.client, root and their static imports:
 * React Router's manifest lists them), the route module and its static
 * imports, and the lazy modules the screen loads before its first paint for
 * one kind of visitor (VIEWS below; Vite's manifest gives their chunks). What
 * the shell loads for everyone after the first paint (toaster, backdrop,
 * cursor, unread count) and what a screen loads when a control is used is not
 * counted: it never delays a route's first paint.
 */

/** How much a route may grow over the baseline before the check fails. */
export const ALLOWED_GROWTH = 0.1;

/** A route seen by one kind of visitor: the lazy modules (under src/) its first paint waits for. */
interface View {
  name: string;
  routeId: string;
  lazy: readonly string[];
}

/**
 * Screens whose first paint waits for lazy modules. A route not listed is
 * measured as one view of its own with no lazy modules.
 */
const VIEWS: readonly View[] = [
  { name: '/contact (signed out)', routeId: 'features/tickets/contact-route', lazy: [] },
  {
    name: '/contact (customer)',
    routeId: 'features/tickets/contact-route',
    lazy: ['features/tickets/components/tickets-screen.tsx'],
  },
  {
    name: '/contact (staff)',
    routeId: 'features/tickets/contact-route',
    lazy: [
      'features/tickets/components/tickets-screen.tsx',
      'features/tickets/components/staff-parts.ts',
      'features/tickets/components/staff-dialogs.tsx',
    ],
  },
];

/** The part of React Router's browser manifest (assets/manifest-*.js) read here. */
export interface RouterManifest {
  entry: { module: string; imports: string[] };
  routes: Record<
    string,
    { id: string; path?: string; index?: boolean; module: string; imports?: string[] }
  >;
}

export interface RouteSize {
  name: string;
  /** Compressed bytes of everything the first visit downloads. */
  bytes: number;
  /** The part of `bytes` beyond the entry every route shares. */
  ownBytes: number;
}

/** `/team`, `/` for the index route, `/404` for the catch-all. */
function urlOf(route: { path?: string; index?: boolean }): string {
  if (route.index || !route.path) return '/';
  return route.path === '*' ? '/404' : `/${route.path}`;
}

/** The chunk of `source` (a path under src/) and every chunk it imports statically, as URL paths. */
function lazyChunks(vite: ChunkGraph, source: string): string[] {
  const start = `src/${source}`;
  if (!vite[start]) throw new Error(`${start} is not a chunk of this build; is VIEWS out of date?`);
  return staticChunksOf(vite, start);
}

/** Every view of the build with the URL paths of the scripts its first visit downloads. */
export function viewFiles(router: RouterManifest, vite: ChunkGraph): Map<string, string[]> {
  const root = router.routes.root;
  if (!root) throw new Error('the router manifest has no root route');
  const entry = [
    router.entry.module,
    ...router.entry.imports,
    root.module,
    ...(root.imports ?? []),
  ];
  const views = new Map<string, string[]>([['entry', entry]]);
  for (const route of Object.values(router.routes)) {
    if (route.id === 'root') continue;
    const own = [route.module, ...(route.imports ?? [])];
    const listed = VIEWS.filter((view) => view.routeId === route.id);
    if (listed.length === 0) views.set(urlOf(route), [...entry, ...own]);
    for (const view of listed) {
      const lazy = view.lazy.flatMap((source) => lazyChunks(vite, source));
      views.set(view.name, [...entry, ...own, ...lazy]);
    }
  }
  return views;
}

/** Sizes of the views, each file counted once per view, by `sizeOf` (a URL path's compressed bytes). */
export function routeSizes(
  views: Map<string, string[]>,
  sizeOf: (urlPath: string) => number,
): RouteSize[] {
  const total = (files: readonly string[]) =>
    [...new Set(files)].reduce((sum, file) => sum + sizeOf(file), 0);
  const entryBytes = total(views.get('entry') ?? []);
  return [...views].map(([name, files]) => {
    const bytes = total(files);
    return { name, bytes, ownBytes: bytes - entryBytes };
  });
}

export interface SizeCheck {
  /** Routes that grew by more than ALLOWED_GROWTH, or that the baseline does not know. */
  failures: string[];
  /** Routes that shrank or left: the baseline may be updated. */
  hints: string[];
}

/** Compares the measured sizes with the baseline (`{name: bytes}`). */
export function checkSizes(
  sizes: readonly RouteSize[],
  baseline: Record<string, number>,
): SizeCheck {
  const failures: string[] = [];
  const hints: string[] = [];
  for (const { name, bytes } of sizes) {
    const before = baseline[name];
    if (before === undefined) {
      failures.push(`${name}: ${bytes} B, not in the baseline`);
      continue;
    }
    const change = (bytes - before) / before;
    const percent = `${change > 0 ? '+' : ''}${(change * 100).toFixed(1)} %`;
    if (change > ALLOWED_GROWTH) {
      failures.push(
        `${name}: ${before} → ${bytes} B (${percent}, more than +${ALLOWED_GROWTH * 100} %)`,
      );
    } else if (bytes < before) {
      hints.push(`${name}: ${before} → ${bytes} B (${percent})`);
    }
  }
  const measured = new Set(sizes.map((size) => size.name));
  for (const name of Object.keys(baseline)) {
    if (!measured.has(name)) hints.push(`${name}: in the baseline but no longer built`);
  }
  return { failures, hints };
}

/** The sizes as a Markdown table (the README's). */
export function sizeTable(sizes: readonly RouteSize[]): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const rows = sizes.map(
    ({ name, bytes, ownBytes }) =>
      `| \`${name}\` | ${bytes} | ${kb(bytes)} | ${name === 'entry' ? '—' : kb(ownBytes)} |`,
  );
  return [
    '| route | bytes (brotli) | KB | KB beyond the entry |',
    '|---|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

/** Reads a build directory (the one holding client/) and measures it. */
export function measureBuild(buildDirectory: string): RouteSize[] {
  const client = path.join(buildDirectory, 'client');
  const assets = path.join(client, 'assets');
  const manifestFile = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!manifestFile)
    throw new Error(`no React Router manifest in ${assets}; build the web app first`);
  const text = fs.readFileSync(path.join(assets, manifestFile), 'utf8');
  const router = JSON.parse(
    text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1),
  ) as RouterManifest;
  // finish-build.ts moves Vite's manifest out of the served folder.
  const vite = JSON.parse(
    fs.readFileSync(path.join(buildDirectory, 'vite-manifest.json'), 'utf8'),
  ) as ChunkGraph;
  const sizeOf = (urlPath: string) => {
    const file = path.join(client, urlPath);
    // Files under 1 KB have no .br twin (not worth it): the same compression, in memory.
    if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
    return brotli(fs.readFileSync(file)).length;
  };
  return routeSizes(viewFiles(router, vite), sizeOf);
}

const webDir = fileURLToPath(new URL('..', import.meta.url));
const BASELINE = path.join(webDir, 'route-sizes.json');

function main(args: string[]) {
  const buildAt = args.indexOf('--build');
  const buildDirectory =
    buildAt >= 0 ? path.resolve(args[buildAt + 1] ?? '') : path.join(webDir, 'build');
  const sizes = measureBuild(buildDirectory);
  console.log(sizeTable(sizes));
  if (args.includes('--update')) {
    const baseline = Object.fromEntries(sizes.map(({ name, bytes }) => [name, bytes]));
    fs.writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(process.cwd(), BASELINE)}.`);
    return;
  }
  if (!args.includes('--check')) return;
  const baseline = JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as Record<string, number>;
  const { failures, hints } = checkSizes(sizes, baseline);
  if (hints.length > 0) {
    console.log(`\nSmaller than the baseline (update it with --update):\n  ${hints.join('\n  ')}`);
  }
  if (failures.length > 0) {
    console.error(
      `\nRoutes grew by more than ${ALLOWED_GROWTH * 100} % over route-sizes.json:\n  ${failures.join('\n  ')}\n` +
        'Load what a route does not need at its first paint lazily, or, if the growth is meant, ' +
        'run this script with --update and commit route-sizes.json.',
    );
    process.exitCode = 1;
    return;
  }
  console.log(`\nEvery route is within +${ALLOWED_GROWTH * 100} % of the baseline.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2));
}
