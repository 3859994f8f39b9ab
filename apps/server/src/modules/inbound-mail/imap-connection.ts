import type { ImapFlow, ImapFlowOptions } from 'imapflow';

/** How to reach the IMAP_URL mailbox, and which folder of it is watched (INBOX by default). */
export function imapSettings(imapUrl: string) {
  const url = new URL(imapUrl);
  const secure = url.protocol === 'imaps:';
  return {
    connection: {
      host: url.hostname,
      port: Number(url.port) || (secure ? 993 : 143),
      secure,
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false as const,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
    },
    mailbox: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX',
  };
}

/**
 * A new client of the mailbox, not yet connected. The library is loaded
 * here, not at start: the mail libraries are a fifth of a second of the cold
 * start, and most servers watch no mailbox (bench/README.md).
 */
export async function imapClient(
  imapUrl: string,
  options: Partial<ImapFlowOptions> = {},
): Promise<ImapFlow> {
  const { ImapFlow } = await import('imapflow');
  return new ImapFlow({ ...imapSettings(imapUrl).connection, ...options });
}
