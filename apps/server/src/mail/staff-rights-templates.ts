import { footer, layout } from './templates';
import type { MailMessage } from './transport';

/**
 * Polish notices to the person whose staff rights changed (issue 31), written
 * without grammatical gender: the reader may be anyone.
 */

function rightsMail(to: string, subject: string, paragraphs: string[], link: string): MailMessage {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${link}${footer}`,
    html: layout(subject, paragraphs, { text: 'Otwórz Kontakt', href: link }),
  };
}

export const STAFF_RIGHTS_SUBJECTS = {
  granted: 'Nadano Ci uprawnienia zespołu',
  revoked: 'Odebrano Ci uprawnienia zespołu',
} as const;

export const staffRightsMails = {
  granted: (to: string, input: { by: string | null; contactUrl: string }) =>
    rightsMail(
      to,
      STAFF_RIGHTS_SUBJECTS.granted,
      [
        input.by
          ? `${input.by} nadaje Ci uprawnienia zespołu w Kontakcie: widzisz teraz wszystkie zgłoszenia klientów i możesz na nie odpowiadać.`
          : 'Nadano Ci uprawnienia zespołu w Kontakcie: widzisz teraz wszystkie zgłoszenia klientów i możesz na nie odpowiadać.',
        'Powiadomienia o nowych zgłoszeniach ustawisz w profilu, w części „Powiadomienia o zgłoszeniach”. Jeśli to pomyłka, daj znać administratorowi.',
      ],
      input.contactUrl,
    ),
  revoked: (to: string, input: { by: string | null; contactUrl: string }) =>
    rightsMail(
      to,
      STAFF_RIGHTS_SUBJECTS.revoked,
      [
        input.by
          ? `${input.by} odbiera Ci uprawnienia zespołu w Kontakcie: od teraz widzisz tylko własne zgłoszenia.`
          : 'Odebrano Ci uprawnienia zespołu w Kontakcie: od teraz widzisz tylko własne zgłoszenia.',
        'Twoje konto i zgłoszenia pozostają bez zmian. Jeśli to pomyłka, daj znać administratorowi.',
      ],
      input.contactUrl,
    ),
};
