import type { PushPayload } from '@studio/shared/push';

/** What happened in the ticket, from the recipient's side. */
export type TicketPushKind = 'answer' | 'message' | 'new_ticket';

/**
 * The notification for one ticket message (DESIGN.md §7.11): the ticket's
 * studio-wide number, the one the e-mails and screens give (DESIGN.md §7.9), never the
 * message's text, the subject or anyone's name, so a locked phone shows no
 * customer data. `tag` makes a newer push for the ticket replace the older one.
 */
export function ticketPushPayload(input: {
  ticketId: number;
  number: number;
  kind: TicketPushKind;
}): PushPayload {
  const { ticketId, number, kind } = input;
  const wording = {
    answer: {
      title: `Nowa odpowiedź w zgłoszeniu #${number}`,
      body: 'Otwórz Kontakt, aby ją przeczytać.',
    },
    message: {
      title: `Nowa wiadomość w zgłoszeniu #${number}`,
      body: 'Otwórz Kontakt, aby ją przeczytać.',
    },
    new_ticket: { title: `Nowe zgłoszenie #${number}`, body: 'Otwórz Kontakt, aby je przeczytać.' },
  }[kind];
  return { ...wording, url: `/contact?ticket=${ticketId}`, tag: `ticket-${ticketId}` };
}

/** „Wyślij powiadomienie próbne” in the profile: proves the device gets pushes. */
export const TEST_PUSH_PAYLOAD: PushPayload = {
  title: 'Powiadomienie próbne',
  body: 'Powiadomienia na tym urządzeniu działają.',
  url: '/profile',
  tag: 'push-test',
};
