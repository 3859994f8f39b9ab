import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { isReauthRequired, ReauthCancelledError } from '~/lib/reauth';
import { ReauthDialog } from '../components/reauth-dialog';

/**
 * Runs a change that may need a recent confirmation (DESIGN.md §7.7). When
 * the server answers 403 `reauth_required`, the „Potwierdź hasło” dialog
 * opens; once the password (or the e-mailed code) is confirmed, the whole
 * action runs again from the start — for a passkey that means new options
 * and the browser's prompt again, for the app a new set-up. Closing the
 * dialog rejects with ReauthCancelledError, which screens word through
 * `errorMessage` like any other failure.
 */
export type WithReauth = <T>(action: () => Promise<T>) => Promise<T>;

/** Outside a provider (a section rendered on its own) the action just runs. */
const passThrough: WithReauth = (action) => action();
const ReauthContext = createContext<WithReauth>(passThrough);

/** A confirmation can be asked again after a success, e.g. when the window lapsed meanwhile. */
const MAX_CONFIRMATIONS = 3;

interface Pending {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function ReauthProvider({ children }: { children: ReactNode }) {
  const pending = useRef<Pending | null>(null);
  const [isOpen, setOpen] = useState(false);

  // Two changes refused at once share one dialog and both carry on after it.
  const askForConfirmation = useCallback((): Promise<void> => {
    if (pending.current) return pending.current.promise;
    let resolve: () => void = () => {};
    let reject: (error: unknown) => void = () => {};
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    pending.current = { promise, resolve, reject };
    setOpen(true);
    return promise;
  }, []);

  const settle = (outcome: 'confirmed' | 'cancelled') => {
    const current = pending.current;
    pending.current = null;
    setOpen(false);
    if (outcome === 'confirmed') current?.resolve();
    else current?.reject(new ReauthCancelledError());
  };

  const withReauth = useCallback<WithReauth>(
    async (action) => {
      for (let asked = 0; ; asked += 1) {
        try {
          return await action();
        } catch (error) {
          if (!isReauthRequired(error) || asked >= MAX_CONFIRMATIONS) throw error;
          await askForConfirmation();
        }
      }
    },
    [askForConfirmation],
  );

  return (
    <ReauthContext.Provider value={withReauth}>
      {children}
      <ReauthDialog
        open={isOpen}
        onConfirmed={() => settle('confirmed')}
        onCancel={() => settle('cancelled')}
      />
    </ReauthContext.Provider>
  );
}

/** `withReauth(action)`: the action, with the confirmation dialog in between when needed. */
export function useWithReauth(): WithReauth {
  return useContext(ReauthContext);
}
