/*
 * The site's service worker (issue 33, DESIGN.md §7.11): it makes the site an
 * installable app and shows Web Push notifications.
 *
 * What it caches, and only that: a few static files — the offline page, its
 * picture and the app's icons. Never an /api/ answer and never a page: a page
 * or an answer may carry someone's data, and a cache outlives a sign-out on a
 * shared device. Navigations always go to the network; one that fails because
 * the device is offline gets the offline page instead.
 *
 * The worker stays out of the way of everything else. The build's hashed
 * /assets/ are already kept for a year by the browser's HTTP cache
 * (`immutable`), and the API must never be cached, so both are routed straight
 * to the network before the worker is asked (static routing, where the
 * browser has it). A worker in the path of every module and API call made a
 * busy phone wait for the worker's thread: a thread page of the browser tests
 * took 13 s to ask for its data on a loaded machine, its modules 2–3 s each.
 *
 * Plain JavaScript, served as it is from public/ (the server sends it with
 * `Cache-Control: no-cache`, so a new version is seen on the next visit).
 */

/** Bump when what is precached or how it is cached changes: activate drops every other cache. */
const CACHE = 'studio-static-v2';
const OFFLINE_PAGE = '/offline.html';
/**
 * Fetched at install, so the offline page can show with the network gone: it
 * and its picture only (3 KB), so installing costs a first visit next to nothing.
 */
const PRECACHE = [OFFLINE_PAGE, '/favicon.svg'];
/** Kept once they are fetched (the manifest's icons, when the browser installs the app). */
const STATIC_FILES = new Set([
  ...PRECACHE,
  '/icon-192.png',
  '/icon-512.png',
  '/icon-maskable-512.png',
]);
/** Where a notification click goes when the push named no address of ours. */
const FALLBACK_URL = '/contact';

/**
 * Requests the worker never needs to see, sent to the network without waking
 * it (InstallEvent.addRoutes, Chromium 123+; elsewhere the fetch handler
 * below lets them pass untouched).
 */
const NETWORK_ONLY_ROUTES = [
  { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
  { condition: { urlPattern: { pathname: '/assets/*' } }, source: 'network' },
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      if (typeof event.addRoutes === 'function') {
        // A browser that refuses a rule still gets a working worker: the fetch handler decides then.
        await event.addRoutes(NETWORK_ONLY_ROUTES).catch(() => undefined);
      }
      const cache = await caches.open(CACHE);
      // `reload` skips the HTTP cache: the copy kept offline is the server's current one.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })));
      // A new worker only changes what is cached, never a page's behaviour: take over at once.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      // The network request of a navigation starts while this worker boots, so
      // having a worker costs a page no time (the navigation answer is not cached).
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      // Open tabs are controlled now, so a notification click can navigate them.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Other origins and the API (file downloads are navigations too) are left to the browser,
  // and so are the build's modules: the HTTP cache keeps them.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
  } else if (STATIC_FILES.has(url.pathname)) {
    event.respondWith(cachedOrFetched(request));
  }
});

/** A page from the network (never stored); the offline page when there is no network. */
async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    // fetch rejects only when no answer came at all; a 404 or 500 page is shown as it is.
    const offline = await caches.match(OFFLINE_PAGE);
    return offline ?? Response.error();
  }
}

/** A static file: the cached copy, else the network's, kept when it is a full, good answer. */
async function cachedOrFetched(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic' && response.status === 200) {
    await cache.put(request, response.clone());
  }
  return response;
}

/*
 * Web Push. The payload is `{title, body, url, tag}` (packages/shared/src/push.ts):
 * it names a ticket and its number, never a message's text, so a locked phone
 * shows no customer data. Pushes for one ticket share a `tag` and replace each
 * other; `renotify` still tells the user that a newer one arrived.
 */
self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      renotify: true,
      lang: 'pl',
      icon: '/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

/**
 * The push's JSON, or a plain notice when it carries none or something else:
 * a subscription made with `userVisibleOnly` must show something for every push.
 */
function readPayload(data) {
  const fallback = {
    title: 'Nasze Studio',
    body: 'Nowa wiadomość w Kontakcie',
    url: FALLBACK_URL,
    tag: 'kontakt',
  };
  try {
    const json = data ? data.json() : null;
    if (!json || typeof json.title !== 'string') return fallback;
    return {
      title: json.title,
      body: typeof json.body === 'string' ? json.body : '',
      url: typeof json.url === 'string' ? json.url : FALLBACK_URL,
      tag: typeof json.tag === 'string' && json.tag ? json.tag : fallback.tag,
    };
  } catch {
    return fallback;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification.data?.url));
});

/** Only addresses of this site are opened: a push cannot send anyone elsewhere. */
function ownUrl(url) {
  try {
    const target = new URL(url || FALLBACK_URL, self.location.origin);
    return target.origin === self.location.origin
      ? target.href
      : new URL(FALLBACK_URL, self.location.origin).href;
  } catch {
    return new URL(FALLBACK_URL, self.location.origin).href;
  }
}

/** Focuses an open tab of the site and shows the ticket there, or opens a new window on it. */
async function openFromNotification(url) {
  const target = ownUrl(url);
  // The site's tabs this worker controls (activate claims them all): only those can be navigated from here.
  const [tab] = await self.clients.matchAll({ type: 'window' });
  if (tab) {
    try {
      await tab.focus();
    } catch {
      // Focusing needs the click's user activation; without it the tab is still navigated.
    }
    const navigated = await tab.navigate(target).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(target);
}
