/*
 * Imported by the service worker (scripts/pwa.ts). The hashed chunks are answered from the
 * precache by the browser itself (the Service Worker Static Routing API), not by the
 * worker's script: a tab's twenty-odd chunk requests then do not each wait for the worker's
 * thread. Where the browser has no static routes, Workbox answers them as before; a chunk not
 * in the cache goes to the network.
 */
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern === 'undefined') return;
  event.waitUntil(
    event
      .addRoutes({
        condition: { urlPattern: new URLPattern({ pathname: '/assets/*' }) },
        source: { cacheName: 'workbox-precache-v2-' + self.registration.scope },
      })
      .catch(() => undefined),
  );
});
