/** The retention module's public entry. */
export {
  createRetentionService,
  type RetentionResult,
  type RetentionService,
  startRetentionSchedule,
} from './service';
