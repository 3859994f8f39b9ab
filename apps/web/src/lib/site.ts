/** Facts about the site used by metadata, the header and the sitemap. */
export const SITE_NAME = 'Nasze Studio';

/** The address the pages are prerendered with (VITE_PUBLIC_URL, else the server's local default). */
const BUILD_SITE_URL = (import.meta.env.VITE_PUBLIC_URL ?? 'http://localhost:3000').replace(
  /\/+$/,
  '',
);

/**
 * Absolute base URL for canonical links and Open Graph. The prerender writes
 * the build's address; the server replaces it in every page it sends with its
 * runtime PUBLIC_URL (apps/server/src/plugins/page-html.ts). In the browser
 * the meta tags of the next pages must agree, so the address is read back from
 * the canonical link of the page the server sent (or the page's own origin).
 */
function siteUrl(): string {
  if (typeof document === 'undefined') return BUILD_SITE_URL;
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return canonical ? new URL(canonical).origin : window.location.origin;
}

export const SITE_URL = siteUrl();

export const OG_IMAGE_PATH = '/og-image.png';
