import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { backfillSearchVectors } from './backfill-search-vectors';
import { warmUpPolishDictionary } from './polish-words';

/**
 * Once the server listens (so a start is not slower): reads the Polish
 * dictionary and warms its analysis up in short steps (paid here rather than
 * by the first message or search), then gives rows written before search
 * tokens existed theirs.
 */
export function setUpSearch(app: FastifyInstance, db: Db): void {
  let closing = false;
  let backfill: Promise<void> = Promise.resolve();
  app.addHook('onListen', async () => {
    backfill = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      await warmUpPolishDictionary(() => closing);
      const filled = await backfillSearchVectors(db, () => closing);
      if (filled > 0) app.log.info({ rows: filled }, 'search tokens written for older rows');
    });
    backfill.catch((error: unknown) => {
      if (!closing) app.log.error({ err: error }, 'search tokens of older rows failed');
    });
  });
  app.addHook('onClose', async () => {
    closing = true;
    await backfill.catch(() => {});
  });
}
