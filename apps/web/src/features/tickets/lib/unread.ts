/**
 * The unread total shown outside the page (SPEC.md §2, §9): a "(n) " prefix on
 * the tab title with the whole count, and a red badge drawn on the favicon
 * (64 px canvas, '99+' above 99: only the badge stops there). At zero both go
 * back to what they were.
 */

export const FAVICON_SIZE = 64;
export const BADGE_CAP = 99;

export function totalUnread(tickets: readonly { unread_count: number }[]): number {
  let total = 0;
  for (const ticket of tickets) {
    if (Number.isFinite(ticket.unread_count) && ticket.unread_count > 0) {
      total += ticket.unread_count;
    }
  }
  return total;
}

/** Badge text for a count: '' at zero, '99+' above the cap. */
export function badgeLabel(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

const PREFIX_PATTERN = /^\(\d+\+?\) /;

/** The title without any unread prefix this module added earlier. */
export function stripUnreadPrefix(title: string): string {
  return title.replace(PREFIX_PATTERN, '');
}

export function titleWithUnread(title: string, count: number): string {
  const base = stripUnreadPrefix(title);
  return count > 0 ? `(${count}) ${base}` : base;
}

/** The drawing calls the badge needs, so it can be checked without a real canvas. */
export interface BadgeContext {
  clearRect(x: number, y: number, w: number, h: number): void;
  drawImage(image: CanvasImageSource, x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  arc(x: number, y: number, radius: number, start: number, end: number): void;
  roundRect?(x: number, y: number, w: number, h: number, radius: number): void;
  fill(): void;
  fillText(text: string, x: number, y: number): void;
  fillStyle: string | CanvasGradient | CanvasPattern;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
}

export interface BadgeGeometry {
  label: string;
  /** Badge box (a circle for one digit, a pill for more). */
  x: number;
  y: number;
  width: number;
  height: number;
  fontSize: number;
}

/** Where the badge goes on a `size` px favicon: top-right, wide enough for its text. */
export function badgeGeometry(count: number, size = FAVICON_SIZE): BadgeGeometry | null {
  const label = badgeLabel(count);
  if (!label) return null;
  const height = Math.round(size * 0.62);
  const width =
    label.length === 1 ? height : Math.min(size, Math.round(height * (0.5 + label.length * 0.32)));
  return {
    label,
    x: size - width,
    y: 0,
    width,
    height,
    fontSize: Math.round(height * (label.length > 2 ? 0.56 : 0.72)),
  };
}

/** Draws the icon (if it loaded) and the red badge on a `size` px canvas. */
export function drawFaviconBadge(
  ctx: BadgeContext,
  icon: CanvasImageSource | null,
  count: number,
  size = FAVICON_SIZE,
): void {
  ctx.clearRect(0, 0, size, size);
  if (icon) ctx.drawImage(icon, 0, 0, size, size);
  const badge = badgeGeometry(count, size);
  if (!badge) return;
  const radius = badge.height / 2;
  ctx.fillStyle = '#dc2626';
  ctx.beginPath();
  if (badge.width === badge.height || !ctx.roundRect) {
    ctx.arc(badge.x + badge.width - radius, badge.y + radius, radius, 0, Math.PI * 2);
  } else {
    ctx.roundRect(badge.x, badge.y, badge.width, badge.height, radius);
  }
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold ${badge.fontSize}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(badge.label, badge.x + badge.width / 2, badge.y + radius + 1);
}
