/**
 * Inline result of a form. Errors use role="alert" (announced at once),
 * confirmations role="status" (announced politely). The live region is always
 * rendered, so screen readers notice when text appears in it.
 */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  return (
    <div role="alert" id={id} className={message ? 'mt-4' : 'sr-only'}>
      {message ? (
        <p className="rounded-lg border border-red-600/40 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:border-red-400/40 dark:bg-red-950/60 dark:text-red-200">
          {message}
        </p>
      ) : null}
    </div>
  );
}

export function FormStatus({ message, id }: { message: string | null; id?: string }) {
  return (
    <div role="status" id={id} className={message ? 'mt-4' : 'sr-only'}>
      {message ? (
        <p className="rounded-lg border border-emerald-600/40 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 dark:border-emerald-400/40 dark:bg-emerald-950/60 dark:text-emerald-200">
          {message}
        </p>
      ) : null}
    </div>
  );
}
