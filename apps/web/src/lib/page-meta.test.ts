import { describe, expect, it } from 'vitest';
import { pageMeta } from './page-meta';
import { SITE_URL } from './site';

describe('pageMeta', () => {
  it('returns the Polish title, description, Open Graph tags and canonical link', () => {
    const tags = pageMeta({ title: 'Zespół', description: 'Poznaj nas.', path: '/team' });
    expect(tags).toContainEqual({ title: 'Zespół | Nasze Studio' });
    expect(tags).toContainEqual({ name: 'description', content: 'Poznaj nas.' });
    expect(tags).toContainEqual({ property: 'og:url', content: `${SITE_URL}/team` });
    expect(tags).toContainEqual({ property: 'og:locale', content: 'pl_PL' });
    expect(tags).toContainEqual({ property: 'og:image', content: `${SITE_URL}/og-image.png` });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${SITE_URL}/team` });
    expect(tags.some((t) => 'name' in t && t.name === 'robots')).toBe(false);
  });

  it('marks pages that must stay out of search results', () => {
    const tags = pageMeta({ title: 'x', description: 'y', path: '/404', noIndex: true });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
