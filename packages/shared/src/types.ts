/** Shapes the API sends (SPEC.md §3, DESIGN.md §5). */

export interface PublicUser {
  id: number;
  username: string;
  email: string;
  is_admin: boolean;
  mfa_enabled: boolean;
}

export interface MeResponse {
  user: PublicUser;
  isStaff: boolean;
}
