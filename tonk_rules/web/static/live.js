// The only script: refresh the live part of a page when the event changes (asked every second), say so when
// the server stops answering (an error, or no answer in 3 s: the notice shows within 5 s, in the words the page
// carries in #gone's data-said) and take the notice away at the next answer, and keep a double tap from sending a
// form twice in a row (a resend after a dropped connection is safe anyway: every hand form carries its own
// idempotency key).
(function () {
  "use strict";
  var box = document.getElementById("live"), gone = document.getElementById("gone");
  if (box) {
    var src = box.getAttribute("data-src"), version = box.getAttribute("data-v"), lost = false;
    var say = function (now) {
      if (now !== lost && gone) { gone.textContent = now ? gone.getAttribute("data-said") : ""; }
      lost = now;
    };
    var tick = function () {
      var req = new XMLHttpRequest();
      // after a lost connection the whole fragment is asked for (no version): the page is refreshed at once
      req.open("GET", src + "?v=" + (lost ? "" : encodeURIComponent(version)));
      req.timeout = 3000;
      req.onload = function () {
        if (req.status === 200) {
          box.innerHTML = req.responseText;
          version = req.getResponseHeader("X-Version") || version;
        }
        say(false);  // any answer, even a refusal, is the server answering
        setTimeout(tick, 1000);
      };
      req.onerror = req.ontimeout = function () { say(true); setTimeout(tick, 1000); };
      req.send();
    };
    setTimeout(tick, 1000);
  }
  document.addEventListener("submit", function (event) {
    var button = event.submitter || event.target.querySelector("button[type=submit]");
    if (!button) { return; }
    setTimeout(function () { button.disabled = true; }, 0);
    setTimeout(function () { button.disabled = false; }, 4000);
  });
}());
