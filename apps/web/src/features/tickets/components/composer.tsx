import { MESSAGE_BODY_MAX } from '@studio/shared/limits';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { toast } from 'sonner';
import { isApiError } from '~/lib/api-client';
import { COARSE_POINTER_QUERY, useMediaQuery } from '~/lib/use-media-query';
import { useCreateTicket } from '../api/create-ticket';
import { ticketsQueryKey } from '../api/get-tickets';
import { useSendMessage } from '../api/send-message';
import { formatFileSize } from '../lib/attachments';
import {
  ACCEPT_ATTRIBUTE,
  addFiles,
  addFilesNotices,
  canSend,
  type FileSource,
  filesForSend,
  isImageFile,
  isTooLarge,
  MAX_FILES_PER_MESSAGE,
} from '../lib/file-rules';
import { createIdempotencyKeeper, sendFingerprint } from '../lib/idempotency';
import { sendErrorMessage } from '../lib/messages';
import { DRAFT_TICKET_ID } from '../lib/selection';
import { CloseIcon, FileIcon, PaperclipIcon, SendIcon } from './icons';
import { iconButtonClass, primaryButtonClass } from './styles';

export interface ComposerHandle {
  /** Files dropped anywhere on the page (not size-checked here, SPEC.md §5). */
  addDroppedFiles: (files: File[]) => void;
}

interface ComposerProps {
  ref?: Ref<ComposerHandle>;
  ticketId: number;
  username: string;
  /** Called with the id of the ticket the draft's first message created. */
  onCreated: (ticketId: number) => void;
  onSent: () => void;
  /** Focus the input on mount (the draft's composer is replaced by the new ticket's). */
  autoFocus?: boolean;
}

/** Stable React keys for attached files (two picks of the same file are different entries). */
const fileKeys = new WeakMap<File, string>();
let nextFileKey = 0;
function fileKey(file: File): string {
  let key = fileKeys.get(file);
  if (!key) {
    nextFileKey += 1;
    key = `file-${nextFileKey}`;
    fileKeys.set(file, key);
  }
  return key;
}

function FilePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const isImage = isImageFile(file);
  useEffect(() => {
    if (!isImage) return;
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file, isImage]);
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
        {tooLarge && ' — za duży, nie zostanie wysłany'}
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

/**
 * The message input: text, files from the picker, paste or a page-wide drop,
 * previews, an upload progress bar and clear errors. A send cannot start twice,
 * and every send carries an Idempotency-Key that stays the same while the same
 * content is retried, so a retry after a lost answer never doubles a message.
 */
