// Content Studio tracker (decisions 021, 026): no cookies, no storage. One view per page load and per
// client-side navigation (history.pushState, Back/Forward), then the seconds the page was visible,
// sent on a heartbeat and when the page is hidden, left, or navigated away from.
(function () {
  var s = document.currentScript;
  if (!s || !navigator.sendBeacon) return;
  var dnt = navigator.doNotTrack === "1" || window.doNotTrack === "1" || navigator.globalPrivacyControl === true;
  if (s.getAttribute("data-dnt") === "1" && dnt) return;
  var url = new URL(s.src).origin + "/api/event";
  var id, total, sent, since, at;
  function send(body) {
    navigator.sendBeacon(url, JSON.stringify(body));
  }
  function seconds() {
    return Math.floor((total + (since ? Date.now() - since : 0)) / 1000);
  }
  function report() {
    var now = seconds();
    if (now > sent) {
      sent = now;
      send({ k: "e", p: id, s: now });
    }
  }
  // A new page: its own random id, its own reading time.
  function view(referrer) {
    var a = new Uint8Array(12);
    crypto.getRandomValues(a);
    id = btoa(String.fromCharCode.apply(null, a)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    total = sent = 0;
    since = document.visibilityState === "visible" ? Date.now() : 0;
    at = location.pathname + location.search;
    var tagged = document.querySelector("[data-content]");
    var content = s.getAttribute("data-content") || (tagged && tagged.getAttribute("data-content")) || undefined;
    // Under the endpoint's 2 kB: a very long referrer is cut, not the view lost.
    send({ k: "v", u: location.href.slice(0, 1500), r: referrer.slice(0, 300), c: content, p: id });
  }
  // A single-page site changes the URL without loading a page. The page left gets its time first;
  // the new one is counted after the router has rendered it (its data-content), and not for a
  // change of the #fragment alone.
  function navigated() {
    if (location.pathname + location.search === at) return;
    report();
    since = 0; // the page left stops counting
    var from = location.origin + at;
    at = location.pathname + location.search;
    setTimeout(function () {
      view(from);
    });
  }
  var push = history.pushState;
  history.pushState = function () {
    push.apply(this, arguments);
    navigated();
  };
  addEventListener("popstate", navigated);
  view(document.referrer);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") since = Date.now();
    else {
      if (since) total += Date.now() - since;
      since = 0;
      report();
    }
  });
  addEventListener("pagehide", report);
  setInterval(
    function () {
      if (since) report();
    },
    Number(s.getAttribute("data-heartbeat")) || 15000,
  );
})();
