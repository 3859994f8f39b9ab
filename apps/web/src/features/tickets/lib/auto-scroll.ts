/** SPEC.md §9: the message list follows new messages only when the reader is near the bottom. */
export const AUTO_SCROLL_THRESHOLD_PX = 100;

export function isNearBottom(
  el: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold = AUTO_SCROLL_THRESHOLD_PX,
): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}
