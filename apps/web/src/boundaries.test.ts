import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the web app (docs/architecture.md): code flows
 * shared (`components`, `lib`, `content`, `@studio/shared`) → `features` → `app`.
 * A feature never imports another feature, and shared code never imports a
 * feature or the app, so a feature can be changed or removed on its own.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const SHARED_LAYERS = ['components', 'lib', 'content', 'test'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier a source text imports, statically or dynamically. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
    if (match[1]) found.push(match[1]);
  }
  return found;
}

/** The file's place below `src`, e.g. `features/tickets/hooks/x.ts`, or null for a package. */
function resolveInSrc(from: string, specifier: string): string | null {
  if (specifier.startsWith('~/')) return specifier.slice(2);
  if (!specifier.startsWith('.')) return null;
  return path
    .relative(SRC, path.resolve(path.dirname(from), specifier))
    .split(path.sep)
    .join('/');
}

interface Violation {
  file: string;
  imports: string;
}

type Rule = (file: string[], target: string[]) => boolean;

const crossFeature: Rule = (file, target) =>
  file[0] === 'features' && target[0] === 'features' && file[1] !== target[1];

const sharedReachesUp: Rule = (file, target) =>
  SHARED_LAYERS.includes(file[0] ?? '') && (target[0] === 'features' || target[0] === 'app');

const realFiles = () =>
  sourceFiles(SRC).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

function violations(rule: Rule, files = realFiles()): Violation[] {
  const out: Violation[] = [];
  for (const { file, text } of files) {
    const fileParts = path.relative(SRC, file).split(path.sep);
    for (const specifier of importsOf(text)) {
      const target = resolveInSrc(file, specifier);
      if (target !== null && rule(fileParts, target.split('/'))) {
        out.push({ file: fileParts.join('/'), imports: specifier });
      }
    }
  }
  return out;
}

describe('web layer boundaries', () => {
  it('a feature never imports another feature', () => {
    expect(violations(crossFeature)).toEqual([]);
  });

  it('shared code (components, lib, content) never imports a feature or the app', () => {
    expect(violations(sharedReachesUp)).toEqual([]);
  });

  it('the checks catch a planted violation of each kind', () => {
    const planted = [
      {
        file: path.join(SRC, 'features', 'auth', 'probe.ts'),
        text: "import { x } from '../tickets/lib/format';\nconst y = import('~/features/profile/a');",
      },
      { file: path.join(SRC, 'lib', 'probe.ts'), text: "import '~/app/routes';" },
    ];
    expect(violations(crossFeature, planted)).toEqual([
      { file: 'features/auth/probe.ts', imports: '../tickets/lib/format' },
      { file: 'features/auth/probe.ts', imports: '~/features/profile/a' },
    ]);
    expect(violations(sharedReachesUp, planted)).toEqual([
      { file: 'lib/probe.ts', imports: '~/app/routes' },
    ]);
  });
});
