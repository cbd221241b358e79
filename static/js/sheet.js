/* Facedown: a game page's card sheet and folded zones, as a judge at a real table expects.
 * - A tap anywhere on a card's tile (its face panel, its type line) opens its sheet, as its
 *   title line does; links, buttons and summaries inside the tile keep their own job.
 * - The phone's Back closes an open sheet instead of leaving the game: opening one adds a
 *   history entry (the same address), Back pops it and the sheet closes.
 * - A folded zone (graveyard, exile, trash...) stays open or closed as it was left, across
 *   reloads, live refreshes and seat switches: remembered in localStorage by zone kind only,
 *   never by anything about the cards in it. */
(function () {
  "use strict";

  var KEY = "facedown.zones";

  function sheetHost() { return document.getElementById("sheet"); }
  function sheetOpen() {
    var host = sheetHost();
    return !!(host && host.firstElementChild);
  }

  /* --- Any tap on a tile opens its sheet --- */
  document.addEventListener("click", function (evt) {
    var target = evt.target;
    if (!(target instanceof Element) || evt.defaultPrevented) { return; }
    if (target.closest("a, button, summary, input, select, textarea, label")) { return; }
    var tile = target.closest("li.tile");
    var main = tile && tile.querySelector("a.tile-main");
    if (main) { main.click(); }
  });

  /* --- Back closes the sheet --- */
  function ours() { return !!(history.state && history.state.fdSheet); }

  function closeSheet() {
    var host = sheetHost();
    if (host) { host.replaceChildren(); }
  }

  /* history.back() is asynchronous: until its popstate arrives, `ours()` still says the
   * sheet's entry is there. An answer made of out-of-band swaps (only what changed) fires
   * afterSwap once per swapped element: the entry must be dropped once, not once each (each
   * back() would leave one more page behind). */
  var goingBack = false;

  document.addEventListener("htmx:afterSwap", function (evt) {
    var host = sheetHost();
    if (!host || !evt.detail) { return; }
    if (evt.detail.target === host && sheetOpen()) {
      if (!ours()) { history.pushState({ fdSheet: true }, "", location.href); }
    } else if (!sheetOpen() && ours() && !goingBack) {
      /* Closed another way (its Close link, or an action's answer emptied it): drop the entry
       * it added, so the next Back leaves the page as it should. */
      goingBack = true;
      history.back();
    }
  });

  /* A reload keeps the entry's state but not the sheet: forget that the entry was ours. */
  if (ours() && !sheetOpen()) { history.replaceState(null, "", location.href); }

  window.addEventListener("popstate", function () {
    goingBack = false;
    if (sheetOpen()) { closeSheet(); }
  });

  /* --- Folded zones remember being open --- */
  function remembered() {
    try { return JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch (e) { return {}; }
  }

  function restoreZones() {
    var open = remembered();
    document.querySelectorAll("details[data-remember]").forEach(function (zone) {
      var kind = zone.getAttribute("data-remember");
      if (Object.prototype.hasOwnProperty.call(open, kind)) { zone.open = !!open[kind]; }
    });
  }

  /* `toggle` does not bubble: listen while it is captured. */
  document.addEventListener("toggle", function (evt) {
    var zone = evt.target;
    if (!(zone instanceof HTMLDetailsElement) || !zone.hasAttribute("data-remember")) { return; }
    var open = remembered();
    open[zone.getAttribute("data-remember")] = zone.open;
    try { localStorage.setItem(KEY, JSON.stringify(open)); } catch (e) { /* private mode */ }
  }, true);

  document.addEventListener("htmx:afterSwap", restoreZones);
  /* A live update may swap only the parts that changed (out of band): a zone among them. */
  document.addEventListener("htmx:oobAfterSwap", restoreZones);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", restoreZones);
  } else {
    restoreZones();
  }
})();
