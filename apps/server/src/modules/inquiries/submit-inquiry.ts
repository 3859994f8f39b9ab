import {
  INQUIRY_MIN_FILL_MS,
  INQUIRY_TOKEN_TTL_MS,
  type InquiryInput,
} from '@studio/shared/inquiries';
import { eq } from 'drizzle-orm';
import { inquiries } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { AppError, rateLimited } from '../../lib/errors';
import { consume } from '../../lib/rate-limiter';
import type { RequestMeta } from '../../lib/request-meta';
import { randomToken, sha256 } from '../../lib/tokens';
import { mailTemplates } from '../../mail/templates';
import { countRecipient, reserveForAddress } from '../auth/index';

/** Per named recipient, as for e-mailed codes: 3 a minute, 10 an hour. */
const RECIPIENT_LIMITS = [
  { limit: 3, windowMs: 60_000 },
  { limit: 10, windowMs: 3_600_000 },
];

/**
 * A bot's call: the honeypot field (hidden from people and assistive tech) is
 * filled, or the form says it was sent faster than a person can write. It is
 * answered like any other, so the bot learns nothing, and nothing is stored or
 * mailed. A call without these optional fields is a real one.
 */
export function looksAutomated(input: Pick<InquiryInput, 'website' | 'form_ms'>): boolean {
  if (input.website !== undefined && input.website.trim() !== '') return true;
  return input.form_ms !== undefined && input.form_ms < INQUIRY_MIN_FILL_MS;
}

/**
 * `POST /api/inquiries` (DESIGN.md §7.6): keeps the inquiry and mails its
 * confirmation link. Nothing here looks at accounts, so the answer and its
 * timing are the same for every address. The per-address limits come first,
 * so a bot's calls count against its budget as well.
 */
export async function submitInquiry(
  deps: AppDeps,
  { input, meta }: { input: InquiryInput; meta: RequestMeta },
): Promise<void> {
  const { db, clock, config, mailer, limiter, log } = deps;
  await reserveForAddress(deps, 'inquiry', meta);
  if (looksAutomated(input)) {
    log.info({ reason: input.website ? 'honeypot' : 'too_fast' }, 'inquiry dropped as automated');
    return;
  }
  await countRecipient(deps, meta, input.email);
  const recipient = input.email.trim().toLowerCase();
  const wait = await consume(limiter, `inquiry-send:${recipient}`, RECIPIENT_LIMITS);
  if (wait > 0) throw rateLimited(wait);

  const token = randomToken();
  const now = clock.now();
  const [row] = await db
    .insert(inquiries)
    .values({
      tokenHash: sha256(token),
      name: input.name,
      email: input.email,
      body: input.body,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INQUIRY_TOKEN_TTL_MS),
    })
    .returning({ id: inquiries.id });
  // Built from PUBLIC_URL only: a forged Host header cannot redirect the link.
  const link = `${config.publicUrl}/contact/confirm?token=${token}`;
  try {
    await mailer.send(mailTemplates.inquiryConfirmation(input.email, link));
  } catch (error) {
    log.warn({ err: error }, 'inquiry e-mail could not be sent');
    await db.delete(inquiries).where(eq(inquiries.id, row!.id));
    throw new AppError(502, 'email_failed');
  }
}
