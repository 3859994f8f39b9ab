import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { addFiles, addFilesNotices, type FileSource } from '../lib/file-rules';

/** What the writer has typed and attached but not sent yet. */
export function useComposerDraft() {
  const [body, setBody] = useState('');
  const [files, setFilesState] = useState<File[]>([]);
  // The latest content, read by a send: a second Enter can arrive after a send finished but
  // before React re-rendered, and its handler must not see (and resend) the old text.
  const bodyRef = useRef(body);
  bodyRef.current = body;
  const filesRef = useRef(files);
  filesRef.current = files;

  const setFiles = (next: File[]) => {
    filesRef.current = next;
    setFilesState(next);
  };

  /** Adds what the rules allow and says in a toast what was refused (SPEC.md §5). */
  const add = (incoming: readonly File[], source: FileSource) => {
    const result = addFiles(filesRef.current, incoming, source);
    setFiles(result.files);
    for (const notice of addFilesNotices(result)) toast.error(notice);
  };

  const removeAt = (index: number) => setFiles(filesRef.current.filter((_, i) => i !== index));

  /** After a confirmed send: forget what was sent, keep anything written or added meanwhile. */
  const clearSent = (text: string, sent: readonly File[]) => {
    if (bodyRef.current.trim() === text) {
      bodyRef.current = '';
      setBody('');
    }
    setFiles(filesRef.current.filter((file) => !sent.includes(file)));
  };

  return {
    body,
    setBody,
    files,
    add,
    removeAt,
    clearSent,
    /** The content as of now, even before the next render. */
    current: () => ({ body: bodyRef.current, files: filesRef.current }),
  };
}

export type ComposerDraft = ReturnType<typeof useComposerDraft>;
