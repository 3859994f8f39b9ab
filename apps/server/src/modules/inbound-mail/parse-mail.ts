import { simpleParser } from 'mailparser';
import { type DeliveryReport, readDeliveryReport } from './delivery-report';
import { htmlToText } from './mail-html';
import { stripReply } from './strip-reply';

/** An attachment of a parsed mail; its bytes travel from the parser's worker without a copy. */
export interface InboundAttachment {
  filename: string | null;
  contentType: string;
  /** Embedded in the HTML (multipart/related, shown through `cid:`): a pasted picture or a signature's logo. */
  related: boolean;
  content: Uint8Array;
}

/**
 * What the inbound code needs of a mail, as plain data (a worker thread hands
 * it over, so no class instances): addresses and threading, the headers the
 * checks read, and the final text (HTML converted, quotation and signature cut).
 */
export interface InboundMail {
  /** The first From address as written, or null. */
  from: string | null;
  /** Its display name, decoded from whatever charset it was written in, or null. */
  fromName?: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string | null;
  /** ISO date of the Date header, or null. */
  date: string | null;
  /** Unfolded values of the headers the checks read, top to bottom as in the mail. */
  headers: {
    autoSubmitted: string | null;
    precedence: string | null;
    xAutoreply: string | null;
    xAutorespond: string | null;
    returnPath: string | null;
    authenticationResults: string[];
  };
  /** The answer's text: quoted history and signature removed. */
  text: string;
  attachments: InboundAttachment[];
  /** A bounce's delivery-status report (delivery-report.ts), null for any other mail. */
  deliveryReport: DeliveryReport | null;
}

/** Longest header value kept (Authentication-Results lists are a few hundred characters; sender-auth.ts refuses over 8 KB). */
const MAX_HEADER_CHARS = 16 * 1024;
/** At most this many Authentication-Results headers are kept, from the top. */
const MAX_AUTH_RESULTS = 20;

function headerValue(line: string): string {
  // No regex on the sender's header: unfold by splitting on line ends.
  const value = line.slice(line.indexOf(':') + 1, line.indexOf(':') + 1 + MAX_HEADER_CHARS);
  return value
    .split('\n')
    .map((part) => (part.endsWith('\r') ? part.slice(0, -1) : part))
    .join(' ')
    .trim();
}

/**
 * Parses one raw mail into an InboundMail. Runs in the parser's worker thread
 * (worker-parser.ts) with a time limit; the fuzz test calls it directly.
 * mailparser's own HTML conversion and linkifying are off: the HTML is turned
 * into text once, by mail-html.ts, with its limits.
 */
export async function parseMail(source: Uint8Array): Promise<InboundMail> {
  const mail = await simpleParser(Buffer.from(source.buffer, source.byteOffset, source.length), {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true,
  });
  const first = (name: string) => {
    const line = mail.headerLines.find((h) => h.key === name)?.line;
    return line === undefined ? null : headerValue(line);
  };
  const authenticationResults = mail.headerLines
    .filter((h) => h.key === 'authentication-results')
    .slice(0, MAX_AUTH_RESULTS)
    .map((h) => headerValue(h.line));
  const text = mail.text?.trim()
    ? mail.text
    : typeof mail.html === 'string'
      ? htmlToText(mail.html)
      : '';
  const date = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null;
  return {
    from: mail.from?.value[0]?.address ?? null,
    fromName: mail.from?.value[0]?.name || null,
    messageId: mail.messageId ?? null,
    inReplyTo: mail.inReplyTo ?? null,
    references: [mail.references ?? []].flat(),
    subject: mail.subject ?? null,
    date,
    headers: {
      autoSubmitted: first('auto-submitted'),
      precedence: first('precedence'),
      xAutoreply: first('x-autoreply'),
      xAutorespond: first('x-autorespond'),
      returnPath: first('return-path'),
      authenticationResults,
    },
    text: stripReply(text),
    // A copy of each into its own ArrayBuffer: Node's small Buffers share one
    // pool, which must not be handed (transferred) to the other thread.
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      related: a.related === true,
      content: new Uint8Array(a.content),
    })),
    deliveryReport: readDeliveryReport(source),
  };
}
