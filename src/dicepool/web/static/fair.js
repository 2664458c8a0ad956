// The player's side of the dice scheme (issues 22 and 28), in this browser: it adds its own
// random bytes to each seal, sends each roll pinned to what it saw before the server could
// learn the roll's nonce, keeps a receipt of every roll, and has fair-check.js check them all
// when a seal closes.
//
// A roll is sent only once this browser's contribution to the open seal is logged, and it
// names that seal (its commitment) and the contributions it saw (`mixed`): the table draws
// it with exactly that key or refuses it (409), rolling nothing. A roll sent again after a
// lost answer names the same; after a refusal the server knows the nonce, so the page sends
// the roll again once, as a new roll with a new nonce, in the seal it now shows. What it
// keeps, per table and seat, in local storage: receipts (nonce, commitment, mixed, its own
// contribution, and once answered the event's seq and chain hash), its contributions, the
// heads the page showed, and the seals checked already.
(function () {
  "use strict";
  var KEPT_HEADS = 2000;  // the newest heads kept per table (local storage is small)
  var KEPT_ROLLS = 500;  // the newest receipts kept per table
  var KEPT_SEALS = 100;  // the newest seals' contributions and checks kept per table
  var HASH = /^[0-9a-f]{64}$/;

  function hex(bytes) {
    return Array.from(bytes, function (x) { return x.toString(16).padStart(2, "0"); }).join("");
  }
  function sealLine() { return document.getElementById("seal"); }
  function storeKey(line) { return "dicepool.fair." + line.dataset.campaign + "." + line.dataset.seat; }

  // What this browser keeps of a table, for its seat.
  function kept(line) {
    var found = null;
    try {
      found = JSON.parse(localStorage.getItem(storeKey(line)) ||
        localStorage.getItem("dicepool.fair." + line.dataset.campaign));  // kept before seats had their own
    } catch (e) { found = null; }
    found = found || {};
    found.receipts = (found.receipts || []).concat((found.rolls || []).map(function (old) {
      return { nonce: old.nonce, commitment: old.commitment, seal: old.seal, seq: null, state: "sent" };
    }));
    delete found.rolls;
    found.heads = found.heads || {};       // seq -> hash
    found.given = found.given || {};       // seal -> {c: own contribution, m: contributions after it}
    Object.keys(found.given).forEach(function (s) {  // kept before: the bytes alone, or "elsewhere"
      var given = found.given[s];
      if (typeof given === "string") {
        if (HASH.test(given)) { found.given[s] = { c: given, m: 0 }; } else { delete found.given[s]; }
      }
    });
    found.verified = found.verified || {};  // seal -> its close's hash, once checked
    return found;
  }
  function newest(map, count) {
    Object.keys(map).map(Number).sort(function (a, b) { return a - b; })
      .slice(0, Math.max(0, Object.keys(map).length - count)).forEach(function (k) { delete map[k]; });
  }
  function keep(line, state) {
    newest(state.heads, KEPT_HEADS);
    newest(state.given, KEPT_SEALS);
    newest(state.verified, KEPT_SEALS);
    state.receipts = state.receipts.slice(-KEPT_ROLLS);
    try {
      localStorage.setItem(storeKey(line), JSON.stringify(state));
    } catch (e) {
      say("This browser's storage is full or turned off: it keeps no receipts, so it cannot check your dice here. " +
        "Free some space (or allow this site's storage) and reload.", false);
    }
  }
  function say(text, good, items) {
    var fair = document.getElementById("fair");
    if (!fair) { return; }
    fair.hidden = false;
    document.getElementById("fair-said").textContent = text;
    var list = document.getElementById("fair-list");
    list.replaceChildren();
    (items || []).forEach(function (item) {
      var li = document.createElement("li");
      li.className = item.status;
      li.textContent = item.text;
      list.appendChild(li);
    });
    fair.className = "fair " + (good ? "ok" : "bad");
  }
  function rollProblem(text) { document.getElementById("roll-problem").textContent = text; }
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRF-Token"]; } catch (e) { return ""; }
  }

  // The heads the page shows: every entry's hash, and the seal line's head.
  function collectHeads(state) {
    var note = function (seq, hash) { if (/^[0-9]{1,12}$/.test(seq || "") && HASH.test(hash || "")) { state.heads[seq] = hash; } };
    document.querySelectorAll("#log li.entry[data-hash]").forEach(function (entry) { note(entry.dataset.seq, entry.dataset.hash); });
    var line = sealLine();
    if (line) { note(line.dataset.headSeq, line.dataset.head); }
  }

  // A player's browser adds 32 random bytes to each seal it sees open, once; the answer says
  // how many contributions the seal holds with it.
  var contributing = {};  // seal -> the promise of its contribution's answer
  function contribute(line) {
    var seal = line.dataset.seal;
    if (!line.dataset.player || kept(line).given[seal]) { return Promise.resolve(); }
    if (contributing[seal]) { return contributing[seal]; }
    var bytes = new Uint8Array(32);
    crypto.getRandomValues(bytes);
    var given = hex(bytes);
    var body = new URLSearchParams({ commitment: line.dataset.commitment, contribution: given, csrf: csrf() });
    contributing[seal] = fetch("/c/" + line.dataset.campaign + "/seals/" + seal + "/contribute", {
      method: "POST", body: body, credentials: "same-origin",
    }).then(function (answer) {
      if (!answer.ok) { return null; }
      return answer.json().then(function (added) {
        var now = kept(line);
        now.given[seal] = { c: given, m: Number(added.mixed) || 0 };
        keep(line, now);
      });
    }).catch(function () { return null; }).finally(function () { delete contributing[seal]; });
    return contributing[seal];
  }

  // The roll box.
  function rollForm(event) {
    var form = event.detail.elt;
    return form && form.id === "roll-form" ? form : null;
  }
  function typedFaces(parameters) {
    var typed = parameters.faces;
    return Boolean(typed && String(typed).trim());
  }
  function receiptOf(state, nonce) {
    return state.receipts.find(function (r) { return r.nonce === nonce; });
  }
  // A player's roll waits for this browser's contribution to the open seal, and is not sent
  // without it: the seed alone would be the server's choice.
  document.addEventListener("htmx:confirm", function (event) {
    var line = sealLine();
    if (!rollForm(event) || !line || !line.dataset.player || !window.localStorage) { return; }
    if (kept(line).given[line.dataset.seal]) { return; }
    event.preventDefault();
    contribute(line).then(function () {
      if (kept(line).given[line.dataset.seal]) { event.detail.issueRequest(true); return; }
      rollProblem("Not sent: this browser could not add its own dice to seal " + line.dataset.seal +
        ", and without them the server alone would choose yours. Reload the page, then roll again.");
    });
  });
  document.addEventListener("htmx:configRequest", function (event) {
    var line = sealLine();
    var parameters = event.detail.parameters;
    var form = rollForm(event);
    if (!form || !line || typedFaces(parameters)) { return; }
    if (form.dataset.resending) {  // the roll sent again after a refusal: once, not in a loop
      form.dataset.resent = parameters.nonce;
      delete form.dataset.resending;
    }
    parameters.commitment = line.dataset.commitment;
    if (!line.dataset.player || !window.localStorage) { return; }
    var state = kept(line);
    var receipt = receiptOf(state, parameters.nonce);
    if (receipt && receipt.state === "sent") {  // sent again after a lost answer: as it was first
      parameters.commitment = receipt.commitment;
      parameters.mixed = receipt.mixed;
      return;
    }
    var given = state.given[line.dataset.seal];
    receipt = receipt || { nonce: parameters.nonce };
    if (state.receipts.indexOf(receipt) < 0) { state.receipts.push(receipt); }
    receipt.commitment = line.dataset.commitment;
    receipt.seal = Number(line.dataset.seal);
    receipt.mixed = Math.max(Number(line.dataset.mixed) || 0, given ? given.m : 0);
    receipt.contribution = given ? given.c : undefined;
    receipt.line = String(parameters.line || "").slice(0, 80);
    receipt.seq = null;
    receipt.hash = undefined;
    receipt.state = "sent";
    parameters.mixed = receipt.mixed;
    keep(line, state);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = rollForm(event);
    var line = sealLine();
    var xhr = event.detail.xhr;
    if (!form || !line || !xhr || !xhr.status) { return; }  // not answered: the receipt waits
    var moved = xhr.status === 409 && xhr.getResponseHeader("X-Seal-Commitment");
    var nonce = event.detail.requestConfig.parameters.nonce;
    if (line.dataset.player && window.localStorage && nonce) {
      var state = kept(line);
      var receipt = receiptOf(state, nonce);
      if (receipt && xhr.status < 300) {
        receipt.state = "rolled";
        receipt.seq = /^[0-9]{1,12}$/.test(xhr.getResponseHeader("X-Roll-Seq") || "") ? Number(xhr.getResponseHeader("X-Roll-Seq")) : null;
        var hash = xhr.getResponseHeader("X-Roll-Hash") || "";
        receipt.hash = HASH.test(hash) ? hash : undefined;
      } else if (receipt) {
        receipt.state = moved ? "moved" : "refused";  // nothing was rolled
      }
      keep(line, state);
      if (receipt && receipt.seal < Number(line.dataset.seal)) { checkedAt = -1; }  // answered after its seal closed: check again
      refresh();
    }
    if (!moved) { return; }
    delete form.dataset.nonce;  // the server knows that one now: the roll goes again as a new one
    if (form.dataset.resent === nonce) {
      rollProblem("The seal changed again while your roll was on its way: nothing was rolled. Press Roll to send it in the open seal.");
      return;
    }
    form.dataset.resending = "1";
    setTimeout(function () { form.requestSubmit(); }, 50);  // once the open seal's line is in
  });

  // The receipts, as a file `dicepool verify EXPORT --receipts FILE` checks.
  function receiptsFile(line) {
    return {
      format: "dicepool-receipts", version: 1, campaign: Number(line.dataset.campaign),
      receipts: kept(line).receipts.filter(function (r) { return r.commitment; }).map(function (r) {
        var one = { nonce: r.nonce, commitment: r.commitment, seq: r.state === "rolled" ? r.seq : null };
        if (typeof r.mixed === "number") { one.mixed = r.mixed; }
        if (r.contribution) { one.contribution = r.contribution; }
        if (r.hash && r.state === "rolled") { one.hash = r.hash; }
        if (r.state === "refused" || r.state === "moved") { one.refused = true; }
        if (r.state === "rolled" && !r.seq) { one.answered = true; }
        return one;
      }),
    };
  }
  document.addEventListener("click", function (event) {
    var line = sealLine();
    if (!event.target.closest("#my-receipts") || !line) { return; }
    var text = JSON.stringify(receiptsFile(line), null, 1);
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    link.download = "receipts-" + line.dataset.campaign + ".json";
    document.body.appendChild(link);
    link.click();
    link.remove();
  });

  // A check when the page opens, and whenever a seal closes while it is open (or a roll of a
  // closed seal is answered): over the log as this seat sees it, by fair-check.js.
  var checkedAt = 0;
  function check(line, state) {
    var open = Number(line.dataset.seal);
    if (checkedAt === -1) {  // asked again
      checkedAt = 0;
    } else if (!checkedAt) {  // the page just opened: a check only if it holds something of a closed seal
      checkedAt = open;
      var held = state.receipts.some(function (r) { return r.seal < open; })
        || Object.keys(state.given).some(function (s) { return Number(s) < open; });
      if (!held) { return; }
    } else if (checkedAt === open) {
      return;
    }
    checkedAt = open;
    if (!(window.crypto && crypto.subtle && window.dicepoolCheck)) {
      say("This page is not on a secure address (HTTPS or this machine): your browser cannot check the dice here.", false);
      return;
    }
    fetch("/c/" + line.dataset.campaign + "/export", { credentials: "same-origin" })
      .then(function (answer) {
        if (!answer.ok) { throw new Error("the log could not be read (" + answer.status + "); it is tried again with the table's next news"); }
        return answer.json();
      })
      .then(function (exported) { return window.dicepoolCheck(exported, state, line.dataset.seat); })
      .then(function (said) {
        var now = kept(line);  // what changed meanwhile (a roll answered) stays: only the seals checked are added
        Object.assign(now.verified, state.verified);
        keep(line, now);
        say(said.text, said.good, said.items);
      })
      .catch(function (error) { checkedAt = -1; say("The dice could not be checked yet: " + error.message, false); });
  }

  function refresh() {
    var line = sealLine();
    if (!line || !line.dataset.player || !window.localStorage) { return; }
    var state = kept(line);
    collectHeads(state);
    keep(line, state);
    contribute(line);
    check(line, kept(line));
  }
  document.addEventListener("DOMContentLoaded", refresh);
  // once a message: a live message swaps several parts (each an oobAfterSwap), then settles
  document.addEventListener("htmx:afterSettle", refresh);
  document.addEventListener("htmx:wsAfterMessage", refresh);
}());
