/** The staff module's public entry (issue 17): saved replies, customer panel, statistics. */
export { type ResetDeps, resetSecondFactors } from './reset-second-factors';
export { staffRoutes } from './routes';
export {
  type ChangedAccount,
  grantStaffRights,
  revokeStaffRights,
  type StaffRightsDeps,
} from './staff-rights';
export { teamRoutes } from './team-routes';
