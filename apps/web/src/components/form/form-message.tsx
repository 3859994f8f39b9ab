/**
 * Inline result of a form. Errors use role="alert" (announced at once),
 * confirmations role="status" (announced politely). The live region is always
 * rendered, so screen readers notice when text appears in it.
 */
const TONES = {
  alert:
    'rounded-lg border border-red-600/40 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:border-red-400/40 dark:bg-red-950/60 dark:text-red-200',
  status:
    'rounded-lg border border-emerald-600/40 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 dark:border-emerald-400/40 dark:bg-emerald-950/60 dark:text-emerald-200',
} as const;

interface MessageProps {
  message: string | null;
  id?: string;
}

function LiveMessage({ role, message, id }: MessageProps & { role: keyof typeof TONES }) {
  return (
    <div role={role} id={id} className={message ? 'mt-4' : 'sr-only'}>
      {message ? <p className={TONES[role]}>{message}</p> : null}
    </div>
  );
}

export function FormError(props: MessageProps) {
  return <LiveMessage role="alert" {...props} />;
}

export function FormStatus(props: MessageProps) {
  return <LiveMessage role="status" {...props} />;
}
