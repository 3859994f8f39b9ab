import { useRef, useState } from 'react';
import { addFiles, type FileSource, type RefusedFile } from '../lib/file-rules';

/** What the writer has typed and attached but not sent yet (the text may start from a saved draft). */
export function useComposerDraft(initialBody = '') {
  const [body, setBody] = useState(initialBody);
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

  /** Adds what the rules allow and answers what was refused, for the composer to list (issue 18). */
  const add = (incoming: readonly File[], source: FileSource): RefusedFile<File>[] => {
    const result = addFiles(filesRef.current, incoming, source);
    setFiles(result.files);
    return result.refused;
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
