/** Error codes the API answers with as `{"error": code}` (DESIGN.md §5). */
export const ERROR_CODES = [
  'invalid_credentials',
  'missing_credentials',
  'invalid_code',
  'duplicate',
  'email_failed',
  'invalid_token',
  'username_taken',
  'weak_password',
  'validation_failed',
  'unsupported_media_type',
  'unauthorized',
  'forbidden',
  'not_found',
  'ticket_closed',
  'ticket_full',
  'too_many_files',
  'file_too_large',
  /** A data export beyond what one ZIP without ZIP64 holds (about 3.5 GiB of files). */
  'export_too_large',
  'quota_exceeded',
  'unsupported_file_type',
  /** A passkey answer that did not verify: unknown or removed credential, used or foreign challenge, wrong origin, bad signature. */
  'invalid_passkey',
  /** The profile already holds the most passkeys one account may have. */
  'too_many_passkeys',
  /** Adding or removing a way to sign in needs a recent confirmation (DESIGN.md §7.7). */
  'reauth_required',
  /** „To nie ja” locked the password: only a reset by e-mail opens the account again. */
  'password_reset_required',
  /** A set-aside mail from a staff member's address: no ticket is opened in their name (attach it instead). */
  'staff_address',
  /** A Web Push endpoint that is not `https://` on a public host (DESIGN.md §7.11). */
  'push_endpoint_refused',
  /** The account already has PUSH_SUBSCRIPTIONS_MAX devices with push on (409). */
  'too_many_push_devices',
  /** A rating of a ticket that is still open (409, DESIGN.md §7.9): ratings come after the close. */
  'ticket_open',
  /** „Zespół”: no account has this e-mail address (404); the person must register first. */
  'account_not_found',
  /** „Zespół”: the account is staff already (409). */
  'already_staff',
  /** „Zespół”: an admin cannot take their own rights away in the workspace (409). */
  'cannot_revoke_self',
  /** „Zespół”: the workspace keeps at least one admin (409). */
  'last_admin',
  'rate_limited',
  'service_unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
