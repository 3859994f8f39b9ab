/** The inquiries module's public entry: writing to the studio without an account (DESIGN.md §7.6). */
export { inquiryRoutes } from './routes';
