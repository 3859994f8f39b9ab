import type { TotpSetupAnswer } from '@studio/shared/totp';
import { lazy, Suspense } from 'react';
import { useConfirmTotp } from '../api/totp-confirm';
import { AppCodeConfirmForm } from './app-code-confirm-form';

// The QR library is a third of the profile's own code and only this panel draws a code:
// it is fetched when set-up starts (with the server's answer), shown in a box of the code's
// size until then, so nothing moves.
export const loadTotpQrCode = () => import('./totp-qr-code');
const TotpQrCode = lazy(() => loadTotpQrCode().then((m) => ({ default: m.TotpQrCode })));
const QR_LOADING = (
  <p
    role="status"
    className="grid h-48 w-48 shrink-0 place-items-center rounded-lg bg-white p-4 text-center text-sm text-slate-600"
  >
    Ładowanie kodu QR…
  </p>
);

/** Groups of four letters read and type more easily than 32 in a row. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Set-up: scan the QR code (or type the secret), then confirm with the
 * app's first code; the answer is the recovery codes.
 */
export function TotpSetupPanel({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TotpSetupAnswer;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const confirmTotp = useConfirmTotp();
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>
          Zeskanuj kod QR w aplikacji uwierzytelniającej (np. Google Authenticator, Microsoft
          Authenticator, 2FAS, Aegis).
        </li>
        <li>Albo wpisz w niej ręcznie klucz podany niżej.</li>
        <li>Wpisz 6-cyfrowy kod, który pokaże aplikacja.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Suspense fallback={QR_LOADING}>
          <TotpQrCode url={setup.otpauth_url} />
        </Suspense>
        <div className="min-w-0 space-y-1">
          <p
            id="totp-secret-label"
            className="text-sm font-medium text-slate-700 dark:text-slate-300"
          >
            Klucz do wpisania ręcznie
          </p>
          <code
            data-testid="totp-secret"
            className="block break-all rounded-lg bg-slate-900/5 px-3 py-2 font-mono text-base text-slate-900 dark:bg-white/10 dark:text-white"
          >
            {grouped(setup.secret)}
          </code>
        </div>
      </div>
      <AppCodeConfirmForm
        label="Potwierdzenie aplikacji uwierzytelniającej"
        submitLabel="Włącz"
        confirm={async (code) => {
          const { recovery_codes } = await confirmTotp(code);
          onConfirmed(recovery_codes);
        }}
        onCancel={onCancel}
      />
    </div>
  );
}
