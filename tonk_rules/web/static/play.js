// The play page's only script (shipped in the package, nothing from elsewhere): refresh the live part of the
// seat's page when the table changes (asked every 0.4 s: a move shows on the other phones within a second),
// say so when the server stops answering, and keep a double tap from sending a move twice (the server moves
// once per position's key anyway).
(function () {
  "use strict";
  var box = document.getElementById("live"), gone = document.getElementById("gone");
  if (!box) { return; }
  var src = box.getAttribute("data-src"), version = box.getAttribute("data-v"), lost = false, sending = false;
  var say = function (now) {
    if (now !== lost && gone) { gone.textContent = now ? gone.getAttribute("data-said") : ""; }
    lost = now;
  };
  var tick = function () {
    if (sending) { return; }
    var req = new XMLHttpRequest();
    req.open("GET", src + "?v=" + encodeURIComponent(version));
    req.timeout = 3000;
    req.onload = function () {
      if (req.status === 200 && !sending) {
        box.innerHTML = req.responseText;
        version = req.getResponseHeader("X-Version") || version;
        var old = document.querySelector(".refusal");
        if (old) { old.parentNode.removeChild(old); }
      }
      say(false);
      setTimeout(tick, 400);
    };
    req.onerror = req.ontimeout = function () { say(true); setTimeout(tick, 1000); };
    req.send();
  };
  setTimeout(tick, 400);
  document.addEventListener("submit", function (event) {
    if (sending) { event.preventDefault(); return; }
    sending = true;
    var buttons = event.target.querySelectorAll("button");
    setTimeout(function () {
      for (var i = 0; i < buttons.length; i++) { buttons[i].disabled = true; }
    }, 0);
  });
}());
