// The player's own check of the dice (issue 22), in this browser, trusting no server code.
//
// It remembers, in this browser's local storage, per table: the nonce of every roll it sent
// and the seal's commitment it saw then, the contribution it added to each seal, and the
// heads of the log (each event's hash) the page showed. When a seal closes it reads the log
// as this seat sees it (/c/ID/export), and with Web Crypto alone it checks the hash chain
// (each event hashes the one before it; each event it sees whole hashes to its digest), the
// heads it kept, its contributions, and recomputes its own rolls' faces from the published
// seed, saying "your N rolls check out" or naming the one that does not. README, "The dice
// scheme", says what is hashed and how; this file follows it.
(function () {
  "use strict";
  var GENESIS = "0000000000000000000000000000000000000000000000000000000000000000";
  var KEPT_HEADS = 2000;  // the newest heads kept per table (local storage is small)
  var KEPT_ROLLS = 500;  // the newest rolls of this browser kept per table
  var encoder = new TextEncoder();

  function hex(bytes) {
    return Array.from(new Uint8Array(bytes), function (x) { return x.toString(16).padStart(2, "0"); }).join("");
  }
  function unhex(text) {
    var bytes = new Uint8Array(text.length / 2);
    for (var i = 0; i < bytes.length; i++) { bytes[i] = parseInt(text.substr(2 * i, 2), 16); }
    return bytes;
  }
  function sha256(text) {
    return crypto.subtle.digest("SHA-256", typeof text === "string" ? encoder.encode(text) : text).then(hex);
  }
  function hmac(key, message) {
    return crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"])
      .then(function (k) { return crypto.subtle.sign("HMAC", k, message); })
      .then(function (sig) { return new Uint8Array(sig); });
  }

  // The chain's JSON: keys sorted, no whitespace, every character past ASCII as \uXXXX.
  function ascii(text) {
    return text.replace(/[\u007f-\uffff]/g, function (c) {
      return "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
    });
  }
  function canonical(value) {
    if (value === null || typeof value !== "object") { return ascii(JSON.stringify(value)); }
    if (Array.isArray(value)) { return "[" + value.map(canonical).join(",") + "]"; }
    return "{" + Object.keys(value).sort().map(function (k) {
      return ascii(JSON.stringify(k)) + ":" + canonical(value[k]);
    }).join(",") + "}";
  }

  // What this browser keeps of a table.
  function kept(campaign) {
    var found = null;
    try { found = JSON.parse(localStorage.getItem("dicepool.fair." + campaign)); } catch (e) { found = null; }
    found = found || {};
    found.rolls = found.rolls || [];     // {nonce, seal, commitment}
    found.heads = found.heads || {};     // seq -> hash
    found.given = found.given || {};     // seal -> contribution
    return found;
  }
  function keep(campaign, state) {
    var seqs = Object.keys(state.heads).map(Number).sort(function (a, b) { return a - b; });
    seqs.slice(0, Math.max(0, seqs.length - KEPT_HEADS)).forEach(function (s) { delete state.heads[s]; });
    state.rolls = state.rolls.slice(-KEPT_ROLLS);
    localStorage.setItem("dicepool.fair." + campaign, JSON.stringify(state));
  }
  function sealLine() { return document.getElementById("seal"); }
  function say(text, good) {
    var fair = document.getElementById("fair");
    if (!fair) { return; }
    fair.hidden = false;
    fair.textContent = text;
    fair.className = "fair " + (good ? "ok" : "bad");
  }
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRF-Token"]; } catch (e) { return ""; }
  }

  // The heads the page shows: every entry's hash, and the seal line's head.
  function collectHeads(state) {
    document.querySelectorAll("#log li.entry[data-hash]").forEach(function (entry) {
      state.heads[entry.dataset.seq] = entry.dataset.hash;
    });
    var line = sealLine();
    if (line && line.dataset.head) { state.heads[line.dataset.headSeq] = line.dataset.head; }
  }

  // A player's browser adds 32 random bytes to each seal it sees open, once.
  function contribute(line, state) {
    var seal = line.dataset.seal;
    if (!line.dataset.player || state.given[seal] || line.dataset.sending === seal) { return; }
    var bytes = new Uint8Array(32);
    crypto.getRandomValues(bytes);
    var given = hex(bytes);
    line.dataset.sending = seal;
    var body = new URLSearchParams({ commitment: line.dataset.commitment, contribution: given, csrf: csrf() });
    fetch("/c/" + line.dataset.campaign + "/seals/" + seal + "/contribute", {
      method: "POST", body: body, credentials: "same-origin",
    }).then(function (answer) {
      var now = kept(line.dataset.campaign);
      if (answer.ok) { now.given[seal] = given; keep(line.dataset.campaign, now); }
      else if (answer.status === 409) { now.given[seal] = now.given[seal] || "elsewhere"; keep(line.dataset.campaign, now); }
    }).finally(function () { delete line.dataset.sending; });
  }

  // The roll box's nonce, remembered with the seal seen when the roll is answered.
  var pending = null;
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    var line = sealLine();
    if (!form || form.id !== "roll-form" || !line || !line.dataset.player) { return; }
    var typed = event.detail.parameters.faces;
    pending = typed && String(typed).trim() ? null
      : { nonce: event.detail.parameters.nonce, seal: Number(line.dataset.seal), commitment: line.dataset.commitment };
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    var line = sealLine();
    if (!form || form.id !== "roll-form" || !pending || !line || !event.detail.successful) { return; }
    var state = kept(line.dataset.campaign);
    if (!state.rolls.some(function (r) { return r.nonce === pending.nonce; })) { state.rolls.push(pending); }
    keep(line.dataset.campaign, state);
    pending = null;
  });

  // The faces of a roll's stream: HMAC-SHA256 blocks of "roll_no:nonce:block" under the key.
  function streamFaces(key, rollNo, nonce, runs) {
    var buffer = [];
    var block = 0;
    var faces = [];
    function more() {
      return hmac(key, encoder.encode(rollNo + ":" + nonce + ":" + block)).then(function (bytes) {
        block += 1;
        buffer = buffer.concat(Array.from(bytes));
      });
    }
    function take(width) {
      if (buffer.length >= width) { return Promise.resolve(buffer.splice(0, width)); }
      return more().then(function () { return take(width); });
    }
    var dice = [];
    runs.forEach(function (run) { for (var i = 0; i < run[1]; i++) { dice.push(run[0]); } });
    function next(index) {
      if (index >= dice.length) { return Promise.resolve(faces); }
      var sides = dice[index];
      var width = sides <= 256 ? 1 : 2;
      var span = width === 1 ? 256 : 65536;
      return take(width).then(function (bytes) {
        var value = width === 1 ? bytes[0] : bytes[0] * 256 + bytes[1];
        if (value < span - span % sides) { faces.push(value % sides + 1); return next(index + 1); }
        return next(index);
      });
    }
    return next(0);
  }
  function mixedKey(seed, contributions) {
    return contributions.reduce(function (key, given) {
      return key.then(function (k) { return hmac(k, unhex(given)); });
    }, Promise.resolve(seed));
  }

  // The faces a rolled event shows, in the order its dice were read (packed or listed).
  function diceOf(record) {
    var dice = record.dice;
    if (Array.isArray(dice)) { return dice.map(function (d) { return d.face; }); }
    var width = dice.faces.length / dice.packed;
    var faces = [];
    for (var i = 0; i < dice.packed; i++) { faces.push(parseInt(dice.faces.substr(i * width, width), 36)); }
    return faces;
  }
  function facesShown(data) {
    var result = data.result;
    if (result.attacker && result.defender) { return diceOf(result.attacker).concat(diceOf(result.defender)); }
    return diceOf(result);
  }
  function named(event) { return "event " + event.id + " (seq " + event.seq + ")"; }

  // The hash chain of the log as this seat sees it: the first break, or null.
  function checkChain(events) {
    var prev = GENESIS;
    var hashes = {};
    var step = function (index) {
      if (index >= events.length) { return Promise.resolve({ hashes: hashes }); }
      var e = events[index];
      var c = e.chain || {};
      if (e.seq !== index + 1) { return Promise.resolve({ bad: "events are missing before " + named(e) + ": the log was cut" }); }
      if (c.prev !== prev) { return Promise.resolve({ bad: named(e) + " does not follow the event before it" }); }
      return sha256(prev + ":" + e.seq + ":" + c.digest).then(function (hash) {
        if (hash !== c.hash) { return { bad: named(e) + "'s hash is not its link's" }; }
        if (!c.salt) { return null; }
        var body = { actor: e.actor, at: e.at, data: e.data, kind: e.kind, salt: c.salt, seq: e.seq };
        return sha256(canonical(body)).then(function (digest) {
          return digest === c.digest ? null : { bad: named(e) + " was changed after it was logged" };
        });
      }).then(function (broken) {
        if (broken) { return broken; }
        hashes[e.seq] = c.hash;
        prev = c.hash;
        return step(index + 1);
      });
    };
    return step(0);
  }

  // Every check of this browser, over the export: what to say, each problem named.
  function checkAll(exported, state, seat) {
    var events = exported.events;
    return Promise.all([checkChain(events), checkRolls(events, state, seat)]).then(function (found) {
      var chain = found[0], rolls = found[1];
      var problems = rolls.problems.slice();
      if (chain.bad) { problems.push("The log's chain is broken: " + chain.bad + "."); }
      else {
        var changed = Object.keys(state.heads).map(Number).sort(function (a, b) { return a - b; })
          .find(function (seq) { return chain.hashes[seq] !== state.heads[seq]; });
        if (changed !== undefined) { problems.push("The log changed at or before seq " + changed + " since this browser saw it."); }
      }
      if (problems.length) { return { good: false, text: problems.join(" ") }; }
      return { good: true, text: "Checked in this browser: your " + rolls.ok + " roll" + (rolls.ok === 1 ? "" : "s") +
        (rolls.ok === 1 ? " checks" : " check") + " out, and the log's chain holds." };
    });
  }
  function checkRolls(events, state, seat) {
    var opened = {}, seeds = {}, mine = {};
    events.forEach(function (e) {
      if (e.kind === "seal-open") { opened[e.data.seal] = e.data.commitment; }
      if (e.kind === "seal-close") { seeds[e.data.seal] = e.data.seed; }
      if (e.kind === "seal-contributed" && e.actor === seat) { mine[e.data.seal] = e.data.contribution; }
    });
    var problems = [];
    Object.keys(state.given).forEach(function (s) {
      if (seeds[s] && state.given[s] !== "elsewhere" && mine[s] !== state.given[s]) {
        problems.push("Your contribution to seal " + s + " is not the one in the log.");
      }
    });
    var work = state.rolls.map(function (remembered) {
      var event = events.find(function (e) {
        return e.kind === "rolled" && e.actor === seat && e.data.seal && e.data.seal.nonce === remembered.nonce;
      });
      if (!event) { return Promise.resolve({ bad: "Your roll with nonce " + remembered.nonce.slice(0, 8) + "… is not in the log." }); }
      var ref = event.data.seal;
      if (!seeds[ref.seal]) { return Promise.resolve({ open: true }); }
      if (ref.seal === remembered.seal && opened[ref.seal] !== remembered.commitment) {
        return Promise.resolve({ bad: "Seal " + ref.seal + "'s commitment is not the one you saw." });
      }
      var before = events.filter(function (e) {
        return e.kind === "seal-contributed" && e.data.seal === ref.seal && e.seq < event.seq;
      }).map(function (e) { return e.data.contribution; });
      if ((ref.mixed || 0) !== before.length) {
        return Promise.resolve({ bad: "Your roll " + named(event) + " names another mix of contributions than the log's." });
      }
      var seed = unhex(seeds[ref.seal]);
      return sha256(seed).then(function (digest) {
        if (digest !== opened[ref.seal]) { return { bad: "Seal " + ref.seal + "'s seed is not its commitment's." }; }
        return mixedKey(seed, before).then(function (key) { return streamFaces(key, ref.roll_no, ref.nonce, ref.sides); })
          .then(function (faces) {
            var shown = facesShown(event.data);
            var wrong = shown.findIndex(function (f, i) { return f !== faces[i]; });
            if (wrong < 0 && shown.length === faces.length) { return { ok: true }; }
            return { bad: "Your roll " + named(event) + " does not check out: die " + (wrong + 1) +
              " shows " + shown[wrong] + ", the stream gives " + faces[wrong] + "." };
          });
      });
    });
    return Promise.all(work).then(function (results) {
      results.forEach(function (r) { if (r.bad) { problems.push(r.bad); } });
      return { problems: problems, ok: results.filter(function (r) { return r.ok; }).length };
    });
  }

  // A check when the page opens and whenever a seal closes, once the browser holds something
  // of a closed seal (a roll, a contribution).
  var checkedAt = 0;
  function check(line, state) {
    var open = Number(line.dataset.seal);
    var held = state.rolls.some(function (r) { return r.seal < open; })
      || Object.keys(state.given).some(function (s) { return Number(s) < open; });
    if (checkedAt === open || !held) { return; }
    checkedAt = open;
    if (!(window.crypto && crypto.subtle)) {
      say("This page is not on a secure address (HTTPS or this machine): your browser cannot check the dice here.", false);
      return;
    }
    fetch("/c/" + line.dataset.campaign + "/export", { credentials: "same-origin" })
      .then(function (answer) {
        if (!answer.ok) { throw new Error("the log could not be read (" + answer.status + ")"); }
        return answer.json();
      })
      .then(function (exported) { return checkAll(exported, state, line.dataset.seat); })
      .then(function (said) { say(said.text, said.good); })
      .catch(function (error) { say("The dice could not be checked: " + error.message, false); });
  }

  function refresh() {
    var line = sealLine();
    if (!line || !line.dataset.player || !window.localStorage) { return; }
    var state = kept(line.dataset.campaign);
    collectHeads(state);
    keep(line.dataset.campaign, state);
    contribute(line, state);
    check(line, state);
  }
  document.addEventListener("DOMContentLoaded", refresh);
  document.addEventListener("htmx:afterSettle", refresh);
  document.addEventListener("htmx:oobAfterSwap", refresh);
  document.addEventListener("htmx:wsAfterMessage", refresh);
}());
