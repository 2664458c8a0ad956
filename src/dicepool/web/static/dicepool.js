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

  // What is new at the table said to screen readers, in the live region #announce: each new
  // entry's one sentence, written by the server (data-news: who, what, result), oldest first.
  // The entries the page opened with are not news, nor a log sent again (on a live reconnect:
  // the `known` map); a hidden roll revealed is heard through its reveal's entry, which says it.
  var known = {};  // the entries this page has shown, by number (and "revealed"): a log sent again is not news
  function announce() {
    var region = document.getElementById("announce");
    var log = document.getElementById("log");
    if (!region || !log) { return; }
    var fresh = [], news = [];
    log.querySelectorAll("li.entry").forEach(function (entry) {
      // (an entry sent again wears its old class until HTMX settles it: read again then)
      var revealed = entry.classList.contains("revealed");
      var shown = entry.dataset.seq + (revealed ? " revealed" : "");
      if (entry.dataset.said === shown) { return; }
      entry.dataset.said = shown;
      if (known[shown]) { return; }
      known[shown] = true;
      if (!region.dataset.ready || revealed) { return; }
      var me = document.getElementById("seal");
      if (entry.classList.contains("kind-rolled") && (!me || entry.dataset.actor !== me.dataset.seat)) { news.push(entry); }
      // (an entry drawn for no one, a browser's part of the seal, or left out by the log's
      // filter, is not said either)
      if (entry.dataset.news && getComputedStyle(entry).display !== "none") { fresh.unshift(entry.dataset.news); }  // the log is newest first
    });
    region.dataset.ready = "1";
    countNews(news);
    if (fresh.length) { region.textContent = fresh.join(". "); }
  }

  // The log walked by keyboard: Tab reaches one entry (the newest, or the one last walked to),
  // the arrows move between entries (Home, End: the newest, the oldest), each a heading too.
  var roved = null;  // the number of the entry Tab reaches, once the arrows moved there
  function walkable(log) {  // (not an entry drawn for no one, nor one the log's filter left out)
    return Array.prototype.filter.call(log.querySelectorAll(":scope > li.entry"), function (e) {
      return getComputedStyle(e).display !== "none";
    });
  }
  function rove() {
    var log = document.getElementById("log");
    if (!log) { return; }
    var entries = walkable(log);
    var here = entries.filter(function (e) { return e.dataset.seq === roved; })[0] || entries[0];
    log.querySelectorAll(":scope > li.entry").forEach(function (e) { e.tabIndex = e === here ? 0 : -1; });
  }
  document.addEventListener("focusin", function (event) {
    var entry = event.target;
    if (entry.matches && entry.matches("#log > li.entry") && entry.tabIndex !== 0) { roved = entry.dataset.seq; rove(); }
  });
  document.addEventListener("keydown", function (event) {
    var entry = event.target;
    if (!entry.matches || !entry.matches("#log > li.entry")) { return; }
    var entries = walkable(entry.parentElement), at = entries.indexOf(entry);
    var to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: entries.length - 1 }[event.key];
    if (to === undefined || !entries[to]) { return; }
    event.preventDefault();
    roved = entries[to].dataset.seq;
    rove();
    entries[to].focus();
  });

  // A page kept open all evening keeps its log short, as it opened: past LOG_KEPT entries the
  // live feed added, the oldest are let go down to LOG_SHOWN (the server's page of the log),
  // and "Show older events" reads them again on demand. A reader who asked for older events
  // keeps all they have until the log is sent again whole.
  var LOG_SHOWN = 30, LOG_KEPT = 60;
  function trimLog() {
    var log = document.getElementById("log");
    var seal = document.getElementById("seal");
    if (!log || !seal || log.dataset.older) { return; }
    var entries = log.querySelectorAll(":scope > li.entry");
    if (entries.length <= LOG_KEPT) { return; }
    var n = notice();
    for (var i = LOG_SHOWN; i < entries.length; i++) {
      if (n && entries[i].contains(n)) { document.getElementById("roll-form").after(n); }  // the answer stays
      entries[i].remove();
    }
    log.querySelectorAll(":scope > li.older").forEach(function (li) { li.remove(); });
    var older = document.createElement("li");
    var button = document.createElement("button");
    older.className = "older";
    button.type = "button";
    button.className = "small subtle";
    button.textContent = "Show older events";
    button.setAttribute("hx-get", "/c/" + seal.dataset.campaign + "/log?before=" + entries[LOG_SHOWN - 1].dataset.seq);
    button.setAttribute("hx-target", "closest li");
    button.setAttribute("hx-swap", "outerHTML");
    older.appendChild(button);
    log.appendChild(older);
    htmx.process(older);
  }
  document.addEventListener("click", function (event) {
    var log = document.getElementById("log");
    if (log && event.target.closest("#log li.older button")) { log.dataset.older = "1"; }
  });

  function refresh() { localTimes(document); filterLog(); trimLog(); announce(); rove(); showMyRoll(); }
  document.addEventListener("DOMContentLoaded", refresh);
  // once a message: a live message swaps several parts (each an oobAfterSwap), then settles
  document.addEventListener("htmx:afterSettle", refresh);
  document.addEventListener("htmx:wsAfterMessage", refresh);
  document.addEventListener("change", function (event) {
    if (event.target.id === "log-filter") { filterLog(); rove(); }
  });

  // The answer to a button or a form (#notice) shows just below what sent it, in the page's
  // flow: where the eye is, over nothing. A success goes after a few seconds; an error stays
  // until it is superseded, or read: the form it refused is changed, or its x pressed. A
  // form's fields keep what was typed either way.
  var NOTICE_MS = 6000;
  var noticeFrom = null;  // the form (or button) whose answer #notice holds
  function notice() { return document.getElementById("notice"); }
  function keepInView(elt) {
    var rect = elt.getBoundingClientRect();
    if (rect.height && (rect.bottom > window.innerHeight || rect.top < 0)) { elt.scrollIntoView({ block: "nearest" }); }
  }
  var noticeBy = null;  // where the focus was when it was sent: [holder's key, rank] (see focusAgain)
  function clearNotice() {
    var n = notice(), by = noticeBy, held = n && n.contains(document.activeElement);
    if (n) { n.replaceChildren(); }
    noticeFrom = null;
    noticeBy = null;
    if (held && by) { focusAgain(by, document); }  // the answer put away: the focus back where it was sent
  }
  function anchorOf(elt) {
    return elt.closest("form") || elt.closest(".entry-tools") || elt;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt, n = notice();
    if (!n || event.detail.target !== n || !elt) { return; }
    noticeFrom = anchorOf(elt);
    noticeBy = spotOf(document.activeElement);
    noticeFrom.after(n);
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var n = event.detail.target;
    // once per answer: HTMX fires afterSwap on each element the answer swapped (the notice,
    // and each field's error it clears out of band), every one naming the notice its target
    if (!n || n.id !== "notice" || event.target !== n || !n.firstChild) { return; }
    var close = document.createElement("button");
    close.type = "button";
    close.className = "dismiss";
    close.textContent = "×";
    close.setAttribute("aria-label", "dismiss");
    n.insertBefore(close, n.querySelector(":scope > .link-once"));  // the order it is seen in
    var shown = n.firstChild;
    if (n.querySelector(".ok") && !n.querySelector(".link-once, .link-row")) {
      setTimeout(function () { if (n.firstChild === shown) { clearNotice(); } }, NOTICE_MS);
    }
    keepInView(n);
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest("#notice .dismiss")) { clearNotice(); }
  });
  document.addEventListener("input", function (event) {  // a refused form mended: its error read
    var n = notice();
    if (n && n.querySelector(".error") && noticeFrom && noticeFrom.contains(event.target)) { clearNotice(); }
  });

  // The sheets, the story, the seats, the seal and the log are sent again live (another seat's
  // action), and the seats read again every little while (who is online): what this page was
  // doing in them stays. Each form's typed fields, the focus and the answer
  // below one are found again in the new fragment: a form by its action, character, seat and
  // event; a log entry's buttons by the entry's number.
  var LIVE_PARTS = ["sheets", "story", "log", "seats", "seal"];
  window.dicepoolLiveParts = LIVE_PARTS;  // (sheets.js keeps their open panels: one list)
  function formKey(form) {
    var field = function (name) { var f = form.querySelector("[name=" + name + "]"); return f ? f.value : ""; };
    return [form.dataset.action || form.id, field("character"), field("seat"), field("event")].join("|");
  }
  function placeKey(elt) {
    if (elt.tagName === "FORM") { return "form:" + formKey(elt); }
    var entry = elt.closest("li.entry");
    return entry ? "entry:" + entry.dataset.seq : "";
  }
  function place(key, root) {
    if (key.indexOf("entry:") === 0) {
      var entry = document.getElementById("ev-" + key.slice(6));
      return entry && (entry.querySelector(".entry-tools") || entry);
    }
    var found = null;
    root.querySelectorAll("form").forEach(function (form) { if ("form:" + formKey(form) === key) { found = form; } });
    return found;
  }
  // The focus on any other control (a button, a fold's summary, a link) is found again by what
  // holds it (its form, its log entry, its sheet) and its rank there: a sheet's "lethal" after
  // it was pressed, an entry's Restore where its Undo was pressed (else it falls to the page).
  var CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, summary";
  function holderKey(elt) {
    var form = elt.closest("form"), entry = elt.closest("li.entry"), sheet = elt.closest(".sheet[data-character]");
    if (form) { return "form:" + formKey(form); }
    if (entry) { return "entry:" + entry.dataset.seq; }
    return sheet ? "sheet:" + sheet.dataset.character : "";
  }
  function spotOf(elt) {
    var holder = elt && elt.closest("form, li.entry, .sheet[data-character]");
    return holder ? [holderKey(elt), Array.prototype.indexOf.call(holder.querySelectorAll(CONTROLS), elt)] : null;
  }
  function focusAgain(spot, root) {
    var found = null;
    root.querySelectorAll("form, li.entry, .sheet[data-character]").forEach(function (h) {
      if (!found && holderKey(h) === spot[0]) { found = h; }
    });
    var controls = found ? found.querySelectorAll(CONTROLS) : [];
    if (found && spot[1] < 0) { found.focus({ preventScroll: true }); return; }  // the holder itself: a log entry walked to
    if (controls.length) { controls[Math.min(spot[1], controls.length - 1)].focus({ preventScroll: true }); }
  }
  var typed = null;
  function beforeSent(event) {
    var target = event.detail.target;
    if (!target || LIVE_PARTS.indexOf(target.id) < 0) { return; }
    if (event.type === "htmx:beforeSwap" && event.detail.xhr && event.detail.xhr.status >= 300) {
      event.detail.shouldSwap = false;  // a part read again and refused (a link ended): kept
      return;
    }
    typed = { forms: {}, notice: null, focus: null, y: window.scrollY };
    target.querySelectorAll("form").forEach(function (form) {
      var key = formKey(form), kept = {};
      form.querySelectorAll("input:not([type=hidden]), select, textarea").forEach(function (f) {
        var changed = f.type === "checkbox" ? f.checked !== f.defaultChecked
          : f.tagName === "SELECT" ? !f.options[f.selectedIndex] || !f.options[f.selectedIndex].defaultSelected
            : f.value !== f.defaultValue;
        if (changed && f.name) { kept[f.name] = f.type === "checkbox" ? f.checked : f.value; }
        if (f === document.activeElement) { typed.focus = [key, f.name]; }
      });
      typed.forms[key] = kept;
    });
    if (!typed.focus && target.contains(document.activeElement)) { typed.spot = spotOf(document.activeElement); }
    var n = notice();
    if (n && target.contains(n)) {
      typed.notice = noticeFrom && target.contains(noticeFrom) ? placeKey(noticeFrom) : "";
      document.getElementById("roll-form").after(n);  // out of harm's way while it is swapped
    }
  }
  function afterSent(event) {
    var target = event.detail.target;
    if (!typed || !target || LIVE_PARTS.indexOf(target.id) < 0) { return; }
    var fresh = document.getElementById(target.id) || target;
    fresh.querySelectorAll("form").forEach(function (form) {
      var key = formKey(form), kept = typed.forms[key] || {};
      Object.keys(kept).forEach(function (name) {
        var f = form.querySelector("[name=" + name + "]");
        if (!f) { return; }
        if (f.type === "checkbox") { f.checked = kept[name]; } else { f.value = kept[name]; }
      });
      if (typed.focus && typed.focus[0] === key) {
        var focused = form.querySelector("[name=" + typed.focus[1] + "]");
        if (focused) { focused.focus(); }
      }
    });
    var back = typed.notice && place(typed.notice, fresh);
    if (back) { noticeFrom = back.tagName === "FORM" ? back : back.closest("li.entry"); back.after(notice()); }
    if (typed.spot) { focusAgain(typed.spot, fresh); }  // (the answer back in place: it may hold it)
    window.scrollTo(window.scrollX, typed.y);  // the page stays where it was read
    if (back) { keepInView(notice()); }
    typed = null;
  }
  // (sent again by the live feed, out of band; or read again by the page itself: the seats)
  document.addEventListener("htmx:oobBeforeSwap", beforeSent);
  document.addEventListener("htmx:beforeSwap", beforeSent);
  document.addEventListener("htmx:oobAfterSwap", afterSent);
  document.addEventListener("htmx:afterSwap", afterSent);

  // What each choice of "Spend and choose" changes, from the odds box's figures, written
  // beside the choice itself ("91.8% → 99.9%"), where the player decides to spend.
  function besideChoices() {
    var choices = document.getElementById("roll-choices");
    if (!choices) { return; }
    choices.querySelectorAll("label.field").forEach(function (label) {
      var field = label.querySelector("[name]");
      if (!field) { return; }
      var chip = document.querySelector("#choice-changes [data-choice='" + field.name + "']");
      var said = label.querySelector(".choice-change");
      if (!chip) { if (said) { said.remove(); } return; }
      if (!said) {
        said = document.createElement("span");
        said.className = "choice-change hint";
        label.appendChild(said);
      }
      said.textContent = chip.textContent.replace(/^[^:]*:\s*/, "");
    });
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "odds") { besideChoices(); }
  });

  // On a phone the table's parts are tabs (see .tabs in dicepool.css): the one chosen is kept
  // for the tab's session; a part with news since it was last looked at counts them.
  var PARTS = ["roll", "sheet", "log", "table"];
  function tabKey() { return "dicepool-tab-" + location.pathname; }
  function showPart(part, focus) {
    if (PARTS.indexOf(part) < 0) { return; }
    document.body.dataset.tab = part;
    document.querySelectorAll("#tabs a").forEach(function (a) {
      var on = a.dataset.tab === part;
      if (on) { a.setAttribute("aria-current", "page"); } else { a.removeAttribute("aria-current"); }
      if (on) { var badge = a.querySelector(".unread"); badge.hidden = true; badge.textContent = ""; }
    });
    try { sessionStorage.setItem(tabKey(), part); } catch (e) { /* private mode: not kept */ }
    if (focus) {
      var panel = document.getElementById("panel-" + part);
      // the first drawn: a field in a closed fold (New character) cannot take the focus
      var first = panel && Array.prototype.find.call(panel.querySelectorAll("h2, h3, input:not([type=hidden]), button, summary"),
        function (e) { return e.getClientRects().length > 0; });
      if (first && first.tagName.match(/^H/)) { first.tabIndex = -1; }
      if (first) { first.focus({ preventScroll: true }); }
      window.scrollTo(0, 0);
    }
  }
  function phone() { return window.matchMedia("(max-width: 899.98px)").matches; }
  document.addEventListener("DOMContentLoaded", function () {
    if (!document.getElementById("tabs")) { return; }
    var kept = null;
    try { kept = sessionStorage.getItem(tabKey()); } catch (e) { /* private mode */ }
    // a new character sent back refused: its form's part, whichever was being looked at
    var refused = document.getElementById("create-error");
    var holder = refused && refused.closest("[data-panel]");
    showPart(holder ? holder.dataset.panel : kept || "roll", false);
  });
  document.addEventListener("click", function (event) {
    var tab = event.target.closest("#tabs a[data-tab]");
    if (!tab) { return; }
    event.preventDefault();
    showPart(tab.dataset.tab, true);
  });
  function countNews(entries) {
    var part = document.body.dataset.tab;
    if (!part || part === "log" || !phone()) { return; }
    var badge = document.querySelector("#tabs a[data-tab=log] .unread");
    if (!badge || !entries.length) { return; }
    badge.textContent = String(Number(badge.textContent || 0) + entries.length);
    badge.hidden = false;
  }

  // The table's latest roll, copied from its entry in the log to below the roll box: on a
  // phone, whose log is another tab, a roll's dice are seen where it was rolled, and what the
  // others roll meanwhile too. The page's own last roll is shown first until another follows.
  var myRoll = null;  // the event number of this page's last roll answered
  function showMyRoll() {
    var box = document.getElementById("my-roll");
    var log = document.getElementById("log");
    if (!box || !log) { return; }
    var latest = log.querySelector("li.entry.kind-rolled:not(.struck)");
    var mine = myRoll && document.getElementById("ev-" + myRoll);
    var entry = mine && (!latest || Number(latest.dataset.seq) <= Number(myRoll)) ? mine : latest;
    if (!entry) { box.hidden = true; return; }
    // (its words too: the roll's entry may come live before the answer that says it is ours)
    var words = (entry === mine ? "Your roll" : "The latest roll") + ", event " + entry.dataset.seq;
    if (box.dataset.seq === entry.dataset.seq && box.dataset.hash === (entry.dataset.hash || "") &&
        box.dataset.words === words) { return; }
    var copy = document.createElement("div");
    copy.innerHTML = entry.innerHTML;
    // a copy to read: the entry's tools and its actions on the roll stay in the log
    copy.querySelectorAll("form, .entry-tools, .roll-action, [id]").forEach(function (e) {
      if (e.matches("form, .entry-tools, .roll-action")) { e.remove(); } else { e.removeAttribute("id"); }
    });
    copy.querySelectorAll("h3").forEach(function (h) {  // the log's entry is the heading to jump to, not its copy
      var line = document.createElement("p");
      line.className = h.className;
      line.replaceChildren.apply(line, Array.prototype.slice.call(h.childNodes));
      h.replaceWith(line);
    });
    var head = document.createElement("p");
    head.className = "mine-head";
    head.textContent = words;
    box.replaceChildren(head, copy);
    box.dataset.seq = entry.dataset.seq;
    box.dataset.hash = entry.dataset.hash || "";
    box.dataset.words = words;
    box.hidden = false;
  }

  // Everything the page does by script is here, none of it written into the HTML: the server's
  // Content-Security-Policy runs no inline script (nor HTMX's hx-on, which evaluates text).

  // The live feed's state, and a page whose seat's link stopped working: seats.js.

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
  // A choice that stands from roll to roll: the extended action the rolls count toward, kept
  // until it is finished (the story no longer shows it in progress) or changed.
  var STANDING = ["extended"];
  function standing(field) {
    var tracker = Array.prototype.find.call(document.querySelectorAll(".tracker[data-tracker]"),
      function (t) { return t.dataset.tracker.toLowerCase() === field.value.trim().toLowerCase(); });
    return Boolean(field.value.trim()) && (!tracker || /in progress/.test(tracker.textContent));
  }
  document.addEventListener("htmx:oobAfterSwap", function (event) {  // finished: let go
    if (!event.detail.target || event.detail.target.id !== "story") { return; }
    STANDING.forEach(function (name) {
      var field = document.querySelector("#roll-choices [name=" + name + "]");
      if (field && field.value.trim() && !standing(field)) { field.value = field.defaultValue; }
    });
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = rollForm(event);
    // 4xx answers are swapped in as the page's words (see base.html's htmx-config), but only a
    // roll logged clears the box: a refused one keeps what was typed, to mend and send again
    if (!form || !event.detail.xhr || event.detail.xhr.status >= 300 || !event.detail.xhr.status) { return; }
    delete form.dataset.nonce;
    form.dataset.last = form.dataset.sent;
    myRoll = event.detail.xhr.getResponseHeader("X-Roll-Seq") || myRoll;
    showMyRoll();
    var again = document.getElementById("repeat-roll");
    again.hidden = false;
    again.title = "Roll " + form.dataset.last + " again";
    document.getElementById("roll-problem").textContent = "";
    form.querySelector("[name=line]").value = "";
    var hidden = form.querySelector("#hidden");
    if (hidden) { hidden.checked = false; }
    form.querySelectorAll(".roll-choices input, .roll-choices select").forEach(function (c) {
      if (STANDING.indexOf(c.name) >= 0 && standing(c)) { return; }
      if (c.type === "checkbox") { c.checked = false; }
      else if (c.tagName === "SELECT") { c.selectedIndex = 0; }
      else { c.value = c.defaultValue; }
    });
    // an input event, not a custom one: the odds' "changed" filter learns the line is empty,
    // so the same line typed again asks its odds again
    form.querySelector("[name=line]").dispatchEvent(new Event("input", { bubbles: true }));
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
    }  // a link's Copy and Share: seats.js
  });
})();
