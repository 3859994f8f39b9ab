/**
 * Reads a delivery-status report (RFC 3464 bounce, RFC 6533 for its UTF-8
 * form) from a raw mail: which recipients failed and which message came back.
 * mailparser folds the `message/delivery-status` part into the mail's text,
 * so the report's own parts are read here from the source. Everything is
 * attacker text: no regular expressions, only indexOf and slices over a
 * capped prefix of the mail, with caps on parts, recipients and line lengths.
 */

/** One per-recipient block of the report, values as written (unfolded, trimmed). */
export interface ReportRecipient {
  /** The address after `rfc822;`, lower-case; null when absent or of another type. */
  finalRecipient: string | null;
  originalRecipient: string | null;
  /** `failed`, `delayed`, `delivered`, `relayed`, `expanded` (lower-case). */
  action: string;
  /** The enhanced status code, e.g. `5.1.1`. */
  status: string;
}

/** What a bounce says, as plain data (it crosses from the parser's worker). */
export interface DeliveryReport {
  /** The Message-ID of the returned original (its headers), or null. */
  originalMessageId: string | null;
  recipients: ReportRecipient[];
}

/** The report parts and the original's headers come first; a bounce's whole mail is rarely 100 KB. */
const MAX_SCANNED_BYTES = 1024 * 1024;
/** A header block read at most this far (the mail's own, a part's, the original's). */
const MAX_HEADER_BLOCK = 64 * 1024;
const MAX_PARTS = 20;
const MAX_RECIPIENTS = 50;
const MAX_FIELD_CHARS = 1000;
/** Lines read of one header block, and blocks read of a status part: real ones have a dozen. */
const MAX_LINES = 500;
const MAX_BLOCKS = 4 * MAX_RECIPIENTS;

const DELIVERY_STATUS_TYPES = ['message/delivery-status', 'message/global-delivery-status'];
const ORIGINAL_TYPES = ['message/rfc822', 'text/rfc822-headers', 'message/global-headers'];

/** Header fields of a block (`Name: value`, folded lines joined), names lower-case, first wins. */
function readFields(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  let name: string | null = null;
  let value = '';
  const flush = () => {
    if (name !== null && !fields.has(name)) fields.set(name, value.trim());
    name = null;
    value = '';
  };
  for (const raw of block.split('\n', MAX_LINES)) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (name !== null && value.length < MAX_FIELD_CHARS) value += ` ${line.trim()}`;
      continue;
    }
    flush();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    name = line.slice(0, colon).trim().toLowerCase();
    value = line.slice(colon + 1, colon + 1 + MAX_FIELD_CHARS);
  }
  flush();
  return fields;
}

/** The header block and the body of a MIME entity: split at the first empty line. */
function splitEntity(entity: string): { head: string; body: string } {
  const crlf = entity.indexOf('\r\n\r\n');
  const lf = entity.indexOf('\n\n');
  let at = -1;
  let gap = 0;
  if (crlf >= 0 && (lf < 0 || crlf < lf)) [at, gap] = [crlf, 4];
  else if (lf >= 0) [at, gap] = [lf, 2];
  // An entity starting with an empty line has no headers.
  if (entity.startsWith('\r\n')) return { head: '', body: entity.slice(2) };
  if (entity.startsWith('\n')) return { head: '', body: entity.slice(1) };
  if (at < 0 || at > MAX_HEADER_BLOCK) return { head: entity.slice(0, MAX_HEADER_BLOCK), body: '' };
  return { head: entity.slice(0, at), body: entity.slice(at + gap) };
}

/** `multipart/report; report-type=delivery-status; boundary="x"` → its type and parameters. */
function contentType(value: string | undefined): { type: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const pieces = (value ?? '').split(';');
  const type = (pieces[0] ?? '').trim().toLowerCase();
  for (const piece of pieces.slice(1)) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    let v = piece.slice(eq + 1).trim();
    if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
    params.set(piece.slice(0, eq).trim().toLowerCase(), v);
  }
  return { type, params };
}

