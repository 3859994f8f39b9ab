import { beforeEach } from 'vitest';
import { openStream } from './tickets-helpers';

type OpenArgs = Parameters<typeof openStream> extends [string, ...infer R] ? R : never;
export type OpenedStream = Awaited<ReturnType<typeof openStream>>;

/**
 * Streams a test file opens, closed before each next test so no socket
 * outlives its test. Call once at the top level of the file.
 */
export function streamsOfTheTest() {
  const opened: OpenedStream[] = [];
  const closeAll = () => {
    for (const s of opened.splice(0)) s.close();
  };
  beforeEach(closeAll);
  return {
    closeAll,
    /** Keeps a stream opened elsewhere for closing. */
    keep(stream: OpenedStream) {
      opened.push(stream);
      return stream;
    },
    /** openStream against one server, kept for closing. */
    on(baseUrl: string) {
      return async (...args: OpenArgs) => {
        const stream = await openStream(baseUrl, ...args);
        opened.push(stream);
        return stream;
      };
    },
  };
}
