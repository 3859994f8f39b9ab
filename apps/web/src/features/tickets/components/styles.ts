/** Class lists shared by the Kontakt components, so both themes stay consistent. */

/**
 * The frosted panels of Kontakt. Their blur is on a `::before` layer behind the content,
 * not on the panel: with `backdrop-filter` on the panel, an ancestor of the composer and
 * of the scrolled thread, every key typed and every scrolled frame blurred the whole
 * panel again under software compositing (issue 34). The layer covers the padding box
 * (inside the border, with the border's inner radius) and, at `z-index: -1` inside the
 * panel's own stacking context (`isolate`), is drawn over the panel's background and
 * under its content, so it blurs what lies behind the panel exactly as before.
 *
 * And it blurs only while the animated backdrop is on screen (`data-backdrop-live` on
 * `<html>`, components/backdrop/backdrop.tsx): over the static gradient a blur changes
 * nothing but rounding (e2e/speed-shots.mjs: at most a few pixels by more than 6 of 255),
 * and that is where it costs most, as the backdrop stays static exactly where WebGL is
 * missing or software and the page is composited on the CPU. The panel is a layer of its
 * own (`will-change: transform`), so a key typed paints the panel again, not the region
 * of the page's full-screen gradient under it: without the blur's layer that made typing
 * slower, not faster (input-to-paint p95 96–112 ms; 16 ms as a layer, the bare page's
 * floor; bench/README.md, issue 34). It does not change what the blur sees behind it.
 */
export const panelClass =
  'relative isolate will-change-transform rounded-2xl border border-slate-300/80 bg-white/85 shadow-xl shadow-slate-900/5 before:pointer-events-none before:absolute before:inset-0 before:-z-10 before:rounded-[calc(var(--radius-2xl)-1px)] in-data-backdrop-live:before:backdrop-blur-md dark:border-white/10 dark:bg-slate-900/75 dark:shadow-black/30';

export const primaryButtonClass =
  'cursor-target inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white shadow-md shadow-blue-700/20 transition hover:bg-blue-600 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-blue-600 dark:hover:bg-blue-500';

export const secondaryButtonClass =
  'cursor-target inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-400 bg-white/70 px-4 py-2 text-sm font-medium text-slate-800 transition hover:bg-white disabled:cursor-not-allowed disabled:opacity-60 dark:border-white/25 dark:bg-white/5 dark:text-slate-100 dark:hover:bg-white/15';

export const dangerButtonClass =
  'cursor-target inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-red-600/60 bg-white/70 px-4 py-2 text-sm font-medium text-red-700 transition hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-red-400/50 dark:bg-white/5 dark:text-red-300 dark:hover:bg-red-500/15';

export const iconButtonClass =
  'cursor-target inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 transition hover:bg-slate-900/5 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-200 dark:hover:bg-white/10';

export const mutedTextClass = 'text-sm text-slate-600 dark:text-slate-300';
