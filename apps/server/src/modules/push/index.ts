/** The push module's public entry (Web Push, DESIGN.md §7.11). */
export { messagePushJobs } from './queue-pushes';
export { setUpPush } from './set-up-push';
