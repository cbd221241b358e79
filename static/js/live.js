/* Facedown: keep a seat page in step with its game when the network stumbles.
 * (And when a button's request fails, say that nothing was done.)
 * htmx-ext-sse tells #live "changed", usually with what changed on this page for its
 * viewer (app/web/live.py): applied here when the page shows the version it starts from,
 * with no request. Otherwise #live fetches what changed. If that fetch fails, or the phone
 * wakes up or comes back online, ask again (with a growing pause after failures). A stream
 * that drops and comes back carries on from the last version it told (Last-Event-ID, or the
 * version the page shows) and brings what changed meanwhile itself: nothing is fetched for
 * it unless the page is behind what it was told. */
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

  /* The version #live shows now (the status line carries it). */
  function shownVersion() {
    var el = live();
    var status = el && el.querySelector("[data-version]");
    var n = status ? parseInt(status.getAttribute("data-version"), 10) : NaN;
    return isNaN(n) ? null : n;
  }

  /* "changed" to a version this page already shows needs no fetch: the answer to its own
   * tap is its new live region (one page render per action saved on the server).
   * The stream usually tells before that answer arrives, so while a tap (or a catch-up) is
   * on its way the news waits for its answer — a patch is never applied over a page an
   * answer is about to change — and is fetched only if the answer showed an older version. */
  var requestsOut = 0;
  var heldVersion = null;
  var toldVersion = null;  // the newest version the stream told

  function sentNews(trigger) {
    try { var news = JSON.parse(trigger.detail.data); } catch (e) { return null; }
    return news && typeof news.version === "number" ? news : null;
  }

  /* The stream's patch: out-of-band swaps only, as a catch-up's answer would bring them. */
  function applies(news, shown) {
    return typeof news.html === "string" && news.base === shown &&
      news.lang === document.documentElement.lang;
  }

  document.addEventListener("htmx:confirm", function (evt) {
    var trigger = evt.detail && evt.detail.triggeringEvent;
    if (!isLive(evt) || !trigger || trigger.type !== "sse:changed") { return; }
    var news = sentNews(trigger);
    if (news === null) { return; }
    var sent = news.version;
    toldVersion = Math.max(toldVersion === null ? sent : toldVersion, sent);
    var shown = shownVersion();
    if (shown !== null && sent <= shown) { evt.preventDefault(); return; }
    if (requestsOut > 0) {
      heldVersion = Math.max(heldVersion === null ? sent : heldVersion, sent);
      evt.preventDefault();
      return;
    }
    if (shown !== null && applies(news, shown)) {
      evt.preventDefault();
      window.htmx.swap(live(), news.html, {swapStyle: "none"});
      atShownVersion();
    }
  });

  /* A request whose answer may change #live: a tap, or #live's own catch-up. */
  function changesLive(evt) {
    var verb = evt.detail && evt.detail.requestConfig && evt.detail.requestConfig.verb;
    return verb === "post" || (verb === "get" && isLive(evt));
  }
  document.addEventListener("htmx:beforeRequest", function (evt) {
    if (changesLive(evt)) { requestsOut += 1; }
  });
  document.addEventListener("htmx:afterRequest", function (evt) {
    if (!changesLive(evt)) { return; }
    requestsOut = Math.max(0, requestsOut - 1);
    if (requestsOut === 0 && heldVersion !== null) {
      var shown = shownVersion();
      var held = heldVersion;
      heldVersion = null;
      if (shown === null || held > shown) { refresh(); }
    }
  });

  /* #live asks with the version it shows (`since`): the answer is then only what changed
   * for this viewer, as out-of-band swaps (or the whole region when the server can't tell
   * what this page shows: a reconnect after a restart, a version long gone). */
  document.addEventListener("htmx:configRequest", function (evt) {
    var shown = shownVersion();
    if (shown === null) { return; }
    if (isLive(evt) && evt.detail.verb === "get") {
      evt.detail.parameters.since = String(shown);
    } else {
      /* Any other request (a tap, from #live, the sheet or the judge's forms) says it too:
       * its answer can then be only what changed in #live since (a form's own
       * expected_version may be older: a sheet opened a few versions ago). */
      evt.detail.headers["X-Live-Version"] = String(shown);
    }
  });

  /* After #live changed: what says the version outside the new parts follows it. */
  function atShownVersion() {
    var el = live();
    var shown = shownVersion();
    if (!el || shown === null) { return; }
    formsAtVersion(el, shown);
    streamFromShownVersion(el, shown);
  }

  /* An answer that was only what changed leaves the forms it did not need to touch as they
   * were, with the version they were drawn at (app/web/live_patch.py compares forms without
   * it): each gets the version the page shows now, which is what the new region says. */
  function formsAtVersion(el, shown) {
    el.querySelectorAll("input[name='expected_version']").forEach(function (input) {
      input.setAttribute("value", String(shown));
      input.value = String(shown);
    });
  }

  /* The stream's address says the version the page shows (`v`): a stream htmx opens anew
   * (after the server refused one, say) then starts where the page is, and its first news
   * is what changed since, ready to apply. (The browser's own reconnection says the last
   * version it was told instead: Last-Event-ID.) */
  function streamFromShownVersion(el, shown) {
    var url = el.getAttribute("sse-connect");
    if (!url) { return; }
    var next = url.replace(/([?&]v=)\d+/, "$1" + String(shown));
    if (next !== url) { el.setAttribute("sse-connect", next); }
  }
  document.addEventListener("htmx:afterRequest", function (evt) {
    // A catch-up or a tap's own answer: either may be only what changed.
    if (evt.detail && evt.detail.successful) { atShownVersion(); }
  });

  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:responseError", failed);
  document.addEventListener("htmx:afterRequest", function (evt) {
    if (isLive(evt) && evt.detail.successful) { failures = 0; clearTimeout(timer); }
  });
  document.addEventListener("htmx:sseError", function () { streamBroke = true; });
  /* A stream back after a drop brings what changed meanwhile itself (above). Fetch only
   * when the page is behind what the old stream told and nothing is on its way: a patch it
   * could not apply whose fetch was lost. */
  document.addEventListener("htmx:sseOpen", function () {
    if (!streamBroke) { return; }
    streamBroke = false;
    var shown = shownVersion();
    if (shown === null || (toldVersion !== null && toldVersion > shown && requestsOut === 0)) {
      refresh();
    }
  });
  window.addEventListener("online", refresh);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { refresh(); }
  });
})();
