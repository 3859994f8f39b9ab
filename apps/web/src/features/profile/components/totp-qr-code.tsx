import { create } from 'qrcode';
import { useMemo } from 'react';

/** Light margin around the symbol, in modules: scanners need a quiet zone of four. */
const QUIET_ZONE = 4;

/**
 * The otpauth:// address as a QR code, drawn here as SVG from the library's
 * module matrix: the secret never leaves the page for an image service, and
 * no HTML string is injected. Always dark on white, in both themes, since
 * phone cameras read that best.
 */
export function TotpQrCode({ url }: { url: string }) {
  const { path, size } = useMemo(() => {
    const { modules } = create(url, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { path: d, size: modules.size + 2 * QUIET_ZONE };
  }, [url]);

  return (
    <svg
      role="img"
      aria-label="Kod QR do zeskanowania aplikacją uwierzytelniającą"
      viewBox={`0 0 ${size} ${size}`}
      className="h-48 w-48 rounded-lg bg-white"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
