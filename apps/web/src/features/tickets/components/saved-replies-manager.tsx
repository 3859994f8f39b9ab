import { SAVED_REPLY_BODY_MAX, SAVED_REPLY_TITLE_MAX } from '@studio/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '~/components/dialog';
import { staffActionErrorMessage } from '~/lib/error-messages';
import { useCreateSavedReply } from '../api/create-saved-reply';
import { useDeleteSavedReply } from '../api/delete-saved-reply';
import { type SavedReply, useSavedReplies } from '../api/get-saved-replies';
import { useUpdateSavedReply } from '../api/update-saved-reply';
import { REPLIES_LOAD_ERROR } from '../lib/messages';
import { LoadError } from './load-error';
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from './styles';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-white/25 dark:bg-slate-950/70 dark:text-white';

/** `null`: the list; `'new'`: adding; a reply: editing it. */
type Editing = null | 'new' | SavedReply;

/** Staff's saved replies: list, add, edit, delete (DESIGN.md §7.2). */
export function SavedRepliesManager({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);
  const replies = useSavedReplies({ enabled: open });
  const remove = useDeleteSavedReply();

  const close = () => {
    setEditing(null);
    setError(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      labelledBy={titleId}
      className="w-full max-w-2xl p-4 sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Zarządzaj gotowymi odpowiedziami
      </h2>
      {editing !== null ? (
        <SavedReplyForm
          key={editing === 'new' ? 'new' : editing.id}
          reply={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            W treści możesz użyć <code>{'{imię}'}</code> (imię podane przez klienta, inaczej jego
            nazwa), <code>{'{nazwa}'}</code> (nazwa klienta), <code>{'{agent}'}</code> (Twoja nazwa)
            i <code>{'{numer}'}</code> (numer zgłoszenia klienta).
          </p>
          {error && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
          {replies.isPending ? (
            <p role="status" className="mt-3 text-sm">
              Wczytywanie…
            </p>
          ) : replies.isError ? (
            <LoadError message={REPLIES_LOAD_ERROR} onRetry={() => void replies.refetch()} />
          ) : replies.data.length === 0 ? (
            <p className="mt-3 text-sm">Nie ma jeszcze gotowych odpowiedzi.</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2" aria-label="Zapisane odpowiedzi">
              {replies.data.map((reply) => (
                <li
                  key={reply.id}
                  className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-slate-300 p-3 dark:border-white/15"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words">{reply.title}</p>
                    <p className="line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-300">
                      {reply.body}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      onClick={() => setEditing(reply)}
                      aria-label={`Edytuj: ${reply.title}`}
                      className={`${secondaryButtonClass} min-h-10 py-1`}
                    >
                      Edytuj
                    </button>
                    <button
                      type="button"
                      disabled={remove.isPending}
                      aria-label={`Usuń: ${reply.title}`}
                      onClick={() => {
                        setError(null);
                        remove.mutate(
                          { id: reply.id },
                          { onError: (e) => setError(staffActionErrorMessage('deleteReply', e)) },
                        );
                      }}
                      className={`${dangerButtonClass} min-h-10 py-1`}
                    >
                      Usuń
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-4 flex flex-wrap justify-between gap-2">
            <button type="button" onClick={() => setEditing('new')} className={primaryButtonClass}>
              Dodaj odpowiedź
            </button>
            <button type="button" onClick={close} className={secondaryButtonClass}>
              Zamknij
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

function SavedReplyForm({ reply, onDone }: { reply: SavedReply | null; onDone: () => void }) {
  const titleFieldId = useId();
  const bodyFieldId = useId();
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSavedReply();
  const update = useUpdateSavedReply();
  const isSaving = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !body.trim() || isSaving) return;
    setError(null);
    const options = {
      onSuccess: onDone,
      onError: (e: unknown) => setError(staffActionErrorMessage('saveReply', e)),
    };
    if (reply) update.mutate({ id: reply.id, title, body }, options);
    else create.mutate({ title, body }, options);
  };

  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-3">
      <label htmlFor={titleFieldId} className="text-sm font-medium">
        Tytuł
        <input
          id={titleFieldId}
          value={title}
          required
          maxLength={SAVED_REPLY_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
          className={fieldClass}
        />
      </label>
      <label htmlFor={bodyFieldId} className="text-sm font-medium">
        Treść
        <textarea
          id={bodyFieldId}
          value={body}
          required
          rows={6}
          maxLength={SAVED_REPLY_BODY_MAX}
          onChange={(event) => setBody(event.target.value)}
          className={fieldClass}
        />
      </label>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={!title.trim() || !body.trim() || isSaving}
          className={primaryButtonClass}
        >
          {isSaving ? 'Zapisywanie…' : 'Zapisz'}
        </button>
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          Anuluj
        </button>
      </div>
    </form>
  );
}
