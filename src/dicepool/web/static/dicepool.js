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
  document.addEventListener("DOMContentLoaded", function () { localTimes(document); });
  document.addEventListener("htmx:afterSettle", function () { localTimes(document); });
  document.addEventListener("htmx:oobAfterSwap", function () { localTimes(document); });
  document.addEventListener("htmx:wsAfterMessage", function () { localTimes(document); });
})();
