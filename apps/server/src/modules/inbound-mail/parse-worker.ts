/**
 * The mail parser's worker thread (worker-parser.ts starts it): parses each
 * raw mail it is sent and answers the plain result, handing the attachments'
 * bytes over instead of copying them. A parse that throws answers the error's
 * message; one that hangs is ended from outside by terminating this thread.
 * Bundled as dist/mail-parser-worker.js (build.mjs).
 */
import { parentPort } from 'node:worker_threads';
import { parseMail } from './parse-mail';

export interface ParseRequest {
  id: number;
  source: Uint8Array;
}

export type ParseAnswer =
  | { id: number; ok: true; mail: Awaited<ReturnType<typeof parseMail>> }
  | { id: number; ok: false; error: string };

/** Sent once the code is loaded: the time limit counts from here, not from the thread's start. */
export const READY = 'ready';

parentPort?.on('message', async ({ id, source }: ParseRequest) => {
  let answer: ParseAnswer;
  try {
    answer = { id, ok: true, mail: await parseMail(source) };
  } catch (error) {
    answer = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const transfer = answer.ok ? answer.mail.attachments.map((a) => a.content.buffer) : [];
  parentPort?.postMessage(answer, transfer as ArrayBuffer[]);
});
parentPort?.postMessage(READY);
