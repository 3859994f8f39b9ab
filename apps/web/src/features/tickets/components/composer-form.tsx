import { ACCEPTED_EXTENSIONS_LABEL } from '@studio/shared/file-types';
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
  useId,
  useRef,
  useState,
} from 'react';
import { sendShortcutLabel } from '../hooks/use-send-shortcut';
import { ACCEPT_ATTRIBUTE, MAX_FILES_PER_MESSAGE, type RefusedFile } from '../lib/file-rules';
import { FilePreview, fileKey } from './file-preview';
import { PaperclipIcon, SendIcon } from './icons';
import { isOverLimit, LengthCounter, OverLimitMark } from './length-counter';
import { NOTE_PLACEHOLDER, noteFormClass } from './note-style';
import { RefusedFilesList } from './refused-files-list';
import { iconButtonClass, primaryButtonClass, secondaryButtonClass } from './styles';
import { UploadProgress } from './upload-progress';

interface ComposerFormProps {
  /** The draft's form creates the ticket; its texts say so. */
  isDraft: boolean;
  textareaRef: Ref<HTMLTextAreaElement>;
  body: string;
  onBodyChange: (body: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
  files: readonly File[];
  onPickFiles: (files: File[]) => void;
  onRemoveFile: (index: number) => void;
  /** Files not attached, with their reasons; sending waits until the list is empty. */
  refused: readonly RefusedFile<File>[];
  onRemoveRefused: (index: number) => void;
  error: string | null;
  isSending: boolean;
  /** 0..1 while files upload, null otherwise. */
  progress: number | null;
  canSubmit: boolean;
  onSubmit: () => void;
  /** Staff on an open ticket: send, then close it or open the next one (issue 31). */
  onSubmitThen?: (after: 'close' | 'next') => void;
  /** Staff's internal note: yellow, and every text says the customer will not see it. */
  isNote?: boolean;
}

/** The message input as the writer sees it: files, text, errors, progress and the send button. */
export function ComposerForm({
  isDraft,
  textareaRef,
  body,
  onBodyChange,
  onKeyDown,
  onPaste,
  files,
  onPickFiles,
  onRemoveFile,
  refused,
  onRemoveRefused,
  error,
  isSending,
  progress,
  canSubmit,
  onSubmit,
  onSubmitThen,
  isNote = false,
}: ComposerFormProps) {
  const fileInputRef = useRef<HTMLInputElement>(null);
  const bodyId = useId();
  const hintId = useId();
  const errorId = useId();
  const counterId = useId();
  const refusedId = useId();
  const [scrollTop, setScrollTop] = useState(0);
  const overLimit = isOverLimit(body);
  const shortcut = sendShortcutLabel();
  const describedBy = [hintId, counterId, refused.length > 0 && refusedId, error && errorId]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      aria-label={isDraft ? 'Nowe zgłoszenie' : isNote ? 'Notatka wewnętrzna' : 'Odpowiedź'}
      data-note={isNote || undefined}
      className={`border-t p-3 sm:p-4 ${isNote ? noteFormClass : 'border-slate-200 dark:border-white/10'}`}
    >
      {files.length > 0 && (
        <ul aria-label="Załączone pliki" className="mb-3 flex flex-wrap gap-2">
          {files.map((file, index) => (
            <FilePreview key={fileKey(file)} file={file} onRemove={() => onRemoveFile(index)} />
          ))}
        </ul>
      )}

      <RefusedFilesList id={refusedId} refused={refused} onRemove={onRemoveRefused} />

      <label htmlFor={bodyId} className="sr-only">
        {isDraft ? 'Opisz swoją sprawę' : isNote ? 'Treść notatki wewnętrznej' : 'Treść wiadomości'}
      </label>
      {/* The field is transparent over this box, so the over-limit mark behind it shows. */}
      <div className="relative rounded-xl bg-white dark:bg-slate-950/70">
        <OverLimitMark body={body} scrollTop={scrollTop} />
        <textarea
          id={bodyId}
          ref={textareaRef}
          value={body}
          onChange={(event) => onBodyChange(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
          rows={3}
          placeholder={
            isDraft ? 'Opisz swoją sprawę…' : isNote ? NOTE_PLACEHOLDER : 'Napisz wiadomość…'
          }
          aria-describedby={describedBy}
          aria-invalid={error || overLimit ? true : undefined}
          // No maxLength: pasted text is never cut; what is too long is marked and counted.
          className={`relative block max-h-60 min-h-20 w-full resize-y rounded-xl border bg-transparent ${overLimit ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-white/25'} px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 hover:border-slate-500 dark:text-white dark:placeholder:text-slate-400`}
        />
      </div>
      <LengthCounter id={counterId} body={body} />

      {error && (
        <p
          id={errorId}
          role="alert"
          className="mt-2 text-sm font-medium text-red-700 dark:text-red-300"
        >
          {error}
        </p>
      )}

      {isSending && progress !== null && <UploadProgress fraction={progress} />}

      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-1">
          <input
            ref={fileInputRef}
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="file-input"
            onChange={(event) => {
              onPickFiles(Array.from(event.target.files ?? []));
              // The same file can be chosen again after removing it.
              event.target.value = '';
            }}
          />
          <button
            type="button"
            onClick={() => fileInputRef.current?.click()}
            disabled={isSending || files.length >= MAX_FILES_PER_MESSAGE}
            className={iconButtonClass}
            aria-label="Dołącz pliki"
            aria-describedby={hintId}
          >
            <PaperclipIcon />
          </button>
          <p id={hintId} className="min-w-0 text-xs text-slate-600 dark:text-slate-400">
            Do {MAX_FILES_PER_MESSAGE} plików po 8 MB
            {/* On a phone the list of types is read out, not shown: „Wyślij” stays on this line. */}
            <span className="sr-only sm:not-sr-only">: {ACCEPTED_EXTENSIONS_LABEL}</span>.
            <span className="hidden sm:inline"> Enter to nowa linia, {shortcut} wysyła.</span>
          </p>
        </div>
        {onSubmitThen ? (
          <div className="ml-auto flex flex-wrap justify-end gap-1.5">
            <button
              type="button"
              onClick={() => onSubmitThen('close')}
              disabled={!canSubmit || isSending}
              aria-keyshortcuts="Control+Shift+Enter Meta+Shift+Enter"
              title={`Wyślij i zamknij (${shortcut.replace('Enter', 'Shift+Enter')})`}
              className={secondaryButtonClass}
            >
              Wyślij i zamknij
            </button>
            <button
              type="button"
              onClick={() => onSubmitThen('next')}
              disabled={!canSubmit || isSending}
              aria-keyshortcuts="Control+Alt+Enter Meta+Alt+Enter"
              title={`Wyślij i następne (${shortcut.replace('Enter', 'Alt+Enter')})`}
              className={secondaryButtonClass}
            >
              Wyślij i następne
            </button>
          </div>
        ) : null}
        <button
          type="submit"
          disabled={!canSubmit || isSending}
          aria-disabled={isSending || undefined}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          title={`Wyślij (${shortcut})`}
          className={`${primaryButtonClass} shrink-0`}
        >
          <SendIcon className="size-4" />
          {isSending
            ? 'Wysyłanie…'
            : isDraft
              ? 'Utwórz zgłoszenie'
              : isNote
                ? 'Dodaj notatkę'
                : 'Wyślij'}
        </button>
      </div>
    </form>
  );
}
