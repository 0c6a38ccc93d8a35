// The app's service worker: pages always from the scorekeeper's computer; when it cannot be
// reached, the offline page and the shell's files (style, scripts, icons) from a copy.
"use strict";
const PREFIX = "phase10-shell-";
const CACHE = PREFIX + {{ version | tojson }};
const SHELL = {{ shell | tojson }};
const OFFLINE = {{ offline_url | tojson }};
const WAIT_MS = 6000;  // a computer that does not answer in this time counts as unreachable

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(
    keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
  )).then(() => self.clients.claim()));
});

function fetchInTime(request) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), WAIT_MS);
  return fetch(request, { signal: controller.signal }).finally(() => clearTimeout(timer));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetchInTime(request).catch(() => caches.match(OFFLINE)));
  } else if (SHELL.includes(url.pathname)) {
    // the newest copy while the computer answers, the kept one when it does not
    event.respondWith(fetchInTime(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
      }
      return response;
    }).catch(() => caches.match(url.pathname)));
  }
});
