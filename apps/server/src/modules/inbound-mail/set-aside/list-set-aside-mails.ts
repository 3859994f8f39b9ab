import { MAILBOX_LIST_MAX, type MailboxListAnswer, type MailboxMail } from '@studio/shared/mailbox';
import { reasonFromFlags } from './reasons';
import { mailId, type StaffFolderDeps, withStaffFolder } from './staff-folder';

/**
 * `GET /api/admin/mailbox`: the newest MAILBOX_LIST_MAX mails of the staff
 * folder, newest first, read from the mailbox itself (envelope, flags, size:
 * never the bodies), with how many there are in all.
 */
export async function listSetAsideMails(deps: StaffFolderDeps): Promise<MailboxListAnswer> {
  if (!deps.config.imapUrl) return { mails: [], total: 0, configured: false };
  return withStaffFolder(deps, async (folder) => {
    const total = folder.client.mailbox ? folder.client.mailbox.exists : 0;
    if (total === 0) return { mails: [], total: 0, configured: true };
    const first = Math.max(1, total - MAILBOX_LIST_MAX + 1);
    const mails: Array<MailboxMail & { uid: number }> = [];
    for await (const message of folder.client.fetch(`${first}:*`, {
      uid: true,
      envelope: true,
      flags: true,
      internalDate: true,
      size: true,
    })) {
      const sender = message.envelope?.from?.[0];
      const received = message.internalDate ?? message.envelope?.date;
      mails.push({
        uid: message.uid,
        id: mailId(folder, message.uid),
        from: sender?.address || null,
        from_name: sender?.name || null,
        subject: message.envelope?.subject ?? '',
        date: new Date(received ?? 0).toISOString(),
        reason: reasonFromFlags(message.flags ?? []),
        size: message.size ?? 0,
      });
    }
    mails.sort((a, b) => b.date.localeCompare(a.date) || b.uid - a.uid);
    return { mails: mails.map(({ uid: _uid, ...mail }) => mail), total, configured: true };
  });
}
