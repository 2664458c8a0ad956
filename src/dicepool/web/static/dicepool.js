// The table's times in the reader's own zone: the server writes UTC (ISO 8601 with its zone)
// in <time datetime>; each is shown here as local time, on load and whenever HTMX swaps news in.
(function () {
  "use strict";
  function localTimes(root) {
    root.querySelectorAll("time[datetime]:not([data-local])").forEach(function (t) {
      var when = new Date(t.dateTime);
      if (isNaN(when)) { return; }
      var day = t.dataset.show === "day";
      t.textContent = day
        ? when.toLocaleString([], { dateStyle: "medium", timeStyle: "short" })
        : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      t.title = when.toLocaleString();
      t.dataset.local = "1";
    });
  }
  // The log of one character: the entries about others hidden (news filtered as it comes).
  function filterLog() {
    var pick = document.getElementById("log-filter");
    if (!pick) { return; }
    document.querySelectorAll("#log > li.entry").forEach(function (entry) {
      var about = JSON.parse(entry.dataset.about || "[]");
      entry.hidden = pick.value !== "" && about.indexOf(pick.value) < 0;
    });
  }

  // A new roll said to screen readers: its roller, its line and its outcome, in the live
  // region #announce (the entries the page opened with are not news).
  function announce() {
    var region = document.getElementById("announce");
    var log = document.getElementById("log");
    if (!region || !log) { return; }
    var fresh = [];
    log.querySelectorAll("li.entry:not([data-said])").forEach(function (entry) {
      entry.dataset.said = "1";
      if (!region.dataset.ready || !entry.classList.contains("kind-rolled")) { return; }
      var part = function (selector) {
        var found = entry.querySelector(selector);
        return found ? found.textContent.replace(/\s+/g, " ").trim() : "";
      };
      fresh.push([part(".who"), "rolled", part(".line code"), part(".verdict")].join(" ").trim());
    });
    region.dataset.ready = "1";
    if (fresh.length) { region.textContent = fresh.join(". "); }
  }

  function refresh() { localTimes(document); filterLog(); announce(); }
  document.addEventListener("DOMContentLoaded", refresh);
  document.addEventListener("htmx:afterSettle", refresh);
  document.addEventListener("htmx:oobAfterSwap", refresh);
  document.addEventListener("htmx:wsAfterMessage", refresh);
  document.addEventListener("change", function (event) {
    if (event.target.id === "log-filter") { filterLog(); }
  });

  // The answer to a button floats in view (see #notice in dicepool.css): a success goes after a
  // few seconds, an error stays until read (a click puts it away) or the next answer.
  var NOTICE_MS = 6000;
  document.addEventListener("htmx:afterSwap", function (event) {
    var notice = event.detail.target;
    if (!notice || notice.id !== "notice") { return; }
    var shown = notice.innerHTML;
    if (notice.querySelector(".ok") && !notice.querySelector(".link-once")) {
      setTimeout(function () { if (notice.innerHTML === shown) { notice.replaceChildren(); } }, NOTICE_MS);
    }
  });
  document.addEventListener("click", function (event) {
    var notice = document.getElementById("notice");
    if (notice && notice.contains(event.target) && !event.target.closest("a, button, input")) {
      notice.replaceChildren();
    }
  });

  // Everything the page does by script is here, none of it written into the HTML: the server's
  // Content-Security-Policy runs no inline script (nor HTMX's hx-on, which evaluates text).

  // The live feed's state, beside the table's name.
  function liveState(text) {
    var state = document.getElementById("live-state");
    if (state) { state.textContent = text; }
  }
  document.addEventListener("htmx:wsOpen", function () { liveState("live"); });
  document.addEventListener("htmx:wsClose", function (event) {
    var ended = String(event.detail.event.code) === document.body.dataset.endedCode;
    liveState(ended ? "closed: this link no longer works; ask the storyteller for a new one"
      : "reconnecting…");
  });

  // The lists sent again live (the roll box's "for", the log's filter) keep the choice made.
  var KEPT_CHOICES = ["roll-for", "log-filter"];
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (target && KEPT_CHOICES.indexOf(target.id) >= 0) { target.dataset.was = target.value; }
  });
  document.addEventListener("htmx:oobAfterSwap", function () {
    KEPT_CHOICES.forEach(function (id) {
      var list = document.getElementById(id);
      if (list && list.dataset.was !== undefined) { list.value = list.dataset.was; delete list.dataset.was; }
    });
  });

  // The roll box: a roll carries a nonce of the browser's (16 random bytes, hex) that is also
  // its idempotency key, kept until the roll is answered, so a roll sent again after a network
  // failure is never rolled twice; a line changed is a new roll.
  function rollForm(event) {
    var form = event.detail.elt;
    return form && form.id === "roll-form" ? form : null;
  }
  function newNonce() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, function (x) { return x.toString(16).padStart(2, "0"); }).join("");
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var form = rollForm(event);
    if (!form) { return; }
    form.dataset.nonce = form.dataset.nonce || newNonce();
    event.detail.parameters.nonce = form.dataset.nonce;
    form.dataset.sent = form.querySelector("[name=line]").value;
  });
  document.addEventListener("htmx:sendError", function (event) {
    if (!rollForm(event)) { return; }
    document.getElementById("roll-problem").textContent =
      "Not sent: the table cannot be reached. Your line is kept: press Roll again.";
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = rollForm(event);
    // 4xx answers are swapped in as the page's words (see base.html's htmx-config), but only a
    // roll logged clears the box: a refused one keeps what was typed, to mend and send again
    if (!form || !event.detail.xhr || event.detail.xhr.status >= 300 || !event.detail.xhr.status) { return; }
    delete form.dataset.nonce;
    form.dataset.last = form.dataset.sent;
    var again = document.getElementById("repeat-roll");
    again.hidden = false;
    again.title = "Roll " + form.dataset.last + " again";
    document.getElementById("roll-problem").textContent = "";
    form.querySelector("[name=line]").value = "";
    var hidden = form.querySelector("#hidden");
    if (hidden) { hidden.checked = false; }
    form.querySelectorAll(".roll-choices input, .roll-choices select").forEach(function (c) {
      if (c.type === "checkbox") { c.checked = false; }
      else if (c.tagName === "SELECT") { c.selectedIndex = 0; }
      else { c.value = c.defaultValue; }
    });
    htmx.trigger(form.querySelector("[name=line]"), "cleared");
  });
  document.addEventListener("input", function (event) {
    if (event.target.id === "line") { delete event.target.form.dataset.nonce; }
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    var line = document.getElementById("line");
    if (button && button.id === "repeat-roll") {  // the last roll's line, rolled again
      var form = document.getElementById("roll-form");
      line.value = form.dataset.last;
      form.requestSubmit();
    } else if (button && button.dataset.trait && line) {  // a trait of the sheet, added
      line.value = line.value.trim() ? line.value.trim() + " + " + button.dataset.trait
        : button.dataset.trait;
      line.dispatchEvent(new Event("input", { bubbles: true }));
      line.focus();
    } else if (button && button.classList.contains("copy")) {  // a link, copied
      var link = document.getElementById(button.dataset.for);
      var done = function () { button.textContent = "Copied"; };
      link.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(link.value).then(done);
      } else {
        document.execCommand("copy");
        done();
      }
    } else if (event.target.matches("input.link")) {
      event.target.select();
    }
  });
})();
