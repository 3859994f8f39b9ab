import type { ImapFlow } from 'imapflow';
import { notFound } from '../../../lib/errors';
import { announceSetAside } from './announce';
import { oneAtATime, type StaffFolderDeps, uidOf, withStaffFolder } from './staff-folder';

/** The mailbox's trash: the folder marked `\Trash` (RFC 6154), else one named Trash. */
async function trashFolder(client: ImapFlow): Promise<string> {
  const folders = await client.list();
  const marked = folders.find((f) => f.specialUse === '\\Trash');
  return marked?.path ?? (await client.mailboxCreate('Trash')).path;
}

/**
 * `DELETE /api/admin/mailbox/:id` (DESIGN §7.1): the mail goes to the
 * mailbox's trash, where the mail program (and its own clean-up) takes it
 * from there; nothing is ever deleted from the mailbox here.
 */
export async function trashSetAsideMail(deps: StaffFolderDeps, id: string): Promise<void> {
  await oneAtATime(id, () =>
    withStaffFolder(deps, async (folder) => {
      const uid = uidOf(folder, id);
      const there = await folder.client.fetchOne(uid, { uid: true }, { uid: true });
      if (there === false) throw notFound();
      await folder.client.messageMove(uid, await trashFolder(folder.client), { uid: true });
      await announceSetAside(deps, folder.client, folder.path);
    }),
  );
}
