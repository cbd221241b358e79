/* Facedown: a seat's game page loads its scripts (htmx, its live-stream extension, ours) after
 * the page is painted, never before (the judge's page does not: pages/game.html). As plain
 * deferred scripts they ran between the stylesheet's arrival and the first paint, and on a
 * slow phone they shared its bandwidth with the page:
 * the seat page showed later (Lighthouse: LCP 1.5 s against 1.0 s for the home page).
 * The page works without them meanwhile: every button is a form that posts, every card a
 * link. The URLs are this tag's data-load, run in that order, each in a task of its own.
 *
 * htmx, run after the load event, processes the page at once, before its sse extension has
 * run: the extension is then told that the elements naming a stream were processed, which
 * is when it opens their streams. <html data-scripts="loading"> says that this is not done. */
(function () {
  "use strict";
  var me = document.currentScript;
  var urls = ((me && me.getAttribute("data-load")) || "").split(" ").filter(Boolean);
  var root = document.documentElement;
  var started = false;
  if (!urls.length) { return; }
  root.setAttribute("data-scripts", "loading");

  function done() {
    if (window.htmx) {
      document.querySelectorAll("[sse-connect]").forEach(function (el) {
        window.htmx.trigger(el, "htmx:afterProcessNode");
      });
    }
    root.removeAttribute("data-scripts");
  }

  function load() {
    if (started) { return; }
    started = true;
    urls.forEach(function (url, i) {
      var script = document.createElement("script");
      script.src = url;
      script.async = false; /* in the order given: htmx first */
      if (i === urls.length - 1) {
        script.onload = done;
        script.onerror = done;
      }
      document.head.appendChild(script);
    });
  }

  /* After the load event (htmx starts itself then, and only then or before DOMContentLoaded)
   * and after the first contentful paint has reached the screen: the paint entry arrives
   * once it has, which a frame callback may precede. A hidden page paints nothing: at once. */
  function painted() {
    return performance.getEntriesByName("first-contentful-paint").length > 0;
  }
  function afterPaint() {
    if (painted() || document.visibilityState === "hidden" || !("PerformanceObserver" in window)) {
      setTimeout(load, 0);
      return;
    }
    var watch = new PerformanceObserver(function () {
      if (painted()) { watch.disconnect(); setTimeout(load, 0); }
    });
    watch.observe({ type: "paint", buffered: true });
    setTimeout(load, 3000); /* a browser that never says: load anyway */
  }
  if (document.readyState === "complete") { afterPaint(); } else { window.addEventListener("load", afterPaint); }
})();
