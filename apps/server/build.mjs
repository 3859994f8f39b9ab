// Bundles the server into dist/. Our workspace code (including @studio/shared,
// which is TypeScript source) goes into the bundle; npm dependencies stay external.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
/** How every bundle here is made: for Node, as ES modules, npm dependencies left external. */
const bundled = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Production runs Node 24 LTS (Dockerfile, .nvmrc). `npm start` on Node 20
  // still runs this bundle only while our source uses no syntax newer than Node 20
  // knows (e.g. `using`); today the node20 and node24 outputs are byte-identical.
  target: 'node24',
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
};

await build({
  ...bundled,
  entryPoints: {
    main: 'src/main.ts',
    admin: 'src/cli/admin.ts',
    'backup-cli': 'src/cli/backup-cli.ts',
    'migrate-to-postgres-cli': 'src/cli/migrate-to-postgres-cli.ts',
    // The inbound mail parser's worker thread, loaded from beside main.js
    // (src/modules/inbound-mail/worker-parser.ts).
    'mail-parser-worker': 'src/modules/inbound-mail/parse-worker.ts',
  },
  outdir: 'dist',
  sourcemap: true,
});

// What the server would otherwise make at start, made once here by the
// server's own code (src/build-artefacts.ts), bundled to a throw-away module:
// - the Polish dictionary's entries, compiled (src/modules/search/compiled-dictionary.ts);
// - a migrated, empty embedded database, copied into a fresh DATA_DIR at its
//   first start (src/db/client.ts) instead of PGlite creating the cluster
//   there: initdb and the migrations were most of a fresh start (bench/README.md,
//   cold start). Built from the same PGlite and migrations as the bundle beside
//   it, as a plain data directory so the copy needs no unpacking.
const artefacts = 'dist/.build-artefacts.mjs';
await build({ ...bundled, entryPoints: ['src/build-artefacts.ts'], outfile: artefacts });
try {
  const { writeCompiledDictionary, writeEmptyDatabase } = await import(
    new URL(artefacts, import.meta.url).href
  );
  writeCompiledDictionary('dist/polish-dictionary.bin');
  await writeEmptyDatabase('dist/empty-database', 'drizzle');
} finally {
  rmSync(artefacts);
}
