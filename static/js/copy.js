/* Facedown: "copy link" buttons. A button with data-copy="<text>" (hidden until this script
 * runs, so without JavaScript only the read-only field shows) copies its text, or selects
 * the field it controls when the clipboard is not available. */
(function () {
  "use strict";
  function show() {
    document.querySelectorAll("button[data-copy]").forEach(function (b) { b.hidden = false; });
  }
  function done(button) {
    var label = button.getAttribute("data-copied");
    if (label) { button.textContent = label; }
  }
  function select(button) {
    var field = document.getElementById(button.getAttribute("aria-controls") || "");
    if (field && field.select) { field.focus(); field.select(); }
  }
  document.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest("button[data-copy]");
    if (!button) { return; }
    var text = button.getAttribute("data-copy");
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(button); }, function () { select(button); });
    } else {
      select(button);
    }
  });
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", show); } else { show(); }
})();
