/* SPDX-License-Identifier: MIT */
/*
 * offline.js - the served site works offline once visited (SPEC §10.2):
 * registers sw.js, the service worker that keeps the site's files. Not in
 * the one-file page (web/onefile.py leaves it out): a service worker cannot
 * run from file://.
 */
(function () {
    "use strict";
    if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
    navigator.serviceWorker.register("sw.js").catch(function () { /* the page works without it, online */ });
})();
