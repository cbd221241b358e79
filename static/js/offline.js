/* Facedown: say on a game page when the network is gone. The page gets the class "offline"
 * on <html> while the browser says it is offline or while a request to the server just
 * failed (a hotspot that drops packets is "online" to the browser); the live dot turns red
 * and a label says that nothing tapped is sent (facedown.css, "installable and offline"). The first
 * request that succeeds, or the browser coming back online, clears it. */
(function () {
  "use strict";
  var root = document.documentElement;
  function mark(offline) { root.classList.toggle("offline", offline); }
  mark(!navigator.onLine);
  window.addEventListener("offline", function () { mark(true); });
  window.addEventListener("online", function () { mark(false); });
  document.addEventListener("htmx:sendError", function () { mark(true); });
  document.addEventListener("htmx:sseError", function () { if (!navigator.onLine) { mark(true); } });
  document.addEventListener("htmx:afterRequest", function (evt) {
    if (evt.detail && evt.detail.successful) { mark(!navigator.onLine); }
  });
})();
