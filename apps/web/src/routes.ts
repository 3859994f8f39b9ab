// React Router reads the route table from <appDirectory>/routes.ts; the table
// itself lives in app/routes.ts next to the other app-level wiring.
export { default } from './app/routes';
