import type { StatusCheck } from '@studio/shared/status';
import type { FastifyInstance } from 'fastify';

/**
 * One line of „Stan systemu” (DESIGN.md §7.12): reads the product's state and
 * says how it is, or null when it does not apply to this installation. One
 * file per check in `checks/`; `checks/index.ts` lists them in page order.
 * A check must answer within a few seconds and never throw for a failing
 * part: a part that is down is a `fail` line, not a 500.
 */
export type StatusCheckFn = (app: FastifyInstance) => Promise<StatusCheck | null>;
