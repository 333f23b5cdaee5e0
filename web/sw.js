/* SPDX-License-Identifier: MIT */
/*
 * sw.js - the site's service worker (SPEC §10.2): keeps the site's files on
 * the first visit, so that a reload with no network still works. Each file
 * is fetched from the network first (the first load after a new build, with
 * the network, shows the new version), and from the cache only when the
 * network fails. web/swstamp.py fills in the build's name and its files.
 *
 * "The network" is the server, never the browser's HTTP cache: a server
 * that sends no Cache-Control (python3 -m http.server) lets the browser
 * take a file as fresh for a tenth of its age (a day, for files ten days
 * old), so a plain fetch() kept giving the old build after an update. The
 * worker's install fetches each file with cache "reload" (from the server,
 * whatever the HTTP cache holds), and every fetch asks the server with
 * cache "no-cache" (a conditional request: an unchanged file costs a 304).
 */
"use strict";
const CACHE = "adjutant-@BUILD@";
const FILES = @FILES@;

self.addEventListener("install", function (e) {
    e.waitUntil(caches.open(CACHE).then(function (c) {
        return c.addAll(FILES.map(function (f) { return new Request(f, { cache: "reload" }); }));
    }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (e) {
    e.waitUntil(caches.keys().then(function (keys) {
        return Promise.all(keys.filter(function (k) { return k.indexOf("adjutant-") === 0 && k !== CACHE; })
            .map(function (k) { return caches.delete(k); }));
    }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (e) {
    const req = e.request;
    if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
    /* a navigation's request becomes same-origin here (the Fetch standard's
     * Request constructor); its redirect mode stays the navigation's */
    e.respondWith(fetch(new Request(req, { cache: "no-cache" })).then(function (res) {
        if (res.ok) {
            const copy = res.clone();
            caches.open(CACHE).then(function (c) { return c.put(req, copy); });
        }
        return res;
    }).catch(function () {
        return caches.open(CACHE).then(function (c) {
            return c.match(req, { ignoreSearch: true }).then(function (hit) {
                /* the site's address itself ("/") is its index.html */
                return hit || (req.mode === "navigate" ? c.match("index.html") : undefined) || Response.error();
            });
        });
    }));
});
