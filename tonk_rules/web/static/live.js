// The only script: refresh the live part of a page when the event changes (asked every second), and keep a
// double tap from sending a form twice in a row (a resend after a dropped connection is safe anyway: every
// hand form carries its own idempotency key).
(function () {
  "use strict";
  var box = document.getElementById("live");
  if (box) {
    var src = box.getAttribute("data-src"), version = box.getAttribute("data-v");
    var tick = function () {
      var req = new XMLHttpRequest();
      req.open("GET", src + "?v=" + encodeURIComponent(version));
      req.timeout = 5000;
      req.onload = function () {
        if (req.status === 200) {
          box.innerHTML = req.responseText;
          version = req.getResponseHeader("X-Version") || version;
        }
        setTimeout(tick, 1000);
      };
      req.onerror = req.ontimeout = function () { setTimeout(tick, 2000); };
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
