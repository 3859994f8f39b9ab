import v8 from 'node:v8';

/**
 * How much V8 lets the old generation grow past what a full collection left
 * alive before it starts the next one. V8 picks this itself between 10 % and
 * 300 %; under the photo load it picked the bottom, because it counts the
 * ArrayBuffers an upload allocates (~8 MB: socket reads, the multipart part,
 * the re-encoded image, WebCrypto's copy) against that limit: one full
 * collection every ~3 uploads. At 100 % there is one every ~7, and a 2 MB photo
 * costs the server ~10 % less CPU (issue 34, bench/README.md, uploads). The
 * price is a heap up to twice its live size under load (~20 MB more resident);
 * V8's memory reducer gives it back once the process is idle.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * The flag to set, or none when the operator started node with one of their
 * own, on the command line or in NODE_OPTIONS (which execArgv does not list).
 */
export function heapGrowthFlag(execArgv: readonly string[], nodeOptions = ''): string | null {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) =>
    /^--heap[-_]growing[-_]percent\b/.test(arg),
  );
  return chosen ? null : `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

/**
 * Applies it in this process. V8 reads the value at each full collection, so
 * setting it as the server starts works however node was started (`npm start`,
 * the Docker image, the systemd unit run `node apps/server/dist/main.js`).
 */
export function tuneHeapGrowth(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): void {
  const flag = heapGrowthFlag(execArgv, nodeOptions);
  if (flag) v8.setFlagsFromString(flag);
}
