/**
 * The head script's part that starts `GET /api/auth/me` for a visitor with the
 * session hint (root.tsx THEME_SCRIPT, read once by lib/session.ts). The
 * server-rendered Kontakt page leaves it out (app/signed-in-page.ts): its state
 * carries `me` already, and the request, started before the first paint, only
 * delayed that paint on a slow phone link (issue 34).
 */
export const EARLY_ME_SCRIPT =
  "try{var m=window.__earlyMe=fetch('/api/auth/me',{credentials:'include',headers:{Accept:'application/json'}});m.catch(function(){})}catch(e){}";
