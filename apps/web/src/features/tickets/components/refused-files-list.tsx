import { FILE_TOO_LARGE_MESSAGE } from '~/lib/error-messages';
import { countOf } from '~/lib/plural';
import { MAX_FILES_PER_MESSAGE, type RefusalReason, type RefusedFile } from '../lib/file-rules';
import { CloseIcon } from './icons';

const FILES = { one: 'plik', few: 'pliki', many: 'plików' };
const megabytes = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toLocaleString('pl-PL', { maximumFractionDigits: 1 })} MB`;

export function refusalText(reason: RefusalReason, file: { size: number }): string {
  switch (reason) {
    case 'type':
      return 'nieobsługiwany typ pliku';
    case 'size':
      // SPEC.md §5's own words, then the file's size.
      return `${FILE_TOO_LARGE_MESSAGE} (ten ma ${megabytes(file.size)})`;
    case 'count':
      return `ponad limit — najwyżej ${countOf(MAX_FILES_PER_MESSAGE, FILES)} w wiadomości`;
  }
}

/**
 * Files the composer did not attach, each with its reason and a button to
 * take it off the list (issue 18). While any is listed the message waits.
 */
export function RefusedFilesList({
  id,
  refused,
  onRemove,
}: {
  id: string;
  refused: readonly RefusedFile<File>[];
  onRemove: (index: number) => void;
}) {
  if (refused.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      data-testid="refused-files"
      className="mb-3 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400/40 dark:bg-red-500/10 dark:text-red-100"
    >
      <p className="font-medium">
        {refused.length === 1 ? 'Tego pliku nie można dołączyć' : 'Tych plików nie można dołączyć'}.
        Usuń {refused.length === 1 ? 'go' : 'je'} z listy, aby wysłać wiadomość.
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {refused.map(({ file, reason }, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be refused twice
          <li key={`${file.name}-${index}`} className="flex items-center gap-2">
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
              <span className="font-medium">{file.name}</span> — {refusalText(reason, file)}
            </span>
            <button
              type="button"
              onClick={() => onRemove(index)}
              aria-label={`Usuń ${file.name} z listy`}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg hover:bg-red-100 focus-visible:outline-2 dark:hover:bg-red-500/20"
            >
              <CloseIcon className="size-4" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
