import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/** SPEC.md §9: dialogs sit above every other layer of the page. */
export const DIALOG_Z_INDEX = 6000;

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Id of the element that names the dialog (usually its heading). */
  labelledBy: string;
  describedBy?: string;
  /** Element to focus when the dialog opens; defaults to the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** 'alertdialog' for confirmations that interrupt the user (e.g. deleting a ticket). */
  role?: 'dialog' | 'alertdialog';
  /** Classes of the panel; the default gives a centred card. */
  className?: string;
  zIndex?: number;
  children: ReactNode;
}

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getClientRects().length > 0,
  );
}

/**
 * Accessible modal: keeps Tab inside, closes on Escape or a click on the
 * backdrop, locks page scroll and gives focus back to whatever opened it.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  initialFocus,
  role = 'dialog',
  className = 'w-full max-w-2xl',
  zIndex = DIALOG_Z_INDEX,
  children,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  // Latest onClose without re-running the open effect on every render of the parent.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const target = initialFocus?.current ?? (panel ? focusableIn(panel)[0] : null) ?? panel;
    target?.focus();

    const { overflow, paddingRight } = document.body.style;
    // Keep the layout from jumping when the scrollbar disappears.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = 'hidden';
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = focusableIn(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown, true);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
      // The opener may have been removed meanwhile (e.g. a deleted ticket's button).
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocus]);

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <div
      className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4 sm:p-6"
      style={{ zIndex }}
    >
      {/* The backdrop is a mouse convenience; keyboard users close with Escape or the close button. */}
      <div
        aria-hidden="true"
        data-testid="dialog-backdrop"
        className="fixed inset-0 bg-slate-950/60 backdrop-blur-sm motion-safe:animate-[dialog-fade_150ms_ease-out]"
        onClick={() => onCloseRef.current()}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both support aria-modal */}
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`relative my-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-slate-200 bg-white text-slate-900 shadow-2xl outline-none motion-safe:animate-[dialog-in_180ms_ease-out] dark:border-white/10 dark:bg-slate-900 dark:text-slate-100 ${className}`}
      >
        {children}
      </div>
      <style>
        {
          '@keyframes dialog-fade{from{opacity:0}}@keyframes dialog-in{from{opacity:0;transform:translateY(8px) scale(.98)}}'
        }
      </style>
    </div>,
    document.body,
  );
}
