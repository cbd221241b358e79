/* Facedown: "Share" buttons. A button with data-share="<url>" (hidden until this script runs,
 * and only shown where the browser has the Web Share API) opens the system's share sheet. */
(function () {
  "use strict";
  if (!navigator.share) { return; }
  function show() {
    document.querySelectorAll("button[data-share]").forEach(function (b) { b.hidden = false; });
  }
  document.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest("button[data-share]");
    if (!button) { return; }
    navigator.share({ title: button.getAttribute("data-share-title") || document.title, url: button.getAttribute("data-share") })
      .catch(function () { /* dismissed: nothing to do */ });
  });
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", show); } else { show(); }
})();
