// The npm registry reachable from our machines serves only the Linux builds of
// biome's platform binaries, so `npm install` leaves the others out of
// package-lock.json and `npm ci` then refuses the lock as out of sync. This
// adds the missing entries back (they are optional and never installed on
// Linux). It runs after every install and changes nothing when they are there.
import fs from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages ?? {};
const biome = packages['node_modules/@biomejs/biome'];
let added = 0;

for (const [name, version] of Object.entries(biome?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (packages[key]) continue;
  const platform = name.replace('@biomejs/cli-', '');
  const [os, cpu, libc] = platform.split('-');
  packages[key] = {
    version,
    cpu: [cpu],
    dev: true,
    ...(os === 'linux' ? { libc: [libc === 'musl' ? 'musl' : 'glibc'] } : {}),
    license: biome.license,
    optional: true,
    os: [os],
    engines: biome.engines,
  };
  added++;
}

if (added) {
  const sorted = Object.fromEntries(
    Object.keys(packages)
      .sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0))
      .map((key) => [key, packages[key]]),
  );
  lock.packages = sorted;
  fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lockfile: added ${added} optional platform entries`);
}
