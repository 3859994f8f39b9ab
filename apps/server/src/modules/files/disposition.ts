/**
 * RFC 6266 Content-Disposition: an ASCII fallback in `filename` (quotes,
 * backslashes and non-ASCII replaced) and the exact name in `filename*`
 * (RFC 5987 percent-encoding), so no name can break out of the header.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must never reach a header
  const safe = filename.replace(/[\u0000-\u001f\u007f]/g, '');
  const fallback = safe.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'plik';
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
