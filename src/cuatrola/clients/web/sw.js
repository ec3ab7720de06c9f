// The service worker: the card room's shell opens without a network.
//
// Installing caches the page, its scripts and styles (their hashed names are read from the
// page itself), the catalogues, the icons and the Thai font. Every same-origin GET then goes
// to the network first and refreshes the cache; only when the network fails is the cached
// copy served (for a navigation: the page). The API, the websocket and the health check are
// never cached: what they say must be live.

const CACHE = "cuatrola-shell-v1";
const SHELL = [
  "/",
  "/manifest.webmanifest",
  "/favicon.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/i18n/es.json",
  "/i18n/en.json",
  "/i18n/pt.json",
  "/i18n/tr.json",
  "/i18n/th.json",
];
const LIVE = /^\/(api\/|ws$|healthz$|metrics$)/;

async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(SHELL);
  const page = await cache.match("/");
  const html = page ? await page.text() : "";
  const assets = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]));
  // the stylesheets name the fonts they use
  for (const css of [...assets].filter((a) => a.endsWith(".css"))) {
    const response = await fetch(css);
    if (!response.ok) continue;
    const text = await response.text();
    for (const m of text.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)) assets.add(m[1]);
  }
  await cache.addAll([...assets]);
  // drop the assets of earlier builds: their hashed names are never asked for again
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith("/assets/") && !assets.has(path)) await cache.delete(request);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  // every route of the single page is the same document
  const key = request.mode === "navigate" ? "/" : request;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(key, response.clone());
    return response;
  } catch (err) {
    const cached = await cache.match(key, { ignoreSearch: request.mode === "navigate" });
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || LIVE.test(url.pathname)) return;
  event.respondWith(networkFirst(request));
});
