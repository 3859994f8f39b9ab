/**
 * The Kontakt screen's address: /contact itself (a trailing slash reaches the same
 * route), not its subpages. The shell gives staff their workspace there and leaves
 * the site-wide unread watcher out, since the screen keeps its own count.
 */
export function isContactScreenPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '/contact';
}
