/**
 * The new part of a reply: quoted history and signature removed. Mail programs
 * put the history below an attribution line (Gmail, Thunderbird, Apple Mail:
 * "On … wrote:", „W dniu … pisze:”, „… napisał(a):”) or a header block
 * (Outlook: "From: / Sent:", „Od: / Wysłano:”), and quote it with "> ".
 * Everything from the first such marker on is cut, then a `-- ` signature.
 *
 * The text is the sender's (security review N6): every pattern here is
 * anchored at the line's start with bounded or disjoint repetition, so it
 * costs at most a few hundred steps per line, and a line longer than any
 * attribution (MAX_MARKER_LINE) is never tried at all.
 */

/** Longer lines are text, not markers; the patterns below never see them. */
const MAX_MARKER_LINE = 500;

/** A line that starts the quoted history, seen alone or joined with the next line. */
const ATTRIBUTION = [
  // Gmail, Apple Mail, Thunderbird (English): "On Mon, 1 Dec 2026 at 10:00, Ann <a@b> wrote:"
  /^On\b.{4,300}\bwrote:$/i,
  // Thunderbird (Polish): „W dniu 25.11.2026 o 10:00, Jan Kowalski pisze:”
  /^W dniu\b.{4,300}\bpisze:$/i,
  // Gmail (Polish): „wt., 25 lis 2026 o 10:00 Jan Kowalski <jan@x.pl> napisał(a):”
  /^.{4,300}\bnapisał(\(a\)|a)?:$/i,
  // Apple Mail (Polish): „Wiadomość napisana przez Jan Kowalski w dniu 25.11.2026, o godz. 10:00:”
  /^Wiadomość napisana przez\b.{2,300}:$/i,
  // Apple Mail (English, older): "On 25 Nov 2026, at 10:00, Ann <a@b> wrote:" is the first rule.
];

/** Separators that stand alone on a line before a forwarded or quoted mail. */
const SEPARATOR = [
  /^-{2,}\s*(Original Message|Wiadomość oryginalna|Oryginalna wiadomość|Forwarded message|Wiadomość przekazana dalej)\s*-{2,}$/i,
  /^_{20,}$/,
];

/** Outlook's header block: "From:" followed within two lines by "Sent:"/"Date:" (or Polish). */
const HEADER_FROM = /^\*?(From|Od):\*?\s/i;
const HEADER_NEXT = /^\*?(Sent|Date|Wysłano|Data|To|Do):\*?\s/i;

/** Mobile sign-offs that are signatures without the `-- ` line. */
const DEVICE_SIGNATURE =
  /^(Sent from my \w+|Wysłane z (mojego )?(iPhone|iPada|iPad|urządzenia)\S*)/i;

const isDeviceSignature = (line: string) => {
  const start = line.slice(0, MAX_MARKER_LINE).trim();
  return (
    (start[0] === 'S' || start[0] === 's' || start[0] === 'W' || start[0] === 'w') &&
    DEVICE_SIGNATURE.test(start)
  );
};

/** The first half of a wrapped attribution: it opens like one, or names a time and ends unfinished. */
const looksLikeAttributionStart = (line: string) =>
  /^(On|W dniu|Wiadomość napisana)\b/i.test(line) ||
  (/\d{1,2}:\d{2}/.test(line) && !/[.!?]$/.test(line));

/**
 * Cheap tests first: every attribution ends with a colon, every separator
 * starts with `-` or `_`, a header block with `From:`/`Od:`, so most lines of
 * a long mail meet no pattern at all (a 400 KB mail of short lines is
 * checked in a few milliseconds, not a quarter of a second).
 */
function startsHistory(lines: string[], i: number): boolean {
  const line = (lines[i] ?? '').trim();
  if (!line || line.length > MAX_MARKER_LINE) return false;
  if (line.startsWith('>')) return false;
  if (line.endsWith(':') && ATTRIBUTION.some((re) => re.test(line))) return true;
  // Gmail wraps a long attribution over two lines ("… Ann <" / "ann@x.pl> wrote:").
  const next = (lines[i + 1] ?? '').slice(0, MAX_MARKER_LINE).trim();
  if (next.endsWith(':') && looksLikeAttributionStart(line)) {
    const joined = `${line} ${next}`;
    if (ATTRIBUTION.some((re) => re.test(joined))) return true;
  }
  const first = line[0];
  if ((first === '-' || first === '_') && SEPARATOR.some((re) => re.test(line))) return true;
  if (line.includes(':') && HEADER_FROM.test(line)) {
    return [1, 2].some((k) =>
      HEADER_NEXT.test((lines[i + k] ?? '').slice(0, MAX_MARKER_LINE).trim()),
    );
  }
  return false;
}

export function stripReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    // RFC 3676: "-- " alone is the signature separator; "--" too, as many programs trim it.
    if (line === '-- ' || line === '--' || isDeviceSignature(line)) {
      end = i;
      break;
    }
    if (startsHistory(lines, i)) {
      end = i;
      break;
    }
  }
  const kept = lines.slice(0, end);
  // A quote left at the bottom (no attribution line) is history too.
  while (kept.length) {
    const last = (kept.at(-1) ?? '').trim();
    if (last === '' || last.startsWith('>')) kept.pop();
    else break;
  }
  return kept.join('\n').trim();
}
