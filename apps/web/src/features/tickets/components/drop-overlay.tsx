import { DROP_OVERLAY_TITLE, DROP_OVERLAY_TYPES } from '../lib/messages';
import { UploadIcon } from './icons';

/** Shown while files are dragged over the page (SPEC.md §2). */
export function DropOverlay({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div
      data-testid="drop-overlay"
      className="pointer-events-none fixed inset-0 z-[5000] flex items-center justify-center bg-blue-950/70 p-6 backdrop-blur-sm"
    >
      <div className="flex flex-col items-center gap-3 rounded-3xl border-2 border-dashed border-blue-300 bg-slate-950/60 px-10 py-12 text-center text-white">
        <UploadIcon />
        <p className="text-2xl font-bold">{DROP_OVERLAY_TITLE}</p>
        <p className="text-blue-100">{DROP_OVERLAY_TYPES}</p>
      </div>
    </div>
  );
}
