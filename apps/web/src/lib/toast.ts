import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Message = Parameters<typeof sonnerToast.success>[0];

/*
 * sonner's `toast`, without sonner in the scripts of every screen that may show
 * one (8 KB compressed on /profile and the Kontakt screens): the toaster
 * (app/toaster.tsx) fetches the module after hydration, and a toast is only
 * ever shown after the visitor did something, so by then it is there. A toast
 * called earlier waits for the module; toasts keep the order they were called in.
 */
function show(kind: 'success' | 'error', message: Message, options?: ExternalToast) {
  void import('sonner').then(({ toast }) => toast[kind](message, options));
}

export const toast = {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
};
