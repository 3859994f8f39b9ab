import { isLoopbackHost } from './lib/ip-address';

/** URL switches that would let nodemailer talk to a mail server without (verified) TLS. */
const TLS_OPT_OUTS: Array<[string, string]> = [
  ['requireTLS', 'false'],
  ['ignoreTLS', 'true'],
  ['tls.rejectUnauthorized', 'false'],
];

function smtpProblem(smtpUrl: string | undefined): string | null {
  if (!smtpUrl) return 'Invalid SMTP_URL: required when NODE_ENV=production';
  const url = new URL(smtpUrl);
  // A relay on this machine is reached without crossing a network; anything else must use TLS.
  if (isLoopbackHost(url.hostname)) return null;
  const optOut = TLS_OPT_OUTS.find(([key, value]) => url.searchParams.get(key) === value);
  if (optOut) {
    return `Invalid SMTP_URL: ${optOut[0]}=${optOut[1]} sends codes and passwords without TLS; production needs smtps:// or smtp:// with STARTTLS`;
  }
  return null;
}

function publicUrlProblem(input: {
  publicUrl: URL;
  publicUrlSet: boolean;
  host: string;
  allowInsecureHttp: boolean;
}): string | null {
  if (input.publicUrl.protocol === 'https:') return null;
  if (!input.allowInsecureHttp) {
    const what = input.publicUrlSet ? 'must be https://' : 'required (https://…)';
    return `Invalid PUBLIC_URL: ${what} when NODE_ENV=production; without it cookies are not Secure and there is no HSTS (ALLOW_INSECURE_HTTP=1 allows http:// on loopback only)`;
  }
  if (!isLoopbackHost(input.publicUrl.hostname)) {
    return 'Invalid PUBLIC_URL: ALLOW_INSECURE_HTTP=1 allows http:// only for a loopback PUBLIC_URL (localhost, 127.0.0.1, [::1])';
  }
  if (!isLoopbackHost(input.host)) {
    return 'Invalid HOST: ALLOW_INSECURE_HTTP=1 allows http:// only when the server listens on loopback (127.0.0.1, ::1)';
  }
  return null;
}

function mailFromProblem(mailFrom: string): string | null {
  const address = /<([^>]*)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim() ?? '';
  if (domain && !isLoopbackHost(domain)) return null;
  return 'Invalid MAIL_FROM: production needs a real sender address (the default no-reply@localhost is rejected or marked as spam)';
}

/**
 * Production refuses to start on a configuration that would quietly weaken
 * it (security review 2026-11, finding 26). Returns the one line to print, or null.
 */
export function checkProductionSafety(input: {
  smtpUrl: string | undefined;
  publicUrl: URL;
  publicUrlSet: boolean;
  host: string;
  allowInsecureHttp: boolean;
  mailFrom: string;
}): string | null {
  return smtpProblem(input.smtpUrl) ?? publicUrlProblem(input) ?? mailFromProblem(input.mailFrom);
}
