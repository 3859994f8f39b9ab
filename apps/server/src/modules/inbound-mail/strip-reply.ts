/**
 * The new part of a reply, whatever the mail program and wherever the answer
 * stands (above, below or between the quoted lines): a line classifier.
 *
 * Every line is one of: a quote (`>`), an attribution that introduces a quote
 * („W dniu … pisze:”, "On … wrote:", „Am … schrieb …:”, "Le … a écrit :",
 * „… написал:”, on one line or wrapped over two or three), Outlook's header
 * block („Od: / Wysłano: / Do: / Temat:”, "From: / Sent:", „Von: / Gesendet:”
 * …) or a separator ("-----Original Message-----") after which the original
 * mail follows unquoted, a signature (`-- ` and what follows it up to the
 * next quote), a mobile sign-off („Sent from my iPhone”, „Wysłane z
 * iPhone'a”), or text. Every text block is kept, so an answer between quotes
 * or below the quotation survives; quotes, the attributions that introduce
 * them, signatures and everything from a header block on go. When nothing is
 * left, the answer cannot be told from the quotation and the whole text is
 * kept: a mail is never reduced to nothing.
 *
 * The text is the sender's (security review N6): no regular expression runs
 * on it except single-character tests; markers are found with startsWith,
 * endsWith and includes on lowercased lines, and a line longer than any
 * marker (MAX_MARKER_LINE) is only ever text or a quote. Each line is looked
 * at a bounded number of times (at most three joined), so the work is linear.
 */

/**
 * Longest text classified; the rest is left out. A message keeps at most
 * 10,000 characters (MESSAGE_BODY_MAX) and no quotation above an answer is
 * this long, so nothing a customer wrote is lost, and a hostile mail's text
 * costs a bounded time (a few hundred ms at worst, in the parser's worker).
 */
export const MAX_TEXT_CHARS = 256 * 1024;
/** Longer lines are text (or a quote), never a marker. */
const MAX_MARKER_LINE = 500;
/** Mobile sign-offs are short; a longer line that starts like one is text. */
const MAX_SIGN_OFF_LINE = 80;
/** An attribution wraps over at most this many lines (Gmail wraps at 78 characters). */
const MAX_ATTRIBUTION_LINES = 3;

/**
 * The verb of an attribution, as the line ends ("…, Ann <a@b.pl> wrote:") or
 * stands after the date (German and Dutch: „Am … schrieb Ann <a@b.pl>:”).
 */
const ATTRIBUTION_VERBS = [
  // English (Gmail, Apple Mail, Thunderbird, Yahoo, Proton, K-9, FairEmail)
  'wrote',
  'writes',
  // Polish
  'napisał(a)',
  'napisał',
  'napisała',
  'napisal(a)',
  'napisal',
  'pisze',
  // German
  'schrieb',
  // French
  'a écrit',
  'a ecrit',
  // Spanish
  'escribió',
  'escribio',
  // Italian
  'ha scritto',
  'scrisse',
  // Portuguese
  'escreveu',
  // Dutch
  'schreef',
  // Czech (and Slovak)
  'napsal(a)',
  'napsal',
  'napsala',
  'napísal',
  // Russian
  'написал(а)',
  'написал',
  'написала',
  'пишет',
  // Ukrainian
  'написав(ла)',
  'написав',
  'пише',
];

/** Openings of attributions that carry no verb at the end (Apple Mail Polish). */
const ATTRIBUTION_OPENINGS = ['wiadomość napisana przez ', 'wiadomosc napisana przez '];

/** The first line of Outlook's header block, by language. */
const HEADER_FROM = new Set(['from', 'od', 'von', 'de', 'da', 'van', 'от', 'от кого', 'від']);
/** The lines that follow it: sent/date, to, cc, subject, by language. */
const HEADER_NEXT = new Set([
  // English
  'sent',
  'date',
  'to',
  'cc',
  'subject',
  // Polish
  'wysłano',
  'data',
  'do',
  'dw',
  'temat',
  // German
  'gesendet',
  'datum',
  'an',
  'betreff',
  // French
  'envoyé',
  'à',
  'objet',
  // Spanish
  'enviado el',
  'enviado',
  'fecha',
  'para',
  'asunto',
  // Italian
  'inviato',
  'a',
  'oggetto',
  // Portuguese
  'enviada',
  'enviado em',
  'assunto',
  // Dutch
  'verzonden',
  'aan',
  'onderwerp',
  // Czech
  'odesláno',
  'komu',
  'předmět',
  // Russian
  'отправлено',
  'дата',
  'кому',
  'тема',
  // Ukrainian
  'надіслано',
  'відправлено',
]);

/** Words of the separator line above a quoted original ("-----Original Message-----"). */
const ORIGINAL_MESSAGE = [
  'original message',
  'wiadomość oryginalna',
  'oryginalna wiadomość',
  'ursprüngliche nachricht',
  "message d'origine",
  'message original',
  'mensaje original',
  'messaggio originale',
  'mensagem original',
  'oorspronkelijk bericht',
  'původní zpráva',
  'исходное сообщение',
  'оригінальне повідомлення',
  'вихідне повідомлення',
];

