/* Facedown: install the service worker (/sw.js, app/web/pages/service_worker.py) once the
 * page has loaded, so it never competes with the page itself. It keeps the rules and the
 * rulings readable offline, and never keeps a game's or a seat's page. Browsers without
 * service workers, or pages not served over HTTPS or from localhost, simply go without. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) { return; }
  function register() {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* without it, the app works online as before */ });
  }
  // Installing precaches the rules (about 150 pages): on a cheap phone on bad Wi-Fi that must
  // not compete with the first taps, so it waits for a quiet moment a few seconds after load.
  function later() {
    setTimeout(function () {
      if ("requestIdleCallback" in window) { window.requestIdleCallback(register, { timeout: 5000 }); } else { register(); }
    }, 5000);
  }
  if (document.readyState === "complete") { later(); } else { window.addEventListener("load", later); }
})();
