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
})();