/** Words of the line above a forwarded mail, which is kept whole (the customer sends it to be read). */
const FORWARDED = [
  'forwarded message',
  'wiadomość przekazana dalej',
  'przekazana wiadomość',
  'weitergeleitete nachricht',
  'message transféré',
  'mensaje reenviado',
  'messaggio inoltrato',
  'mensagem encaminhada',
  'doorgestuurd bericht',
  'přeposlaná zpráva',
  'пересылаемое сообщение',
  'переслане повідомлення',
];

/** Mobile sign-offs that are signatures without the `-- ` line (lowercased openings). */
const SIGN_OFFS = [
  'sent from my ',
  'sent from outlook',
  'sent from yahoo mail',
  'sent from proton mail',
  'sent with proton mail',
  'get outlook for ',
  'wysłane z ',
  'wysłano z ',
  'pobierz aplikację outlook',
  'von meinem ',
  'gesendet von ',
  'envoyé de mon ',
  'envoyé depuis ',
  'enviado desde mi ',
  'enviado do meu ',
  'enviado de meu ',
  'inviato da ',
  'inviato dal mio ',
  'verstuurd vanaf mijn ',
  'verzonden vanaf mijn ',
  'odesláno z ',
  'odesláno ze ',
  'отправлено с ',
  'отправлено из ',
  'надіслано з ',
];

type Kind =
  | 'text'
  | 'blank'
  | 'quote'
  | 'attribution'
  | 'signature'
  /** A mobile sign-off, or the placeholder of a pasted picture (the picture itself is attached). */
  | 'sign-off'
  /** A header block or separator: the original mail follows, unquoted, to the end. */
  | 'history';

/** A quoted line; „>:” alone is the end of an attribution Gmail wrapped inside its `<address>`. */
const isQuote = (line: string) => line.trimStart().startsWith('>') && line.trim() !== '>:';

/** The line as markers are compared: trimmed, lowercased, `*bold*` stars of plain-text Outlook off. */
function markerForm(line: string): string | null {
  const trimmed = line.trim();
  if (!trimmed || trimmed.length > MAX_MARKER_LINE) return null;
  return trimmed.toLowerCase();
}

const hasDigitOrAt = (line: string) => {
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if ((code >= 0x30 && code <= 0x39) || code === 0x40) return true;
  }
  return false;
};

/** The line without its final colon (and a French space before it), or null when it has none. */
function beforeFinalColon(line: string): string | null {
  if (!line.endsWith(':')) return null;
  return line.slice(0, -1).trimEnd();
}

const endsWithWord = (text: string, word: string) =>
  text.endsWith(word) &&
  (text.length === word.length || text[text.length - word.length - 1] === ' ');

/**
 * How sure a (joined) line is an attribution: 'sure' when it ends with a
 * verb of attribution (or opens like Apple Mail's Polish one) and names a
 * date or an address; 'likely' when it only has the verb, or only ends with
 * a colon after a date or an address; otherwise null. A likely one counts
 * only when a quote follows it.
 */
function attributionStrength(line: string): 'sure' | 'likely' | null {
  const head = beforeFinalColon(line);
  if (head === null || head.length < 4) return null;
  const named = hasDigitOrAt(head);
  const verb =
    ATTRIBUTION_VERBS.some((v) => endsWithWord(head, v)) ||
    // „Am 25.11.2026 um 10:00 schrieb Ann <a@b.pl>:”, „Op … schreef Ann:”, „Ann schrieb am …:”
    (named && (head.includes(' schrieb ') || head.includes(' schreef '))) ||
    ATTRIBUTION_OPENINGS.some((o) => head.startsWith(o));
  if (verb) return named ? 'sure' : 'likely';
  // Any other language: „ср, 25 нояб. 2026 г. в 10:00, Ann <a@b.pl>:” (Gmail Russian has no verb).
  return named && (head.includes('@') || head.includes(':')) ? 'likely' : null;
}

/** The label before the colon of a header line („Wysłano:”, "*Sent:*", „Envoyé :”), lowercased. */
function headerLabel(line: string): string | null {
  const colon = line.indexOf(':');
  if (colon < 1 || colon > 30) return null;
  let label = line.slice(0, colon);
  if (label.startsWith('*')) label = label.slice(1);
  if (label.endsWith('*')) label = label.slice(0, -1);
  return label.trim();
}

/** Outlook's header block starting at line i: a From label, then at least one more within three lines. */
function startsHeaderBlock(forms: (string | null)[], i: number): boolean {
  const first = forms[i];
  if (!first) return false;
  const label = headerLabel(first);
  if (label === null || !HEADER_FROM.has(label)) return false;
  for (let k = 1; k <= 3; k++) {
    const next = forms[i + k];
    if (!next) continue;
    const nextLabel = headerLabel(next);
    if (nextLabel !== null && HEADER_NEXT.has(nextLabel)) return true;
  }
  return false;
}