export function Composer({
  ref,
  ticketId,
  username,
  onCreated,
  onSent,
  autoFocus = false,
}: ComposerProps) {
  const queryClient = useQueryClient();
  const createTicket = useCreateTicket({ username });
  const sendMessage = useSendMessage();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [isSending, setIsSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sendingRef = useRef(false);
  // The latest content, read by `submit`: a second Enter can arrive after a send finished but
  // before React re-rendered, and its handler must not see (and resend) the old text.
  const bodyRef = useRef(body);
  bodyRef.current = body;
  const filesRef = useRef(files);
  filesRef.current = files;
  const [keeper] = useState(() => createIdempotencyKeeper());
  const fileInputRef = useRef<HTMLInputElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const isCoarsePointer = useMediaQuery(COARSE_POINTER_QUERY);
  const bodyId = useId();
  const hintId = useId();
  const errorId = useId();

  const add = (incoming: File[], source: FileSource) => {
    if (sendingRef.current || incoming.length === 0) return;
    const result = addFiles(filesRef.current, incoming, source);
    filesRef.current = result.files;
    setFiles(result.files);
    for (const notice of addFilesNotices(result)) toast.error(notice);
    setError(null);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when this composer appears
  useEffect(() => {
    if (autoFocus) textareaRef.current?.focus();
  }, []);

  useImperativeHandle(ref, () => ({ addDroppedFiles: (dropped) => add(dropped, 'drop') }));

  const isDraft = ticketId === DRAFT_TICKET_ID;
  const sendable = canSend(body, files);

  /** After a confirmed send: forget what was sent, keep anything written or added meanwhile. */
  const clearSent = (text: string, sent: readonly File[]) => {
    keeper.reset();
    if (bodyRef.current.trim() === text) {
      bodyRef.current = '';
      setBody('');
    }
    const rest = filesRef.current.filter((file) => !sent.includes(file));
    filesRef.current = rest;
    setFiles(rest);
  };

  async function submit() {
    const currentFiles = filesRef.current;
    if (sendingRef.current || !canSend(bodyRef.current, currentFiles)) return;
    sendingRef.current = true;
    setIsSending(true);
    setError(null);
    const toSend = filesForSend(currentFiles);
    const text = bodyRef.current.trim();
    setProgress(toSend.length > 0 ? 0 : null);
    const upload = {
      body: text,
      files: toSend,
      idempotencyKey: keeper.keyFor(sendFingerprint(ticketId, text, toSend)),
      onProgress: (p: { fraction: number | null }) => {
        if (p.fraction !== null && toSend.length > 0) setProgress(p.fraction);
      },
    };
    try {
      if (isDraft) {
        const created = await createTicket.mutateAsync(upload);
        clearSent(text, currentFiles);
        onCreated(created.id);
      } else {
        await sendMessage.mutateAsync({ ...upload, ticketId });
        clearSent(text, currentFiles);
      }
      onSent();
      textareaRef.current?.focus();
    } catch (err) {
      setError(sendErrorMessage(err));
      // The ticket was closed meanwhile: refresh so the screen shows it.
      if (isApiError(err) && (err.code === 'ticket_closed' || err.code === 'not_found')) {
        void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
      }
    } finally {
      sendingRef.current = false;
      setIsSending(false);
      setProgress(null);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends and Shift+Enter starts a new line; on touch keyboards Enter is a new line
    // (there is a send button). Ctrl/Cmd+Enter always sends. IME composition is left alone.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const sendKey = event.ctrlKey || event.metaKey || (!event.shiftKey && !isCoarsePointer);
    if (!sendKey) return;
    event.preventDefault();
    void submit();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length === 0) return;
    // Pasting a screenshot must not also insert its file name as text.
    if (!event.clipboardData.getData('text/plain')) event.preventDefault();
    add(pasted, 'paste');
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label={isDraft ? 'Nowe zgłoszenie' : 'Odpowiedź'}
      className="border-t border-slate-200 p-3 sm:p-4 dark:border-white/10"
    >
      {files.length > 0 && (
        <ul aria-label="Załączone pliki" className="mb-3 flex flex-wrap gap-2">
          {files.map((file, index) => (
            <FilePreview
              key={fileKey(file)}
              file={file}
              onRemove={() => {
                const next = files.filter((_, i) => i !== index);
                filesRef.current = next;
                setFiles(next);
                textareaRef.current?.focus();
              }}
            />
          ))}
        </ul>
      )}

      <label htmlFor={bodyId} className="sr-only">
        {isDraft ? 'Opisz swoją sprawę' : 'Treść wiadomości'}
      </label>
      <textarea
        id={bodyId}
        ref={textareaRef}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        rows={3}
        maxLength={MESSAGE_BODY_MAX}
        placeholder={isDraft ? 'Opisz swoją sprawę…' : 'Napisz wiadomość…'}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        className="block max-h-60 min-h-20 w-full resize-y rounded-xl border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 hover:border-slate-500 dark:border-white/25 dark:bg-slate-950/70 dark:text-white dark:placeholder:text-slate-400"
      />

      {error && (
        <p
          id={errorId}
          role="alert"
          className="mt-2 text-sm font-medium text-red-700 dark:text-red-300"
        >
          {error}
        </p>
      )}

      {isSending && progress !== null && (
        <div className="mt-2">
          <div
            role="progressbar"
            aria-label="Wysyłanie plików"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-white/10"
          >
            <div
              className="h-full bg-blue-600 transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
        </div>
      )}

      <div className="mt-2 flex items-center justify-between gap-2">
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
              add(Array.from(event.target.files ?? []), 'picker');
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
            Do {MAX_FILES_PER_MESSAGE} plików po 8 MB: PNG, JPG, JPEG, WEBP, PDF, TXT, ZIP.
            <span className="hidden sm:inline"> Enter wysyła, Shift+Enter to nowa linia.</span>
          </p>
        </div>
        <button
          type="submit"
          disabled={!sendable || isSending}
          aria-disabled={isSending || undefined}
          className={`${primaryButtonClass} shrink-0`}
        >
          <SendIcon className="size-4" />
          {isSending ? 'Wysyłanie…' : isDraft ? 'Utwórz zgłoszenie' : 'Wyślij'}
        </button>
      </div>
    </form>
  );
}
