/** Shapes the API sends (SPEC.md §3, DESIGN.md §5); defined as schemas in answers.ts. */
export type { MeAnswer as MeResponse, PublicUser } from './answers';
