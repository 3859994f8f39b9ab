/**
 * The new part of a reply: quoted history and signature removed. Mail programs
 * put the history below an attribution line (Gmail, Thunderbird, Apple Mail:
 * "On … wrote:", „W dniu … pisze:”, „… napisał(a):”) or a header block
 * (Outlook: "From: / Sent:", „Od: / Wysłano:”), and quote it with "> ".
 * Everything from the first such marker on is cut, then a `-- ` signature.
 */

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

/** The first half of a wrapped attribution: it opens like one, or names a time and ends unfinished. */
const looksLikeAttributionStart = (line: string) =>
  /^(On|W dniu|Wiadomość napisana)\b/i.test(line) ||
  (/\d{1,2}:\d{2}/.test(line) && !/[.!?]$/.test(line));

function startsHistory(lines: string[], i: number): boolean {
  const line = (lines[i] ?? '').trim();
  if (!line) return false;
  if (line.startsWith('>')) return false;
  if (ATTRIBUTION.some((re) => re.test(line))) return true;
  // Gmail wraps a long attribution over two lines ("… Ann <" / "ann@x.pl> wrote:").
  if (looksLikeAttributionStart(line)) {
    const joined = `${line} ${(lines[i + 1] ?? '').trim()}`;
    if (ATTRIBUTION.some((re) => re.test(joined))) return true;
  }
  if (SEPARATOR.some((re) => re.test(line))) return true;
  if (HEADER_FROM.test(line)) {
    return [1, 2].some((k) => HEADER_NEXT.test((lines[i + k] ?? '').trim()));
  }
  return false;
}

export function stripReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    // RFC 3676: "-- " alone is the signature separator; "--" too, as many programs trim it.
    if (line === '-- ' || line === '--' || DEVICE_SIGNATURE.test(line.trim())) {
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

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * HTML-only mail as plain text. The quoted history is dropped first where
 * mail programs mark it (Gmail's gmail_quote, Thunderbird's moz-cite-prefix,
 * Outlook's divRplyFwdMsg, any blockquote), then the markup is flattened.
 */
export function htmlToText(html: string): string {
  const withoutHistory = html
    .replace(/<(style|script|head)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<div[^>]*class="[^"]*gmail_(quote|signature)[\s\S]*$/i, '')
    .replace(/<div[^>]*class="[^"]*moz-cite-prefix[\s\S]*$/i, '')
    .replace(/<div[^>]*id="(divRplyFwdMsg|appendonsend)"[\s\S]*$/i, '')
    .replace(/<hr[^>]*>\s*<div[^>]*id="divRplyFwdMsg"[\s\S]*$/i, '')
    .replace(/<blockquote\b[\s\S]*<\/blockquote>/gi, '');
  return withoutHistory
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
