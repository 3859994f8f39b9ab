import type {
  SavedReply,
  SavedReplyBody,
  SavedReplyListAnswer,
  SavedReplyPatch,
} from '@studio/shared/staff';
import { asc, eq } from 'drizzle-orm';
import { savedReplies } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The staff-wide saved replies (issue 17), by title; the routes admit admins only. */
export async function listSavedReplies(deps: Deps): Promise<SavedReplyListAnswer> {
  const rows = await deps.db
    .select({ id: savedReplies.id, title: savedReplies.title, body: savedReplies.body })
    .from(savedReplies)
    .orderBy(asc(savedReplies.title), asc(savedReplies.id));
  return { saved_replies: rows };
}

export async function createSavedReply(
  deps: Deps,
  input: SavedReplyBody & { authorId: number },
): Promise<SavedReply> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(savedReplies)
    .values({
      title: input.title,
      body: input.body,
      createdBy: input.authorId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: savedReplies.id, title: savedReplies.title, body: savedReplies.body });
  if (!row) throw new Error('saved reply not stored');
  return row;
}

/** Changes the title, the body or both; an unknown id is 404. */
export async function updateSavedReply(
  deps: Deps,
  input: SavedReplyPatch & { id: number },
): Promise<SavedReply> {
  const [row] = await deps.db
    .update(savedReplies)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
      updatedAt: deps.clock.now(),
    })
    .where(eq(savedReplies.id, input.id))
    .returning({ id: savedReplies.id, title: savedReplies.title, body: savedReplies.body });
  if (!row) throw notFound();
  return row;
}

export async function deleteSavedReply(deps: Deps, id: number): Promise<void> {
  const removed = await deps.db
    .delete(savedReplies)
    .where(eq(savedReplies.id, id))
    .returning({ id: savedReplies.id });
  if (!removed.length) throw notFound();
}
