import { useEffect, useRef, useState } from 'react';
import { smallAvatar } from '~/content/team';

/**
 * A member's avatar at `size` CSS px, picking the 256 or 512 px file by screen
 * density. A picture that fails to load is hidden rather than shown broken.
 */
export function MemberAvatar({
  src,
  size,
  className = '',
}: {
  src: string;
  size: number;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // The prerendered <img> may fail before React hydrates and attaches onError;
  // a complete image with no pixels is such an earlier failure.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return null;
  return (
    <img
      ref={ref}
      src={smallAvatar(src)}
      srcSet={`${smallAvatar(src)} 256w, ${src} 512w`}
      sizes={`${size}px`}
      width={size}
      height={size}
      // The name is printed right next to the picture, so it is decorative.
      alt=""
      decoding="async"
      onError={() => setFailed(true)}
      className={`shrink-0 rounded-full object-cover ring-4 ring-white/70 dark:ring-white/10 ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
