import { MESSAGE_BODY_MAX } from '@studio/shared/limits';
import { countOf } from '~/lib/plural';

/** The counter appears from 90 % of the limit (issue 18). */
export const COUNTER_FROM = Math.floor(MESSAGE_BODY_MAX * 0.9);
const CHARACTERS = { one: 'znak', few: 'znaki', many: 'znaków' };

export function isOverLimit(body: string): boolean {
  return body.length > MESSAGE_BODY_MAX;
}

/**
 * „9 500 / 10 000” near the limit; past it, how much to cut. The text itself
 * is never shortened: pasted text stays whole and the excess is marked
 * (`OverLimitMark`), and sending waits until it fits.
 */
export function LengthCounter({ id, body }: { id: string; body: string }) {
  if (body.length < COUNTER_FROM) return null;
  const over = body.length - MESSAGE_BODY_MAX;
  const format = (n: number) => n.toLocaleString('pl-PL');
  return (
    <p
      id={id}
      data-testid="length-counter"
      aria-live="polite"
      className={`mt-1 text-right text-xs tabular-nums ${
        over > 0
          ? 'font-semibold text-red-700 dark:text-red-300'
          : 'text-slate-600 dark:text-slate-400'
      }`}
    >
      {format(body.length)} / {format(MESSAGE_BODY_MAX)}
      {over > 0 && <> — za długa o {countOf(over, CHARACTERS)}. Skróć wiadomość, aby ją wysłać.</>}
    </p>
  );
}

/**
 * The text past the limit, highlighted behind the (transparent) field: the
 * same box, font and wrapping as the textarea, with the allowed part
 * invisible and the excess on a red background. It scrolls with the field.
 */
export function OverLimitMark({ body, scrollTop }: { body: string; scrollTop: number }) {
  if (!isOverLimit(body)) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="over-limit-mark"
      className="pointer-events-none absolute inset-0 overflow-hidden rounded-xl border border-transparent px-3 py-2.5 text-base break-words whitespace-pre-wrap text-transparent"
    >
      <div style={{ transform: `translateY(${-scrollTop}px)` }}>
        {body.slice(0, MESSAGE_BODY_MAX)}
        <mark className="rounded-sm bg-red-200 text-transparent dark:bg-red-500/40">
          {body.slice(MESSAGE_BODY_MAX)}
        </mark>
      </div>
    </div>
  );
}
