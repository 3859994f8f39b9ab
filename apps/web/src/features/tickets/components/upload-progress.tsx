/** How far the files of a send have uploaded; `fraction` is 0..1. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="mt-2">
      <div
        role="progressbar"
        aria-label="Wysyłanie plików"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-white/10"
      >
        <div className="h-full bg-blue-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
