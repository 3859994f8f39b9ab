import { INQUIRY_MIN_FILL_MS, INQUIRY_NAME_MAX } from '@studio/shared/inquiries';
import { MESSAGE_BODY_MAX } from '@studio/shared/limits';
import { useRef, useState } from 'react';
import { useFormSubmit } from '~/components/form/use-form-submit';
import {
  collectErrors,
  emailError,
  REQUIRED_MESSAGE,
  TERMS_MESSAGE,
} from '~/lib/account-validation';
import { sendInquiry } from '../api/send-inquiry';

export type InquiryField = 'name' | 'email' | 'body' | 'acceptTerms';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * „Napisz do nas bez konta”: the fields, their Polish checks, and the send.
 * The form keeps the minimum fill time (DESIGN.md §7.6): a send sooner than
 * that waits out the rest, and the time the form was open goes with it, so a
 * script that posts at once is dropped by the server. `website` is the
 * honeypot, which people never see.
 */
export function useInquiryForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [body, setBody] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [website, setWebsite] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const openedAt = useRef(Date.now());

  const form = useFormSubmit<InquiryField>({
    errorScreen: 'inquiry',
    focusFirstInvalid: true,
    validate: () =>
      collectErrors<InquiryField>({
        name: !name.trim()
          ? REQUIRED_MESSAGE
          : name.trim().length > INQUIRY_NAME_MAX
            ? `Imię i nazwisko może mieć najwyżej ${INQUIRY_NAME_MAX} znaków`
            : null,
        email: emailError(email),
        body: !body.trim()
          ? REQUIRED_MESSAGE
          : body.trim().length > MESSAGE_BODY_MAX
            ? `Wiadomość może mieć najwyżej ${MESSAGE_BODY_MAX.toLocaleString('pl-PL')} znaków (teraz ${body.trim().length.toLocaleString('pl-PL')})`
            : null,
        acceptTerms: acceptTerms ? null : TERMS_MESSAGE,
      }),

    submit: async () => {
      const elapsed = Date.now() - openedAt.current;
      if (elapsed < INQUIRY_MIN_FILL_MS) await wait(INQUIRY_MIN_FILL_MS - elapsed);
      await sendInquiry({
        name: name.trim(),
        email: email.trim(),
        body,
        accept_terms: true,
        website,
        form_ms: Date.now() - openedAt.current,
      });
      setSentTo(email.trim());
    },
  });

  return {
    values: { name, email, body, acceptTerms, website },
    set: {
      name: setName,
      email: setEmail,
      body: setBody,
      acceptTerms: setAcceptTerms,
      website: setWebsite,
    },
    sentTo,
    ...form,
  };
}
