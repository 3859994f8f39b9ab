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

/** A message attachment as the API sends it (DESIGN.md §5): `files` of a message. */
export interface FileAttachment {
  id: string;
  url: string;
  filename: string;
  mimetype: string;
  size: number;
  isImage: boolean;
  thumbnailUrl?: string;
  width?: number;
  height?: number;
}
