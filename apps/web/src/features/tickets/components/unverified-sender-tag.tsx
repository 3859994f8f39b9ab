/** Said in words on the tag, and in full in its tooltip and to screen readers. */
export const UNVERIFIED_SENDER_LABEL = 'nadawca niepotwierdzony';
export const UNVERIFIED_SENDER_EXPLANATION =
  'Ta wiadomość przyszła e-mailem, ale serwer poczty nie potwierdził, że wysłał ją właściciel adresu nadawcy — adres w polu „Od” mógł zostać podrobiony. Zanim zmienisz coś na koncie klienta na jej podstawie, potwierdź prośbę innym kanałem.';

/**
 * Above a message that came by e-mail whose sender's address could not be
 * confirmed (docs/email.md). Staff only: the server sends the mark to staff alone.
 */
export function UnverifiedSenderTag() {
  return (
    <p
      data-testid="unverified-sender-tag"
      title={UNVERIFIED_SENDER_EXPLANATION}
      className="mb-1 inline-flex items-center gap-1 rounded border border-red-300 bg-red-50 px-1.5 py-0.5 text-[0.7rem] font-semibold text-red-900 dark:border-red-300/40 dark:bg-red-400/10 dark:text-red-200"
    >
      {UNVERIFIED_SENDER_LABEL}
      <span className="sr-only">: {UNVERIFIED_SENDER_EXPLANATION}</span>
    </p>
  );
}