/** A line of dashes around "Original Message" (any of the languages), or Outlook's underscores. */
function isSeparator(forms: (string | null)[], i: number): boolean {
  const line = forms[i];
  if (!line) return false;
  if (line.startsWith('-----')) return ORIGINAL_MESSAGE.some((words) => line.includes(words));
  // Outlook's rule above its header block; alone, a line of underscores is just text.
  if (line.startsWith('__________') && line.split('_').length - 1 === line.length) {
    return startsHeaderBlock(forms, i + 1) || (!forms[i + 1] && startsHeaderBlock(forms, i + 2));
  }
  return false;
}

/** "---------- Forwarded message ---------" and its translations: what follows is for us to read. */
function isForwardMarker(form: string | null | undefined): boolean {
  if (!form?.startsWith('-----')) return false;
  return FORWARDED.some((words) => form.includes(words));
}

/** Where a pasted picture stood: Outlook's „[cid:image001.png@…]”, Gmail's „[image: zrzut.png]”. */
const isPicturePlaceholder = (form: string | null | undefined) =>
  !!form &&
  form.length <= MAX_SIGN_OFF_LINE * 2 &&
  form.endsWith(']') &&
  (form.startsWith('[cid:') || form.startsWith('[image:') || form.startsWith('[obraz:'));

const isSignOff = (form: string | null | undefined) =>
  !!form && form.length <= MAX_SIGN_OFF_LINE && SIGN_OFFS.some((s) => form.startsWith(s));

function classify(lines: string[]): Kind[] {
  const forms = lines.map(markerForm);
  const kinds: Kind[] = lines.map((line) =>
    line.trim() === '' ? 'blank' : isQuote(line) ? 'quote' : 'text',
  );
  // Whether the next non-blank line after each line is a quote, computed once from the end.
  const quoteAfter: boolean[] = new Array(lines.length).fill(false);
  for (let i = lines.length - 2; i >= 0; i--) {
    const next = kinds[i + 1];
    quoteAfter[i] = next === 'blank' ? (quoteAfter[i + 1] ?? false) : next === 'quote';
  }
  for (let i = 0; i < lines.length; i++) {
    if (kinds[i] !== 'text') continue;
    if (isForwardMarker(forms[i])) {
      // A forwarded mail, quotes and headers included, is kept as it is.
      for (let k = i; k < lines.length; k++) if (kinds[k] === 'quote') kinds[k] = 'text';
      break;
    }
    if (isSeparator(forms, i) || startsHeaderBlock(forms, i)) {
      for (let k = i; k < lines.length; k++) kinds[k] = 'history';
      break;
    }
    // An attribution on this line, or wrapped over the next one or two; it ends with a colon.
    for (let n = 0; n < MAX_ATTRIBUTION_LINES && i + n < lines.length; n++) {
      const form = forms[i + n];
      if (!form || kinds[i + n] !== 'text') break;
      if (!form.endsWith(':')) {
        // A sentence that ended is not the first half of an attribution.
        if (form.endsWith('.') || form.endsWith('!') || form.endsWith('?')) break;
        continue;
      }
      const strength = attributionStrength(n === 0 ? form : forms.slice(i, i + n + 1).join(' '));
      if (strength === 'sure' || (strength === 'likely' && quoteAfter[i + n])) {
        for (let k = i; k <= i + n; k++) kinds[k] = 'attribution';
        i += n;
        break;
      }
    }
  }
  // Signatures and sign-offs, among what is still text.
  let inSignature = false;
  for (let i = 0; i < lines.length; i++) {
    const kind = kinds[i];
    if (kind === 'quote' || kind === 'attribution' || kind === 'history') {
      inSignature = false;
      continue;
    }
    // A forwarded mail below the signature is the customer's to show us: kept from here on.
    if (isForwardMarker(forms[i])) break;
    const line = lines[i] ?? '';
    // RFC 3676: "-- " alone is the signature separator; "--" too, as many programs trim it.
    if (line === '-- ' || line === '--') inSignature = true;
    if (inSignature) kinds[i] = 'signature';
    else if (kind === 'text' && (isSignOff(forms[i]) || isPicturePlaceholder(forms[i])))
      kinds[i] = 'sign-off';
  }
  return kinds;
}

/** Kept lines, at most one empty line in a row, none at the ends. */
function join(lines: string[], kinds: Kind[]): string {
  const out: string[] = [];
  let pendingBlank = false;
  for (let i = 0; i < lines.length; i++) {
    const kind = kinds[i];
    if (kind === 'text') {
      if (pendingBlank && out.length) out.push('');
      pendingBlank = false;
      out.push(lines[i] ?? '');
    } else if (kind === 'blank' || kind === 'quote' || kind === 'attribution') {
      // A dropped quote between two answers leaves them as two paragraphs.
      pendingBlank = true;
    }
  }
  return out.join('\n').trim();
}

export function stripReply(text: string): string {
  const capped = text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
  const lines = capped.replaceAll('\r\n', '\n').replaceAll('\r', '\n').split('\n');
  const answer = join(lines, classify(lines));
  // Nothing but quotation, signature or history: the answer cannot be told apart, keep it all.
  return answer || lines.join('\n').trim();
}
