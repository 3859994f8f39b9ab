import { useState } from 'react';
import type { RefusedFile } from '../lib/file-rules';

/**
 * Files the composer refused, kept on screen with their reasons until the
 * writer removes them one by one (issue 18): nothing is sent while any is
 * listed, so no one believes a file went out that did not.
 */
export function useRefusedFiles() {
  const [refused, setRefused] = useState<RefusedFile<File>[]>([]);
  return {
    refused,
    add: (more: readonly RefusedFile<File>[]) => {
      if (more.length > 0) setRefused((list) => [...list, ...more]);
    },
    removeAt: (index: number) => setRefused((list) => list.filter((_, i) => i !== index)),
  };
}
