/** The inquiries module's public entry: writing to the studio without an account (DESIGN.md §7.6). */

export { accountForInquiry } from '../guests/index';
export { inquiryRoutes } from './routes';
