// Seats and links: every link a page shows is a read-only field with Copy and Share (never an
// anchor to tap by mistake); the live feed's state; the page of a seat whose link stopped
// working greyed out whole, with a banner saying what to do; the viewer's own seat shown online
// while its live feed is open; a form that asks before it leaves a seat.
// (A static file: the server's Content-Security-Policy runs no inline script.)
(function () {
  "use strict";

  var ENDED = "This link no longer works: the storyteller gave this seat a new link or " +
    "revoked it. Ask them for the new link.";

  // -- links: Copy, and Share where the browser has a share sheet (a phone's) ----------------

  function shareButtons() {
    var can = typeof navigator.share === "function";
    document.querySelectorAll("button.share").forEach(function (button) { button.hidden = !can; });
  }
  document.addEventListener("DOMContentLoaded", shareButtons);
  document.addEventListener("htmx:afterSettle", shareButtons);

  function copy(button) {
    var link = document.getElementById(button.dataset.for);
    var done = function () { button.textContent = "Copied"; };
    link.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link.value).then(done, function () {
        document.execCommand("copy");
        done();
      });
    } else {
      document.execCommand("copy");
      done();
    }
  }

  function share(button) {
    var link = document.getElementById(button.dataset.for);
    navigator.share({ title: button.dataset.title || document.title, url: link.value })
      .then(function () { button.textContent = "Shared"; }, function () { /* put away */ });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (button && button.classList.contains("copy")) {
      copy(button);
    } else if (button && button.classList.contains("share")) {
      share(button);
    } else if (event.target.matches("input.link")) {  // a tap selects the whole link
      event.target.select();
    }
  });

  // A plain form that leaves a seat (the storyteller's, above all) asks once more.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) { event.preventDefault(); }
  });

  // -- the live feed: its state, the viewer's own seat, and a seat ended ---------------------

  var live = false;

  function liveState(text) {
    var state = document.getElementById("live-state");
    if (state) { state.textContent = text; }
  }

  // The viewer's own seat in the seats card: online while its feed is open (the server drew it
  // online too, but a card sent again or a dropped feed must not say otherwise).
  function ownSeat() {
    var row = document.querySelector("#seats li.seat-row.you");
    if (!row) { return; }
    var said = live ? "online now (you)" : "reconnecting… (you)";
    var dot = row.querySelector(".presence");
    var words = row.querySelector(".presence-words");
    if (dot) {
      dot.classList.toggle("on", live);
      dot.title = said;
      dot.setAttribute("aria-label", said);
    }
    if (words) { words.textContent = said; }
  }
  document.addEventListener("htmx:oobAfterSwap", function () { if (live) { ownSeat(); } });
  document.addEventListener("htmx:afterSwap", function () { if (live) { ownSeat(); } });
  document.addEventListener("htmx:wsAfterMessage", function () { if (live) { ownSeat(); } });

  // The seat's link stopped working: every control of the page greyed out and inert, and a
  // banner at the top says what happened and what to do.
  function ended() {
    var body = document.body;
    if (body.classList.contains("ended")) { return; }
    body.classList.add("ended");
    liveState("closed: this link no longer works; ask the storyteller for a new one");
    var main = document.querySelector("main");
    if (!main) { return; }
    main.querySelectorAll("button, input, select, textarea, fieldset").forEach(function (c) {
      c.disabled = true;
    });
    main.querySelectorAll("form").forEach(function (f) { f.setAttribute("aria-disabled", "true"); });
    Array.prototype.forEach.call(main.children, function (child) { child.inert = true; });
    var banner = document.createElement("div");
    banner.className = "ended-banner";
    banner.setAttribute("role", "alert");
    var head = document.createElement("strong");
    head.textContent = "This link no longer works";
    banner.append(head, ENDED.slice("This link no longer works".length));
    main.prepend(banner);
    window.scrollTo(0, 0);
  }

  // A log sent again that ends before the newest entry this page showed: the table was restored
  // from an older copy while the page was away. The feed sent the log, the sheets and the story
  // as they now stand; a banner says why entries went (never silence).
  var newest = null;  // the newest entry's number this page showed
  function newestShown() {
    var top = document.querySelector("#log > li.entry");  // the log is newest first
    return top ? Number(top.dataset.seq) : 0;
  }
  function restored(now, before) {
    var main = document.querySelector("main");
    var banner = document.getElementById("restored-banner") || document.createElement("div");
    if (!main) { return; }
    banner.id = "restored-banner";
    banner.className = "restored-banner";
    banner.setAttribute("role", "alert");
    var head = document.createElement("strong");
    head.textContent = "The log was restored from an older copy";
    var words = document.createElement("span");
    words.textContent = ": it now ends at event " + now + ", before the " + before +
      " this page showed. The log, the sheets and the story are shown as they now stand. ";
    var ok = document.createElement("button");
    ok.type = "button";
    ok.className = "small";
    ok.textContent = "OK";
    ok.addEventListener("click", function () { banner.remove(); });
    banner.replaceChildren(head, words, ok);
    main.prepend(banner);
  }
  document.addEventListener("htmx:wsAfterMessage", function () {
    var now = newestShown();
    if (newest !== null && now < newest) { restored(now, newest); }
    newest = now;
  });
  document.addEventListener("DOMContentLoaded", function () { newest = newestShown(); });

  // A feed closed otherwise (the server restarted, the network dropped) reconnects by itself;
  // but a page whose link stopped working while it was away would only ever "reconnect" (the
  // handshake is refused before any close code): a cheap request of the seat's says which.
  function stillSeated() {
    var table = location.pathname.match(/^\/c\/(\d+)/);
    if (!table || !document.body.dataset.endedCode) { return; }
    fetch("/c/" + table[1] + "/odds", { credentials: "same-origin", headers: { "HX-Request": "true" } })
      .then(function (answer) { if (answer.status === 401) { ended(); } }, function () { /* down */ });
  }

  document.addEventListener("htmx:wsOpen", function () {
    live = true;
    liveState("live");
    ownSeat();
  });
  document.addEventListener("htmx:wsClose", function (event) {
    live = false;
    if (String(event.detail.event.code) === document.body.dataset.endedCode) {
      ended();
      return;
    }
    liveState("reconnecting…");
    ownSeat();
    stillSeated();
  });
})();
