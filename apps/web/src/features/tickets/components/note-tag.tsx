import { NOTE_LABEL } from './note-style';

/** The words on top of a note in the thread: colour alone must not carry the difference. */
export function NoteTag() {
  return (
    <p
      data-testid="note-tag"
      className="mb-1 inline-flex items-center gap-1 rounded bg-amber-300 px-1.5 py-0.5 text-[0.7rem] font-bold tracking-wide text-amber-950 uppercase dark:bg-amber-300/80"
    >
      {NOTE_LABEL} · klient jej nie widzi
    </p>
  );
}
