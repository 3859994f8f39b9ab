import { RETRY_LABEL } from '../lib/messages';
import { secondaryButtonClass } from './styles';

/** A failed load in a panel or dialog: what failed, and a retry. */
export function LoadError({
  message,
  onRetry,
  className = 'mt-3',
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={`${className} text-sm text-red-800 dark:text-red-200`}>
      <p>{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className={`${secondaryButtonClass} mt-2 min-h-9 py-1`}
      >
        {RETRY_LABEL}
      </button>
    </div>
  );
}
