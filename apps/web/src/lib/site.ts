/** Facts about the site used by metadata, the header and the sitemap. */
export const SITE_NAME = 'Nasze Studio';

/**
 * Absolute base URL for canonical links and Open Graph. It is baked in at build
 * time (VITE_PUBLIC_URL) because the pages are prerendered; without it the
 * local default of the server is used.
 */
export const SITE_URL = (import.meta.env.VITE_PUBLIC_URL ?? 'http://localhost:3000').replace(
  /\/+$/,
  '',
);

export const OG_IMAGE_PATH = '/og-image.png';