/** A part's body as text: base64 decoded (some servers encode the report), otherwise as is. */
function decodedBody(head: Map<string, string>, body: string): string {
  const encoding = head.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('latin1');
  return body;
}

/** `rfc822; Alicja@Example.com` → `alicja@example.com`; other address types → null. */
function rfc822Address(value: string | undefined): string | null {
  if (!value) return null;
  const semicolon = value.indexOf(';');
  if (semicolon < 0 || value.slice(0, semicolon).trim().toLowerCase() !== 'rfc822') return null;
  let address = value.slice(semicolon + 1).trim();
  if (address.startsWith('<') && address.endsWith('>')) address = address.slice(1, -1).trim();
  return address ? address.toLowerCase() : null;
}

/** The first `<…>` of a Message-ID field. */
function angleId(value: string | undefined): string | null {
  if (!value) return null;
  const open = value.indexOf('<');
  const close = value.indexOf('>', open + 1);
  if (open < 0 || close < 0) return null;
  const id = value.slice(open, close + 1);
  return id.length > 2 && !id.includes(' ') ? id : null;
}

/** The per-recipient blocks of a `message/delivery-status` body (the first block is per-message). */
function readRecipients(body: string): ReportRecipient[] {
  const blocks = body.replaceAll('\r\n', '\n').split('\n\n', MAX_BLOCKS);
  const recipients: ReportRecipient[] = [];
  for (const block of blocks) {
    if (recipients.length >= MAX_RECIPIENTS) break;
    const fields = readFields(block);
    const action = fields.get('action');
    if (action === undefined) continue;
    recipients.push({
      finalRecipient: rfc822Address(fields.get('final-recipient')),
      originalRecipient: rfc822Address(fields.get('original-recipient')),
      action: action.toLowerCase(),
      status: fields.get('status') ?? '',
    });
  }
  return recipients;
}

/**
 * The report a raw mail carries, or null when it is not one (anything but a
 * top-level `multipart/report; report-type=delivery-status`). Only the first
 * MAX_SCANNED_BYTES are looked at.
 */
export function readDeliveryReport(source: Uint8Array): DeliveryReport | null {
  const scanned = Buffer.from(
    source.buffer,
    source.byteOffset,
    Math.min(source.length, MAX_SCANNED_BYTES),
  ).toString('latin1');
  const top = splitEntity(scanned);
  const { type, params } = contentType(readFields(top.head).get('content-type'));
  if (type !== 'multipart/report') return null;
  if (params.get('report-type')?.toLowerCase() !== 'delivery-status') return null;
  const boundary = params.get('boundary');
  // RFC 2046 boundaries are at most 70 characters; a longer one is no report of a real server.
  if (!boundary || boundary.length > 70) return null;
  const delimiter = `\n--${boundary}`;
  const report: DeliveryReport = { originalMessageId: null, recipients: [] };
  let seenStatus = false;
  // The body is prefixed with a line end so the first delimiter is found like the others.
  const body = `\n${top.body}`;
  let at = body.indexOf(delimiter);
  for (let parts = 0; at >= 0 && parts < MAX_PARTS; parts++) {
    const start = at + delimiter.length;
    if (body.startsWith('--', start)) break; // the closing delimiter
    const next = body.indexOf(delimiter, start);
    const lineEnd = body.indexOf('\n', start);
    if (lineEnd < 0) break;
    const part = body.slice(lineEnd + 1, next < 0 ? body.length : next);
    const { head, body: partBody } = splitEntity(part);
    const partHead = readFields(head);
    const partType = contentType(partHead.get('content-type')).type;
    if (DELIVERY_STATUS_TYPES.includes(partType) && !seenStatus) {
      seenStatus = true;
      report.recipients = readRecipients(decodedBody(partHead, partBody));
    } else if (ORIGINAL_TYPES.includes(partType) && report.originalMessageId === null) {
      const original = splitEntity(decodedBody(partHead, partBody));
      report.originalMessageId = angleId(readFields(original.head).get('message-id'));
    }
    at = next;
  }
  return seenStatus ? report : null;
}
