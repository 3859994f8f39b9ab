import { FILE_TOO_LARGE_MESSAGE } from '~/lib/error-messages';
import { useObjectUrl } from '../hooks/use-object-url';
import { formatFileSize } from '../lib/attachments';
import { isImageFile, isTooLarge } from '../lib/file-rules';
import { CloseIcon, FileIcon } from './icons';

/** Stable React keys for attached files (two picks of the same file are different entries). */
const fileKeys = new WeakMap<File, string>();
let nextFileKey = 0;
export function fileKey(file: File): string {
  let key = fileKeys.get(file);
  if (!key) {
    nextFileKey += 1;
    key = `file-${nextFileKey}`;
    fileKeys.set(file, key);
  }
  return key;
}

/** An attached, not yet sent file: a thumbnail for images, its name, size and a remove button. */
export function FilePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const previewUrl = useObjectUrl(file, isImageFile(file));
  const tooLarge = isTooLarge(file);

  return (
    <li
      data-testid="file-preview"
      className={`relative flex w-28 flex-col overflow-hidden rounded-xl border bg-white text-xs dark:bg-slate-800 ${
        tooLarge ? 'border-red-500' : 'border-slate-300 dark:border-white/15'
      }`}
    >
      {previewUrl ? (
        <img src={previewUrl} alt="" className="h-20 w-full object-cover" />
      ) : (
        <span className="flex h-20 items-center justify-center text-slate-500 dark:text-slate-400">
          <FileIcon className="size-8" />
        </span>
      )}
      <span
        className="truncate px-2 pt-1 font-medium text-slate-800 dark:text-slate-100"
        title={file.name}
      >
        {file.name}
      </span>
      <span
        className={`px-2 pb-1.5 ${tooLarge ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {formatFileSize(file.size)}
        {tooLarge && ` — ${FILE_TOO_LARGE_MESSAGE}, nie zostanie wysłany`}
      </span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Usuń plik ${file.name}`}
        className="cursor-target absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-slate-950/70 text-white transition hover:bg-slate-950"
      >
        <CloseIcon />
      </button>
    </li>
  );
}
