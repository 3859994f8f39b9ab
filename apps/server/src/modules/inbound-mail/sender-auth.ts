/**
 * Who a mail is from (DESIGN §7.1, §4 MAIL_AUTHSERV_ID; security review N7).
 * `From:` is whatever the sender typed; only the server that received the
 * mail for us can say whether the sender's domain stands behind it, in its
 * Authentication-Results header (RFC 8601). We read that header; we do not
 * verify DKIM or DMARC ourselves (that needs the mail as it arrived at the
 * border and DNS lookups at that moment: the receiving server did both).
 *
 * Which header is trusted: each server on the way adds its headers ABOVE
 * those already there, so the one our receiving server added last is the
 * topmost Authentication-Results; anything below it came with the mail or
 * from an earlier hop and may be forged by the sender, with any authserv-id,
 * ours included (RFC 8601 §5 asks the border server to remove such forgeries,
 * but not every one does). So only the topmost Authentication-Results header
 * counts, and only when it carries MAIL_AUTHSERV_ID; otherwise nothing is
 * confirmed and a new mail waits for staff. A server that writes its results
 * over several headers (OpenDKIM and OpenDMARC each add one) must have the
 * DMARC one on top, which is where OpenDMARC, running after OpenDKIM, puts
 * it (docs/email.md).
 */

export type EmailSender = 'verified' | 'unverified';

export interface AuthResult {
  /** The method, lower case: dkim, spf, dmarc, arc… */
  method: string;
  /** The result, lower case: pass, fail, none… */
  result: string;
  /** ptype.property → value, e.g. `header.d` → `example.com`; names lower case. */
  props: Record<string, string>;
}

export interface AuthResults {
  authservId: string;
  results: AuthResult[];
}

/** A header longer than this is no receiving server's: it is not read. */
export const MAX_AUTH_RESULTS_CHARS = 8 * 1024;

/**
 * The header's value without comments (nested parentheses) and with quoted
 * strings unquoted, as a list of `;`-separated parts, each a list of words
 * (`=` kept inside words). One pass over the characters, no regular expression.
 */
function tokenize(value: string): string[][] {
  const parts: string[][] = [[]];
  let word = '';
  let depth = 0;
  let quoted = false;
  const endWord = () => {
    if (word) parts.at(-1)?.push(word);
    word = '';
  };
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as string;
    if (quoted) {
      if (c === '\\' && i + 1 < value.length) word += value[++i];
      else if (c === '"') quoted = false;
      else word += c;
      continue;
    }
    if (depth > 0) {
      if (c === '\\') i++;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
      continue;
    }
    if (c === '(') {
      endWord();
      depth = 1;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      endWord();
      parts.push([]);
    } else if (c === ' ' || c === '\t' || c === '\r' || c === '\n') endWord();
    else word += c;
  }
  endWord();
  return parts;
}

/** `key=value` words joined where spaces stood around `=` ("dkim = pass"). */
function joinEquals(words: string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    const last = out.at(-1);
    if (last !== undefined && (last.endsWith('=') || word.startsWith('='))) {
      out[out.length - 1] = last + word;
    } else out.push(word);
  }
  return out;
}

/** One Authentication-Results value, or null when it is not one (or too long to be). */
export function parseAuthResults(value: string): AuthResults | null {
  if (value.length > MAX_AUTH_RESULTS_CHARS) return null;
  const [head, ...rest] = tokenize(value);
  // authserv-id, optionally followed by a version number.
  const authservId = head?.[0]?.toLowerCase();
  if (!authservId || authservId.includes('=')) return null;
  const results: AuthResult[] = [];
  for (const part of rest) {
    const words = joinEquals(part);
    const [first, ...props] = words;
    if (!first) continue;
    const eq = first.indexOf('=');
    if (eq <= 0) continue; // "none" (no results) or junk
    const method = first.slice(0, eq).split('/')[0]?.toLowerCase() ?? '';
    const result = first.slice(eq + 1).toLowerCase();
    const found: AuthResult = { method, result, props: {} };
    for (const prop of props) {
      const at = prop.indexOf('=');
      if (at <= 0) continue;
      const name = prop.slice(0, at).toLowerCase();
      // `reason=` and other non-property words carry no dot; keep only ptype.property.
      if (!name.includes('.')) continue;
      found.props[name] = prop.slice(at + 1);
    }
    results.push(found);
  }
  return { authservId, results };
}

/** The results our receiving server added: the topmost header's, if it is ours (see above). */
export function trustedResults(headers: readonly string[], authservId: string): AuthResult[] {
  const [topmost] = headers;
  const parsed = topmost === undefined ? null : parseAuthResults(topmost);
  return parsed && parsed.authservId === authservId.trim().toLowerCase() ? parsed.results : [];
}

const domainOf = (address: string) => {
  const at = address.lastIndexOf('@');
  return (at < 0 ? address : address.slice(at + 1)).trim().toLowerCase().replace(/\.$/, '');
};

/**
 * DMARC's relaxed alignment without a public-suffix list: the same domain, or
 * one a subdomain of the other. The signing domain must have two labels at
 * least, and it passed DKIM, so whoever runs its DNS signed the mail.
 */
export function aligned(signingDomain: string, fromDomain: string): boolean {
  const d = domainOf(signingDomain);
  const f = domainOf(fromDomain);
  if (!d || !f || !d.includes('.')) return false;
  return d === f || f.endsWith(`.${d}`) || d.endsWith(`.${f}`);
}

/**
 * Whether the receiving server confirmed the From address's domain:
 * `dmarc=pass` (for this From's domain, when the result names it), or a
 * `dkim=pass` whose signing domain (`header.d`, else `header.i`) is aligned
 * with it. Without MAIL_AUTHSERV_ID nothing is confirmed.
 */
export function emailSender(
  mail: { from: string | null; headers: { authenticationResults: readonly string[] } },
  authservId: string | null | undefined,
): EmailSender {
  if (!authservId || !mail.from) return 'unverified';
  const fromDomain = domainOf(mail.from);
  for (const r of trustedResults(mail.headers.authenticationResults, authservId)) {
    if (r.result !== 'pass') continue;
    if (r.method === 'dmarc') {
      const evaluated = r.props['header.from'];
      if (evaluated === undefined || domainOf(evaluated) === fromDomain) return 'verified';
    }
    if (r.method === 'dkim') {
      const signer = r.props['header.d'] ?? r.props['header.i'];
      if (signer && aligned(signer, fromDomain)) return 'verified';
    }
  }
  return 'unverified';
}
