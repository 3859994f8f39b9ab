import { useId, useState } from 'react';
import { Dialog } from '~/components/dialog';
import { type Attachment, formatFileSize } from '../lib/attachments';
import { CloseIcon, DownloadIcon, FileIcon } from './icons';
import { iconButtonClass, secondaryButtonClass } from './styles';

/**
 * Who sent the file decides its look: the reader's own files, files from
 * another admin (SPEC.md §2 "the file styling differs for messages from other
 * admins") and files from the customer.
 */
export type AttachmentTone = 'own' | 'otherAdmin' | 'customer';

const toneClass: Record<AttachmentTone, string> = {
  own: 'border-blue-300 bg-blue-50 text-blue-900 hover:bg-blue-100 dark:border-blue-300/30 dark:bg-blue-400/10 dark:text-blue-100 dark:hover:bg-blue-400/20',
  otherAdmin:
    'border-amber-400 bg-amber-50 text-amber-900 hover:bg-amber-100 dark:border-amber-300/40 dark:bg-amber-400/10 dark:text-amber-100 dark:hover:bg-amber-400/20',
  customer:
    'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-white/15 dark:bg-white/5 dark:text-slate-100 dark:hover:bg-white/10',
};

const imageFrameClass: Record<AttachmentTone, string> = {
  own: 'border-blue-300 dark:border-blue-300/30',
  otherAdmin: 'border-amber-400 ring-2 ring-amber-400/40 dark:border-amber-300/50',
  customer: 'border-slate-300 dark:border-white/15',
};

function ImageAttachment({ file, tone }: { file: Attachment; tone: AttachmentTone }) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleId = useId();

  if (failed) {
    // The thumbnail could not load (removed file, expired session): still offer the link.
    return <FileAttachment file={file} tone={tone} />;
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-tone={tone}
        className={`cursor-target block overflow-hidden rounded-xl border bg-slate-100 transition hover:opacity-90 dark:bg-slate-800 ${imageFrameClass[tone]}`}
      >
        <img
          src={file.thumbnailUrl ?? file.url}
          alt={`Załącznik: ${file.filename}`}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="h-28 w-36 object-cover sm:h-32 sm:w-44"
        />
        <span className="sr-only">, powiększ</span>
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={titleId}
        className="flex w-full max-w-5xl flex-col"
      >
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2 dark:border-white/10">
          <h2 id={titleId} className="min-w-0 truncate text-base font-semibold">
            {file.filename}
          </h2>
          <div className="flex shrink-0 items-center gap-2">
            <a
              href={file.url}
              download={file.filename}
              className={`${secondaryButtonClass} min-h-10`}
            >
              <DownloadIcon />
              Pobierz
            </a>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className={iconButtonClass}
              aria-label="Zamknij podgląd"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
        </div>
        <div className="flex min-h-0 items-center justify-center bg-slate-950/90 p-2">
          <img
            src={file.url}
            alt={file.filename}
            className="max-h-[80dvh] w-auto max-w-full object-contain"
          />
        </div>
      </Dialog>
    </>
  );
}

function FileAttachment({ file, tone }: { file: Attachment; tone: AttachmentTone }) {
  return (
    <a
      href={file.url}
      download={file.filename}
      data-tone={tone}
      className={`cursor-target inline-flex max-w-full items-center gap-2 rounded-xl border px-3 py-2 text-sm transition ${toneClass[tone]}`}
    >
      <FileIcon className="size-5 shrink-0" />
      <span className="min-w-0">
        <span className="block truncate font-medium">{file.filename}</span>
        {file.size > 0 && <span className="block text-xs">{formatFileSize(file.size)}</span>}
      </span>
      <DownloadIcon className="size-4 shrink-0" />
      <span className="sr-only">(pobierz)</span>
    </a>
  );
}

export function AttachmentList({
  files,
  tone,
}: {
  files: readonly Attachment[];
  tone: AttachmentTone;
}) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Załączniki" className="mt-2 flex flex-wrap gap-2">
      {files.map((file) => (
        <li key={file.id} className="max-w-full">
          {file.isImage ? (
            <ImageAttachment file={file} tone={tone} />
          ) : (
            <FileAttachment file={file} tone={tone} />
          )}
        </li>
      ))}
    </ul>
  );
}
