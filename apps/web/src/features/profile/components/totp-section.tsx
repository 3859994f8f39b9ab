import type { TotpSetupAnswer } from '@studio/shared/totp';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError, FormStatus } from '~/components/form/form-message';
import { dangerButtonClass, secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { useGuardedAction } from '~/components/form/use-guarded-action';
import { errorMessage } from '~/lib/error-messages';
import { plural } from '~/lib/plural';
import { regenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { securityStatusKey, useSecurityStatus } from '../api/security-status';
import { disableTotp } from '../api/totp-disable';
import { useSetupTotp } from '../api/totp-setup';
import { AppCodeConfirmForm } from './app-code-confirm-form';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { loadTotpQrCode, TotpSetupPanel } from './totp-setup-panel';

type Panel =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TotpSetupAnswer }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'regenerate' };

const codesLeftText = (left: number) =>
  `${plural(left, { one: 'Został', few: 'Zostały', many: 'Zostało' })} ${left} ${plural(left, {
    one: 'kod zapasowy',
    few: 'kody zapasowe',
    many: 'kodów zapasowych',
  })}.`;

/** „Aplikacja uwierzytelniająca”: set-up with a QR code, recovery codes, turning it off. */
export function TotpSection() {
  const status = useSecurityStatus();
  const queryClient = useQueryClient();
  const setupAction = useGuardedAction();
  const setupTotp = useSetupTotp();
  const [panel, setPanel] = useState<Panel>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityStatusKey });
  const isOn = status.data?.totp_enabled === true;

  const onSetup = () =>
    void setupAction.run(async () => {
      setError(null);
      setNotice(null);
      void loadTotpQrCode();
      try {
        setPanel({ kind: 'setup', setup: await setupTotp() });
      } catch (cause) {
        setError(errorMessage('profile', cause));
      }
    });

  const showCodes = async (codes: string[]) => {
    setPanel({ kind: 'codes', codes });
    await refresh();
  };

  return (
    <div className="space-y-3">
      <h2 id="totp-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Aplikacja uwierzytelniająca
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {isOn
          ? 'Włączona: przy logowaniu prosimy o kod z aplikacji w telefonie.'
          : 'Kod z aplikacji w telefonie (np. Google Authenticator, 2FAS) chroni konto lepiej niż kod wysyłany emailem.'}
      </p>
      {isOn && status.data ? (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="recovery-codes-left">
          {codesLeftText(status.data.recovery_codes_left)}
        </p>
      ) : null}

      {panel.kind === 'setup' ? (
        <TotpSetupPanel
          setup={panel.setup}
          onConfirmed={(codes) => void showCodes(codes)}
          onCancel={() => setPanel({ kind: 'idle' })}
        />
      ) : panel.kind === 'codes' ? (
        <RecoveryCodesPanel codes={panel.codes} onDone={() => setPanel({ kind: 'idle' })} />
      ) : panel.kind === 'disable' ? (
        <AppCodeConfirmForm
          label="Wyłączenie aplikacji uwierzytelniającej"
          intro={
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Potwierdź kodem z aplikacji. Kody zapasowe przestaną działać.
            </p>
          }
          submitLabel="Wyłącz"
          confirm={async (code) => {
            await disableTotp(code);
            setPanel({ kind: 'idle' });
            setNotice('Aplikacja uwierzytelniająca wyłączona');
            await refresh();
          }}
          onCancel={() => setPanel({ kind: 'idle' })}
        />
      ) : panel.kind === 'regenerate' ? (
        <AppCodeConfirmForm
          label="Nowe kody zapasowe"
          intro={
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Potwierdź kodem z aplikacji. Dotychczasowe kody zapasowe przestaną działać.
            </p>
          }
          submitLabel="Wygeneruj nowe kody"
          confirm={async (code) => showCodes((await regenerateRecoveryCodes(code)).recovery_codes)}
          onCancel={() => setPanel({ kind: 'idle' })}
        />
      ) : isOn ? (
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            onClick={() => setPanel({ kind: 'regenerate' })}
            className={secondaryButtonClass}
          >
            Nowe kody zapasowe
          </button>
          <button
            type="button"
            onClick={() => setPanel({ kind: 'disable' })}
            className={dangerButtonClass}
          >
            Wyłącz aplikację
          </button>
        </div>
      ) : status.data ? (
        <PendingButton
          type="button"
          isPending={setupAction.isPending}
          pendingLabel="Przygotowywanie…"
          onClick={onSetup}
          className={secondaryButtonClass}
        >
          Skonfiguruj aplikację
        </PendingButton>
      ) : null}
      <FormStatus message={notice} />
      <FormError
        message={error ?? (status.isError ? errorMessage('profile', status.error) : null)}
      />
    </div>
  );
}
