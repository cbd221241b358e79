/* Facedown: keep a seat page in step with its game when the network stumbles.
 * (And when a button's request fails, say that nothing was done.)
 * htmx-ext-sse tells #live "changed" and #live fetches its fragment. If that fetch fails,
 * or the stream drops and comes back, or the phone wakes up or comes back online, ask
 * again (with a growing pause after failures). The stream itself carries no card data. */
(function () {
  "use strict";
  var failures = 0;
  var timer = null;
  var streamBroke = false;

  function live() { return document.getElementById("live"); }

  function refresh() {
    var el = live();
    if (el && window.htmx) { window.htmx.trigger(el, "fd:refresh"); }
  }

  function retryLater() {
    clearTimeout(timer);
    failures = Math.min(failures + 1, 6);
    timer = setTimeout(refresh, 500 * Math.pow(2, failures - 1));
  }

  function isLive(evt) {
    var el = live();
    return !!el && evt.detail && evt.detail.elt === el;
  }

  /* A tap whose request failed (a button or a card, offline, rate limit, server error): say
   * it was not done. */
  function notSent() {
    var notice = document.getElementById("notice");
    if (!notice || !notice.dataset.failed) { return; }
    var box = document.createElement("div");
    box.className = "notice notice-bad";
    box.setAttribute("role", "alert");
    var text = document.createElement("p");
    text.textContent = notice.dataset.failed;
    box.appendChild(text);
    notice.replaceChildren(box);
  }

  function failed(evt) {
    if (isLive(evt)) { retryLater(); } else if (evt.detail && evt.detail.elt) { notSent(); }
  }

  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:responseError", failed);
  document.addEventListener("htmx:afterRequest", function (evt) {
    if (isLive(evt) && evt.detail.successful) { failures = 0; clearTimeout(timer); }
  });
  document.addEventListener("htmx:sseError", function () { streamBroke = true; });
  document.addEventListener("htmx:sseOpen", function () {
    if (streamBroke) { streamBroke = false; refresh(); }
  });
  window.addEventListener("online", refresh);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { refresh(); }
  });
})();
