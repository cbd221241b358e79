/* Facedown's service worker, served at /sw.js (scope /) by app/web/pages/service_worker.py,
 * which fills in CONFIG: what to precache, what never to cache, and the version naming the
 * caches (a hash of all that: a deploy replaces them).
 *
 * Kept: the app shell (CSS, JS, icons, the offline page), the home page with its judge
 * questions, /rules and every rule page (precached at install), each ruling page (/r/...)
 * once opened (rulings never change). Pages are network first: online, a page is always the
 * server's; offline (or after SLOW_MS without an answer) the kept copy is shown.
 * Never kept, never answered from a cache: /g/, /join/, /api/, htmx fragments, and any
 * response marked private or no-store. A shared phone must not keep a seat's hidden cards:
 * offline, a seat page is the offline page, which names no game and no seat. */
"use strict";

var CONFIG = {{ config|tojson }};
var SHELL = "facedown-shell-" + CONFIG.version;
var PAGES = "facedown-pages-" + CONFIG.version;
// Opened rulings outlive a deploy (a ruling never changes); their CSS is found by its path.
var RULINGS = "facedown-rulings";
var SLOW_MS = 4000;
var PRECACHE_AT_ONCE = 4;

function startsWithAny(path, prefixes) {
  return prefixes.some(function (p) { return path.indexOf(p) === 0; });
}

/* Only a plain, whole, public answer from this origin may be kept. */
function storable(response) {
  if (!response || !response.ok || response.type !== "basic" || response.redirected) { return false; }
  var cacheControl = (response.headers.get("Cache-Control") || "").toLowerCase();
  return cacheControl.indexOf("no-store") === -1 && cacheControl.indexOf("private") === -1;
}

async function precachePages(cache, urls) {
  // A few at a time: the venue's laptop serves every phone that joins.
  var queue = urls.slice();
  async function worker() {
    while (queue.length) {
      var url = queue.shift();
      try {
        var response = await fetch(url, { credentials: "same-origin" });
        if (storable(response)) { await cache.put(url, response); }
      } catch (err) { /* kept the next time the page is opened online */ }
    }
  }
  var workers = [];
  for (var i = 0; i < PRECACHE_AT_ONCE; i++) { workers.push(worker()); }
  await Promise.all(workers);
}

self.addEventListener("install", function (event) {
  event.waitUntil((async function () {
    var shell = await caches.open(SHELL);
    await shell.addAll(CONFIG.shell);
    await precachePages(await caches.open(PAGES), CONFIG.pages);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", function (event) {
  event.waitUntil((async function () {
    var wanted = [SHELL, PAGES, RULINGS];
    var names = await caches.keys();
    await Promise.all(names.filter(function (n) {
      return n.indexOf("facedown-") === 0 && wanted.indexOf(n) === -1;
    }).map(function (n) { return caches.delete(n); }));
    await self.clients.claim();
  })());
});

async function offlinePage() {
  var page = await caches.match(CONFIG.shell[0], { cacheName: SHELL });
  return page || new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } });
}

/* Fingerprinted files never change: the kept copy first; another version of the same file
 * (a ruling kept before a deploy links the old CSS) rather than nothing. */
async function staticFile(event) {
  var request = event.request;
  var hit = await caches.match(request, { ignoreVary: true });
  if (hit) { return hit; }
  try {
    var response = await fetch(request);
    if (storable(response) && new URL(request.url).search) {
      var copy = response.clone();
      event.waitUntil(caches.open(SHELL).then(function (c) { return c.put(request, copy); }));
    }
    return response;
  } catch (err) {
    var other = await caches.match(request, { ignoreSearch: true, ignoreVary: true });
    if (other) { return other; }
    throw err;
  }
}

function keptCopyWhenSlow(kept) {
  return new Promise(function (resolve) {
    setTimeout(function () { kept.then(function (hit) { if (hit) { resolve(hit); } }); }, SLOW_MS);
  });
}

async function page(event, cacheName) {
  var request = event.request;
  var key = request.url;
  var kept = caches.match(key, { ignoreVary: true });
  var network = fetch(request).then(function (response) {
    if (cacheName && storable(response)) {
      var copy = response.clone();
      event.waitUntil(caches.open(cacheName).then(function (c) { return c.put(key, copy); }));
    }
    return response;
  });
  network.catch(function () { /* answered below */ });
  try {
    return await Promise.race([network, keptCopyWhenSlow(kept)]);
  } catch (err) {
    return (await kept) || offlinePage();
  }
}

function cacheFor(url) {
  if (startsWithAny(url.pathname, CONFIG.keep)) { return RULINGS; }
  if (url.search) { return null; }
  var path = url.pathname;
  return CONFIG.pages.indexOf(path) !== -1 || CONFIG.shell.indexOf(path) !== -1 ? PAGES : null;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (startsWithAny(url.pathname, CONFIG.never)) {
    // Straight to the network, never through a cache; offline, a page says so.
    if (request.mode === "navigate") {
      event.respondWith(fetch(request).catch(offlinePage));
    }
    return;
  }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(staticFile(event));
    return;
  }
  // htmx fragments (a rule in the bottom sheet, the rules search) stay network only.
  if (request.mode !== "navigate" || request.headers.get("HX-Request")) { return; }
  event.respondWith(page(event, cacheFor(url)));
});
