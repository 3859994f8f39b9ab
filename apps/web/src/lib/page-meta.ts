import type { MetaDescriptor } from 'react-router';
import { OG_IMAGE_PATH, SITE_NAME, SITE_URL } from './site';

export interface PageMetaInput {
  /** Polish page title without the site name; it is appended here. */
  title: string;
  /** Polish description, ideally 70–160 characters. */
  description: string;
  /** Path of the page, e.g. '/team'; used for the canonical and og:url. */
  path: string;
  /** Pages that must stay out of search results (404, account screens). */
  noIndex?: boolean;
}

/** Title, description, Open Graph, Twitter card and canonical link for a route's `meta` export. */
export function pageMeta({
  title,
  description,
  path,
  noIndex = false,
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const url = `${SITE_URL}${path === '/' ? '/' : path.replace(/\/+$/, '')}`;
  const image = `${SITE_URL}${OG_IMAGE_PATH}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'pl_PL' },
    { property: 'og:site_name', content: SITE_NAME },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
  if (noIndex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
