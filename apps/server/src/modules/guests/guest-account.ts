import { USERNAME_MAX } from '@studio/shared/limits';
import { UsernameSchema } from '@studio/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { UserRow } from '../../db/types';

/** Room left for a `-12` suffix within the username limit. */
const BASE_MAX = USERNAME_MAX - 4;

/**
 * A username from the name the visitor gave: Latin letters without marks,
 * words joined by `-` (a dot before the last word could read as a web
 * address, finding 31), at least three characters.
 */
export function usernameBase(name: string): string {
  const folded = name
    .replace(/[łŁ]/g, 'l')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BASE_MAX)
    .replace(/-+$/, '');
  return folded.length >= 3 ? folded : `gosc-${folded || 'kontakt'}`.slice(0, BASE_MAX);
}

async function isUsernameFree(tx: Db, username: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return !row;
}

async function freeUsername(tx: Db, name: string): Promise<string> {
  const base = usernameBase(name);
  for (let n = 1; n <= 20; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (UsernameSchema.safeParse(candidate).success && (await isUsernameFree(tx, candidate))) {
      return candidate;
    }
  }
  // Twenty people of one name: a random tail ends the search.
  return `${base.slice(0, BASE_MAX - 3)}-${crypto.randomUUID().slice(0, 6)}`;
}

/**
 * The account an inquiry from this address belongs to: the existing one
 * (full or guest), or a new guest account without a password (DESIGN.md
 * §7.6). The caller holds a lock on the address, so two confirmations from
 * one new address make one guest.
 *
 * `addressProven` says whether whoever asked proved they read that address:
 * an inquiry's confirmation link did, so its guest is e-mail-verified (and an
 * unverified guest of that address becomes verified). A staff member typing
 * a caller's address (§7.9) or a set-aside mail's From did not: that guest
 * stays unverified until someone registers with the address, which needs the
 * code mailed to it (registration.ts), so only the address's owner can ever
 * claim the account and its tickets.
 */
export async function accountForInquiry(
  tx: Db,
  input: { name: string; email: string; now: Date; addressProven: boolean },
): Promise<UserRow> {
  const [existing] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`)
    .limit(1);
  if (existing) {
    if (!input.addressProven || existing.emailVerifiedAt || existing.passwordHash !== null) {
      return existing;
    }
    const [verified] = await tx
      .update(users)
      .set({ emailVerifiedAt: input.now, updatedAt: input.now })
      .where(eq(users.id, existing.id))
      .returning();
    return verified ?? existing;
  }
  const [guest] = await tx
    .insert(users)
    .values({
      username: await freeUsername(tx, input.name),
      email: input.email,
      passwordHash: null,
      emailVerifiedAt: input.addressProven ? input.now : null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  if (!guest) throw new Error('guest account not stored');
  return guest;
}
