import { useEffect } from 'react';
import { drawFaviconBadge, FAVICON_SIZE, titleWithUnread } from '../lib/unread';

interface SavedIcon {
  link: HTMLLinkElement;
  href: string;
  type: string | null;
}

/**
 * Shows the unread total outside the page (SPEC.md §2): a "(n) " prefix on the
 * tab title and a red badge on the favicon. At zero, and when the screen is
 * left, the title and the original icons come back.
 */
export function useUnreadIndicators(count: number) {
  useEffect(() => {
    document.title = titleWithUnread(document.title, count);
  }, [count]);

  useEffect(
    () => () => {
      document.title = titleWithUnread(document.title, 0);
    },
    [],
  );

  useEffect(() => {
    if (count <= 0) return;
    const links = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]'));
    const saved: SavedIcon[] = links.map((link) => ({
      link,
      href: link.getAttribute('href') ?? '',
      type: link.getAttribute('type'),
    }));
    let cancelled = false;

    const apply = (icon: HTMLImageElement | null) => {
      if (cancelled) return;
      const canvas = document.createElement('canvas');
      canvas.width = FAVICON_SIZE;
      canvas.height = FAVICON_SIZE;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      drawFaviconBadge(ctx, icon, count);
      const dataUrl = canvas.toDataURL('image/png');
      if (links.length === 0) {
        const link = document.createElement('link');
        link.rel = 'icon';
        link.dataset.unreadBadge = 'true';
        document.head.append(link);
        links.push(link);
      }
      for (const link of links) {
        link.type = 'image/png';
        link.href = dataUrl;
      }
    };

    const source = saved.find((entry) => entry.href)?.href;
    if (source) {
      const image = new Image();
      image.onload = () => apply(image);
      // Without the icon the badge alone still says there is something new.
      image.onerror = () => apply(null);
      image.src = source;
    } else {
      apply(null);
    }

    return () => {
      cancelled = true;
      for (const { link, href, type } of saved) {
        link.setAttribute('href', href);
        if (type === null) link.removeAttribute('type');
        else link.setAttribute('type', type);
      }
      for (const link of document.querySelectorAll('link[data-unread-badge]')) link.remove();
    };
  }, [count]);
}
