import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * What every page downloads before it is interactive: root.tsx and everything it
 * imports statically (issue 34: `/` is held to 150 KB of JavaScript, gzip, with
 * what it loads after the first paint). Code a page needs only when a visitor
 * does something is imported with import() where it is used; these modules
 * crept into the shell once through a single constant or component.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = path.resolve(SRC, '../../../packages/shared/src');

/** Screen-only modules and packages the shell must not pull in, with why. */
const NOT_IN_THE_SHELL: Record<string, string> = {
  'lib/error-messages.ts': "the forms' and Kontakt's error tables, 5 KB compressed",
  sonner: 'the toaster, 9 KB compressed: app/deferred-toaster.tsx loads it',
  zod: "the forms' and the API answers' schemas",
  '@studio/shared/schemas': "the forms' schemas (zod)",
};

/** Static imports and re-exports of a source text (`import type` and `import()` are not loaded). */
function staticImports(text: string): string[] {
  const found: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every module (a path under src/, or a package name) the shell loads statically. */
function shellModules(): Set<string> {
  const seen = new Set<string>();
  const queue = [path.join(SRC, 'root.tsx')];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const name = file.startsWith(SRC)
      ? path.relative(SRC, file)
      : `@studio/shared/${path.basename(file, '.ts')}`;
    if (seen.has(name)) continue;
    seen.add(name);
    if (!/\.tsx?$/.test(file)) continue;
    for (const specifier of staticImports(fs.readFileSync(file, 'utf8'))) {
      let target: string | null = null;
      if (specifier.startsWith('~/')) target = resolveFile(path.join(SRC, specifier.slice(2)));
      else if (specifier.startsWith('.'))
        target = resolveFile(path.resolve(path.dirname(file), specifier));
      else if (specifier.startsWith('@studio/shared/'))
        target = resolveFile(path.join(SHARED, specifier.slice('@studio/shared/'.length)));
      else seen.add(specifier);
      if (target) queue.push(target);
    }
  }
  return seen;
}

describe("the shell every page downloads (root.tsx's static imports)", () => {
  const modules = shellModules();

  it('finds the shell itself', () => {
    expect(modules.has('app/app-shell.tsx')).toBe(true);
    expect(modules.has('lib/session.ts')).toBe(true);
    expect(modules.has('react-router')).toBe(true);
  });

  it.each(Object.entries(NOT_IN_THE_SHELL))('does not import %s (%s)', (module) => {
    expect(modules.has(module)).toBe(false);
  });
});
