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

  // What this browser keeps of a table: its receipts (one a roll it sent), its contributions
  // and the heads the page showed. A receipt: the nonce, the commitment of the seal the roll
  // named, this browser's contribution to that seal (if it sent one), and once the table
  // answered, the event's seq and chain hash; "state" says whether it was answered.
  function kept(campaign) {
    var found = null;
    try { found = JSON.parse(localStorage.getItem("dicepool.fair." + campaign)); } catch (e) { found = null; }
    found = found || {};
    found.receipts = found.receipts || [];
    (found.rolls || []).forEach(function (old) {  // kept before receipts: never answered, as far as we know
      found.receipts.push({ nonce: old.nonce, commitment: old.commitment, seal: old.seal, seq: null, state: "sent" });
    });
    delete found.rolls;
    found.heads = found.heads || {};     // seq -> hash
    found.given = found.given || {};     // seal -> contribution
    return found;
  }
  function keep(campaign, state) {
    var seqs = Object.keys(state.heads).map(Number).sort(function (a, b) { return a - b; });
    seqs.slice(0, Math.max(0, seqs.length - KEPT_HEADS)).forEach(function (s) { delete state.heads[s]; });
    state.receipts = state.receipts.slice(-KEPT_ROLLS);
    localStorage.setItem("dicepool.fair." + campaign, JSON.stringify(state));
  }
  function sealLine() { return document.getElementById("seal"); }
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

  // A player's browser adds 32 random bytes to each seal it sees open, once; a roll waits for
  // it (see htmx:confirm below), so that the roll's key mixes it in.
  var contributing = {};  // seal -> the promise of its contribution's answer
  function contribute(line, state) {
    var seal = line.dataset.seal;
    if (!line.dataset.player || state.given[seal]) { return Promise.resolve(); }
    if (contributing[seal]) { return contributing[seal]; }
    var bytes = new Uint8Array(32);
    crypto.getRandomValues(bytes);
    var given = hex(bytes);
    var campaign = line.dataset.campaign;
    var body = new URLSearchParams({ commitment: line.dataset.commitment, contribution: given, csrf: csrf() });
    contributing[seal] = fetch("/c/" + campaign + "/seals/" + seal + "/contribute", {
      method: "POST", body: body, credentials: "same-origin",
    }).then(function (answer) {
      var now = kept(campaign);
      if (answer.ok) { now.given[seal] = given; keep(campaign, now); }
      else if (answer.status === 409) { now.given[seal] = now.given[seal] || "elsewhere"; keep(campaign, now); }
    }).catch(function () { return null; }).finally(function () { delete contributing[seal]; });
    return contributing[seal];
  }

  // The roll box. Each roll names the seal this page shows open (its commitment): the table
  // draws it from that seal or refuses it (409) and sends the open one, and the page sends the
  // roll again (the same nonce: one roll, never two) once this browser has added to that seal.
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
  document.addEventListener("htmx:confirm", function (event) {
    var line = sealLine();
    if (!rollForm(event) || !line || !line.dataset.player || !window.localStorage) { return; }
    if (kept(line.dataset.campaign).given[line.dataset.seal]) { return; }
    event.preventDefault();  // the roll goes once this browser has added to the open seal
    var waited = new Promise(function (resolve) { setTimeout(resolve, 5000); });
    Promise.race([contribute(line, kept(line.dataset.campaign)), waited])
      .then(function () { event.detail.issueRequest(true); });
  });
  document.addEventListener("htmx:configRequest", function (event) {
    var line = sealLine();
    var parameters = event.detail.parameters;
    if (!rollForm(event) || !line || typedFaces(parameters)) { return; }
    parameters.commitment = line.dataset.commitment;
    if (!line.dataset.player || !window.localStorage) { return; }
    var state = kept(line.dataset.campaign);
    var receipt = receiptOf(state, parameters.nonce);
    if (!receipt) {
      receipt = { nonce: parameters.nonce };
      state.receipts.push(receipt);
    }
    var given = state.given[line.dataset.seal];
    receipt.commitment = line.dataset.commitment;
    receipt.seal = Number(line.dataset.seal);
    receipt.contribution = given && given !== "elsewhere" ? given : undefined;
    receipt.line = String(parameters.line || "").slice(0, 80);
    receipt.seq = null;
    receipt.hash = undefined;
    receipt.state = "sent";
    keep(line.dataset.campaign, state);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = rollForm(event);
    var line = sealLine();
    var xhr = event.detail.xhr;
    if (!form || !line || !xhr || !xhr.status) { return; }  // not answered: the receipt waits
    var moved = xhr.status === 409 && xhr.getResponseHeader("X-Seal-Commitment");
    var nonce = event.detail.requestConfig.parameters.nonce;
    if (line.dataset.player && window.localStorage && nonce) {
      var state = kept(line.dataset.campaign);
      var receipt = receiptOf(state, nonce);
      if (receipt && xhr.status < 300) {
        receipt.state = "rolled";
        receipt.seq = Number(xhr.getResponseHeader("X-Roll-Seq")) || null;
        receipt.hash = xhr.getResponseHeader("X-Roll-Hash") || undefined;
      } else if (receipt && !moved) {
        receipt.state = "refused";  // the rules refused it: nothing was rolled
      }
      keep(line.dataset.campaign, state);
      if (receipt && receipt.seal < Number(line.dataset.seal)) { checkedAt = -1; }  // answered after its seal closed: check again
      refresh();
    }
    if (!moved) { return; }
    if (form.dataset.resentFor === nonce) {  // moved again: the player decides
      document.getElementById("roll-problem").textContent =
        "The seal changed again while your roll was on its way: nothing was rolled. Press Roll to send it in the open seal.";
      return;
    }
    form.dataset.resentFor = nonce;
    setTimeout(function () { form.requestSubmit(); }, 50);  // once the open seal's line is in
  });

  // The receipts, as a file `dicepool verify EXPORT --receipts FILE` checks.
  function receiptsFile(campaign) {
    var state = kept(campaign);
    return {
      format: "dicepool-receipts", version: 1, campaign: Number(campaign),
      receipts: state.receipts.filter(function (r) { return r.commitment; }).map(function (r) {
        var one = { nonce: r.nonce, commitment: r.commitment, seq: r.state === "rolled" ? r.seq : null };
        if (r.contribution) { one.contribution = r.contribution; }
        if (r.hash && r.state === "rolled") { one.hash = r.hash; }
        return one;
      }),
    };
  }
  document.addEventListener("click", function (event) {
    var line = sealLine();
    if (!event.target.closest("#my-receipts") || !line) { return; }
    var text = JSON.stringify(receiptsFile(line.dataset.campaign), null, 1);
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    link.download = "receipts-" + line.dataset.campaign + ".json";
    document.body.appendChild(link);
    link.click();
    link.remove();
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
  function named(event) { return "seq " + event.seq; }

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

  // Every check of this browser, over the export: what to say, and a line per roll of its own
  // that is not plainly fine (an alarm names the roll and what differs).
  function checkAll(exported, state, seat) {
    var events = exported.events;
    return Promise.all([checkChain(events), checkReceipts(events, state)]).then(function (found) {
      var chain = found[0], rolls = found[1];
      var problems = contributionProblems(events, state, seat);
      var outside = events.filter(function (e) { return e.unsealed; }).map(function (e) { return e.seq; });
      if (outside.length) {
        problems.unshift(outside.length + " roll" + (outside.length === 1 ? "" : "s") + " outside every seal (seq " +
          outside.join(", ") + "): the server chose " + (outside.length === 1 ? "its" : "their") + " dice.");
      }
      if (chain.bad) { problems.push("The log's chain is broken: " + chain.bad + "."); }
      else {
        var changed = Object.keys(state.heads).map(Number).sort(function (a, b) { return a - b; })
          .find(function (seq) { return chain.hashes[seq] !== state.heads[seq]; });
        if (changed !== undefined) { problems.push("The log changed at or before seq " + changed + " since this browser saw it."); }
      }
      var count = function (status) { return rolls.filter(function (r) { return r.status === status; }).length; };
      var alarms = count("alarm");
      var lines = rolls.filter(function (r) { return r.status === "alarm" || r.status === "not-rolled"; });
      var parts = [];
      var checked = count("checked"), waiting = count("open"), notRolled = count("not-rolled");
      if (checked) { parts.push("your " + plural(checked, "roll") + (checked === 1 ? " checks" : " check") + " out"); }
      if (waiting) { parts.push(plural(waiting, "roll") + " of yours in the open seal " + (waiting === 1 ? "waits" : "wait") + " for it to close"); }
      if (notRolled) { parts.push(notRolled + " not rolled (refused, or never reached the table)"); }
      var mine = parts.length ? parts.join("; ")
        : "this browser sent no roll in the closed seals, so it has no roll of its own to check";
      if (problems.length || alarms) {
        var head = alarms ? plural(alarms, "roll") + " of yours " + (alarms === 1 ? "does" : "do") + " not check out (below). " : "";
        var rest = parts.length ? " Otherwise: " + mine + "." : "";
        return { good: false, text: ("Checked in this browser: " + head + problems.join(" ")).trim() + rest, items: lines };
      }
      return { good: true, text: "Checked in this browser: " + mine + ", and the log's chain holds.", items: lines };
    });
  }
  function plural(count, noun) { return count + " " + noun + (count === 1 ? "" : "s"); }

  // This browser's contributions: each in the log as it was sent, under this seat.
  function contributionProblems(events, state, seat) {
    var seeds = {}, mine = {};
    events.forEach(function (e) {
      if (e.kind === "seal-close") { seeds[e.data.seal] = e.data.seed; }
      if (e.kind === "seal-contributed" && e.actor === seat) { mine[e.data.seal] = e.data.contribution; }
    });
    return Object.keys(state.given).filter(function (s) {
      return seeds[s] && state.given[s] !== "elsewhere" && mine[s] !== state.given[s];
    }).map(function (s) { return "Your contribution to seal " + s + " is not the one in the log."; });
  }

  // The log's seals as a receipt's check reads them.
  function sealsOf(events) {
    var seals = { commitment: {}, number: {}, seed: {}, added: {}, bySeq: {}, byNonce: {} };
    events.forEach(function (e) {
      var d = e.data || {};
      seals.bySeq[e.seq] = e;
      if (e.kind === "seal-open") { seals.commitment[d.seal] = d.commitment; seals.number[d.commitment] = d.seal; }
      if (e.kind === "seal-close") { seals.seed[d.seal] = d.seed; }
      if (e.kind === "seal-contributed") { (seals.added[d.seal] = seals.added[d.seal] || []).push({ seq: e.seq, given: d.contribution }); }
      if (e.kind === "rolled" && d.seal && typeof d.seal.nonce === "string" && d.seal.nonce) { seals.byNonce[d.seal.nonce] = e; }
    });
    return seals;
  }

  // Each receipt of a closed seal (the one it named, or the one its roll was logged in):
  // checked, open, not rolled, or an alarm naming the roll and what differs.
  function checkReceipts(events, state) {
    var seals = sealsOf(events);
    var work = state.receipts.filter(function (r) { return r.commitment; }).map(function (r) {
      var answered = r.state === "rolled" && r.seq;
      var event = answered ? seals.bySeq[r.seq] : seals.byNonce[r.nonce];
      var named = seals.number[r.commitment];
      var ref = event && event.data && event.data.seal;
      var closed = seals.seed[named] || (ref && seals.seed[ref.seal]);
      if (!closed) { return Promise.resolve({ status: event ? "open" : "pending" }); }  // its seal is still open
      var roll = "Your roll " + (r.line ? "`" + r.line + "` " : "") + "(nonce " + r.nonce.slice(0, 8) + "…" + (answered ? ", seq " + r.seq : "") + ")";
      var alarm = function (what) { return { status: "alarm", text: roll + " " + what + "." }; };
      if (!event) {
        if (!answered) { return Promise.resolve({ status: "not-rolled", text: roll + " was not rolled: " + (r.state === "refused" ? "the table refused it" : "it never reached the table") + "." }); }
        return Promise.resolve(alarm("is not in the log at seq " + r.seq + ", though the table said it logged it there"));
      }
      if (event.kind !== "rolled" || !ref || ref.nonce !== r.nonce) {
        return Promise.resolve(alarm("is not in the log: seq " + r.seq + " holds another event"));
      }
      if (r.hash && answered && event.chain && event.chain.hash !== r.hash) {
        return Promise.resolve(alarm("is not the event the table answered with: the log changed at seq " + r.seq));
      }
      if (named === undefined || ref.seal !== named) {
        return Promise.resolve(alarm("was logged in seal " + ref.seal + ", not in " + (named === undefined ? "the seal" : "seal " + named) + " whose commitment it named"));
      }
      var added = seals.added[ref.seal] || [];
      if (r.contribution) {
        var at = added.findIndex(function (a) { return a.given === r.contribution; });
        if (at < 0 || added[at].seq > event.seq) { return Promise.resolve(alarm("came before your contribution to seal " + ref.seal + " was logged")); }
        if (at >= (ref.mixed || 0)) { return Promise.resolve(alarm("does not mix in your contribution to seal " + ref.seal)); }
      }
      var before = added.filter(function (a) { return a.seq < event.seq; }).slice(0, ref.mixed || 0).map(function (a) { return a.given; });
      if (before.length !== (ref.mixed || 0)) { return Promise.resolve(alarm("mixes in contributions the log does not hold before it")); }
      var seed = unhex(seals.seed[ref.seal]);
      return sha256(seed).then(function (digest) {
        if (digest !== seals.commitment[ref.seal]) { return alarm("reads seal " + ref.seal + ", whose seed is not its commitment's"); }
        return mixedKey(seed, before).then(function (key) { return streamFaces(key, ref.roll_no, ref.nonce, ref.sides); })
          .then(function (faces) {
            var shown = facesShown(event.data);
            var wrong = shown.findIndex(function (f, i) { return f !== faces[i]; });
            if (wrong < 0 && shown.length === faces.length) { return { status: "checked" }; }
            if (wrong < 0) { return alarm("shows " + shown.length + " dice, the stream gives " + faces.length); }
            return alarm("does not check out: die " + (wrong + 1) + " shows " + shown[wrong] + ", the stream gives " + faces[wrong]);
          });
      });
    });
    return Promise.all(work).then(function (results) {
      return results.filter(function (r) { return r.status !== "pending"; });
    });
  }

  // A check when the page opens, and whenever a seal closes while it is open: over the log as
  // this seat sees it (/c/ID/export), with Web Crypto alone.
  var checkedAt = 0;
  function check(line, state) {
    var open = Number(line.dataset.seal);
    if (checkedAt === -1) {  // asked again: a roll of a closed seal was answered since
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
      .then(function (said) { say(said.text, said.good, said.items); })
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
