import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirBusyError } from './db/data-dir-lock';
import { MemoryAtRest } from './lib/memory-at-rest';
import { openFilesLimit, openFilesWarning } from './lib/open-files-limit';

/** Starts the server; stops gracefully on SIGTERM/SIGINT, finishing in-flight requests. */
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  // The process's own heap, so here rather than in the app that tests build many times.
  const memory = new MemoryAtRest();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    memory.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  const fewFiles = openFilesWarning(config.streams.maxTotal, openFilesLimit());
  if (fewFiles) app.log.warn(fewFiles);
  await app.listen({ port: config.port, host: config.host });
  memory.start();
  app.log.info(`Serwer działa: ${config.publicUrl}`);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
