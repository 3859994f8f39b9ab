import { useEffect, useState } from 'react';

/** A blob: URL for the file while the component shows it; revoked afterwards so memory is freed. */
export function useObjectUrl(file: File, isWanted: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!isWanted) return;
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file, isWanted]);
  return url;
}
