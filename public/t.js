// Content Studio tracker (decision 021): no cookies, no storage. One view per page load, then the
// seconds the page was visible, sent on a heartbeat and when the page is hidden or left.
(function () {
  var s = document.currentScript;
  if (!s || !navigator.sendBeacon) return;
  var dnt = navigator.doNotTrack === "1" || window.doNotTrack === "1" || navigator.globalPrivacyControl === true;
  if (s.getAttribute("data-dnt") === "1" && dnt) return;
  var url = new URL(s.src).origin + "/api/event";
  var a = new Uint8Array(12);
  crypto.getRandomValues(a);
  var id = btoa(String.fromCharCode.apply(null, a)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  var tagged = document.querySelector("[data-content]");
  var content = s.getAttribute("data-content") || (tagged && tagged.getAttribute("data-content")) || undefined;
  var total = 0;
  var sent = 0;
  var since = document.visibilityState === "visible" ? Date.now() : 0;
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
  // Under the endpoint's 2 kB: a very long referrer is cut, not the view lost.
  send({ k: "v", u: location.href.slice(0, 1500), r: document.referrer.slice(0, 300), c: content, p: id });
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
