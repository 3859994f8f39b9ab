import Bowser from 'bowser';

/**
 * A readable name for a browser from its User-Agent header, as the sessions
 * list and the sign-in alert show it: „Chrome 131 · Windows 10”, or
 * „Safari · iOS 18.1” without a version. Empty when nothing is recognised.
 * Only the major version is kept: the full one adds noise, not recognition.
 */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return '';
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const major = parsed.browser.version?.split('.')[0];
  const browser = [parsed.browser.name, major].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version]
    .filter(Boolean)
    .join(' ');
  return [browser, system].filter(Boolean).join(' · ');
}
