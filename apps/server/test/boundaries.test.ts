import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A module (`src/modules/<name>/`) is used by the rest of the server only
 * through its public entry, `modules/<name>/index.ts`: the files behind it can
 * be split, renamed or merged without touching any other module
 * (docs/architecture.md §3). Tests may reach inside; production code may not.
 */
const SRC = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]*)['"]/g)) {
    if (match[1]) found.push(match[1]);
  }
  return found;
}

/** `modules/<name>` of a path below src, or null outside the modules. */
function moduleOf(parts: string[]): string | null {
  return parts[0] === 'modules' && parts[1] ? parts[1] : null;
}

interface Violation {
  file: string;
  imports: string;
}

export function findViolations(files: { file: string; text: string }[]): Violation[] {
  const out: Violation[] = [];
  for (const { file, text } of files) {
    const from = path.relative(SRC, file).split(path.sep);
    for (const specifier of importsOf(text)) {
      const target = path
        .relative(SRC, path.resolve(path.dirname(file), specifier))
        .split(path.sep);
      const targetModule = moduleOf(target);
      if (targetModule === null || targetModule === moduleOf(from)) continue;
      const isEntry = target.length === 2 || (target.length === 3 && target[2] === 'index');
      if (!isEntry) out.push({ file: from.join('/'), imports: specifier });
    }
  }
  return out;
}

describe('server module boundaries', () => {
  it('other code uses a module only through its public entry (modules/<name>/index.ts)', () => {
    const files = sourceFiles(SRC).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
    expect(findViolations(files)).toEqual([]);
  });

  it('catches a reach into another module, and allows the entry and own files', () => {
    const planted = [
      {
        file: path.join(SRC, 'modules', 'profile', 'probe.ts'),
        text: [
          "import { login } from '../auth/login';",
          "import { requireUser } from '../auth/index';",
          "import { x } from './service';",
          "const lazy = import('../tickets/service/rules');",
        ].join('\n'),
      },
      { file: path.join(SRC, 'app.ts'), text: "import { hub } from './modules/stream/hub';" },
    ];
    expect(findViolations(planted)).toEqual([
      { file: 'modules/profile/probe.ts', imports: '../auth/login' },
      { file: 'modules/profile/probe.ts', imports: '../tickets/service/rules' },
      { file: 'app.ts', imports: './modules/stream/hub' },
    ]);
  });
});
