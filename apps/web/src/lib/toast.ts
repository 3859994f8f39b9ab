import { useSyncExternalStore } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Message = Parameters<typeof sonnerToast.success>[0];

/*
 * sonner's `toast`, without sonner in the scripts of any page that never shows
 * one. The toaster (app/deferred-toaster.tsx) is mounted once the page is idle
 * for a visitor who may be signed in (the screens that toast are theirs), and
 * otherwise at the first toast: a signed-out visitor of the public pages never
 * downloads sonner (9 KB compressed, issue 34). A toast is only ever shown
 * after the visitor did something; one called before the module is there waits
 * for it, toasts keep the order they were called in, and sonner's toaster shows
 * the toasts created before it mounted.
 */
function show(kind: 'success' | 'error', message: Message, options?: ExternalToast) {
  wantToaster();
  void import('sonner').then(({ toast }) => toast[kind](message, options));
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
};

let isToasterWanted = false;
const listeners = new Set<() => void>();

/** Asks for the toaster to be mounted (it stays mounted from then on). */
export function wantToaster() {
  if (isToasterWanted) return;
  isToasterWanted = true;
  for (const notify of listeners) notify();
}

/** Whether a toast was called on this page load, so the toaster must be there. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => isToasterWanted,
    () => false,
  );
}
