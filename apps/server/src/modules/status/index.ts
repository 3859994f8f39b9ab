/** The status module's public entry: „Stan systemu”, „Pierwsze kroki” and the red-line mails. */

export { firstAdminHint } from './first-run';
export { recordMailOutcomes } from './mail-outcomes';
export { readStatus } from './read-status';
export {
  mailRedLines,
  RED_LINES_JOB,
  sendRedLinesMail,
  startRedLinesSchedule,
} from './red-lines';
export { statusRoutes } from './routes';
export type { StatusCheckFn } from './status-check';
