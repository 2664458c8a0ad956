// Open panels kept open: the live feed sends the sheets, the story, the log (after an undo),
// the seal and the seats again (out-of-band swaps), drawn as the server opens them; each
// <details> a reader opened or closed (a sheet's Actions, its edit form, New character, the
// table's settings, an action on a roll) is put back as it was before the swap, in the
// incoming copy itself, so nothing flickers.
(function () {
  "use strict";
  // the parts the live feed sends again: dicepool.js's list, loaded before this file
  var SENT_AGAIN = window.dicepoolLiveParts;

  // A panel's key across swaps: the sheet or entry it belongs to, its class, its summary.
  function key(details) {
    var sheet = details.closest("[data-character], li[data-seq]");
    var summary = details.querySelector(":scope > summary");
    return [
      sheet ? sheet.getAttribute("data-character") || sheet.getAttribute("data-seq") : "",
      details.className,
      summary ? summary.textContent.trim() : ""
    ].join("\u0000");
  }

  function openStates(root) {
    var states = {};
    root.querySelectorAll("details").forEach(function (details) {
      states[key(details)] = details.open;
    });
    return states;
  }

  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var old = event.detail.target;
    var fragment = event.detail.fragment;
    if (!old || SENT_AGAIN.indexOf(old.id) < 0 || !fragment) { return; }
    var states = openStates(old);
    fragment.querySelectorAll("details").forEach(function (details) {
      var was = states[key(details)];
      if (was === true) { details.setAttribute("open", ""); }
      if (was === false) { details.removeAttribute("open"); }
    });
  });
})();
