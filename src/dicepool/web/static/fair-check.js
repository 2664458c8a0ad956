// The player's own check of the dice (issue 22, issue 28), in this browser, trusting no code
// of the server's: given the log as this seat sees it (its export) and what this browser kept
// (its receipts, contributions and the heads the page showed), it checks with Web Crypto
// alone what `dicepool verify EXPORT --receipts FILE` checks, and says so in words.
//
// - the hash chain: each event hashes the one before it, each event seen whole hashes to its
//   digest, and every head this browser kept is on it;
// - every closed seal: its seed is its commitment's, its roll numbers run 1..N, none twice,
//   each roll mixes exactly the contributions logged before it, and shows the stream's faces;
// - every roll outside every seal (dice no seal drew, not typed by hand): an alarm, counted
//   here from the events themselves, not from any mark the server adds;
// - this browser's contributions are in the log, under its seat;
// - each receipt: the roll is in the log where the table said, in the seal and with the
//   contributions it named (its own among them), or it was plainly not rolled.
//
// docs/dice.md, "The scheme", says what is hashed and how; this file follows it. fair.js, the
// page's side, calls window.dicepoolCheck(exported, kept, seat).
(function () {
  "use strict";
  var GENESIS = "0000000000000000000000000000000000000000000000000000000000000000";
  var RULE_ROLLS = ["boundary-begun", "clock-advanced", "rested", "atoned", "intimacy-rolled"];
  var ROLLING = ["rolled", "rerolled"].concat(RULE_ROLLS);
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
  function plural(count, noun) { return count + " " + noun + (count === 1 ? "" : "s"); }

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

  // The hash chain of the log as this seat sees it: the first break, or each seq's hash.
  function checkChain(events) {
    var prev = GENESIS;
    var hashes = {};
    var step = function (index) {
      if (index >= events.length) { return Promise.resolve({ hashes: hashes }); }
      var e = events[index];
      var c = e.chain || {};
      if (e.seq !== index + 1) { return Promise.resolve({ bad: "events are missing before seq " + e.seq + ": the log was cut" }); }
      if (c.prev !== prev) { return Promise.resolve({ bad: "seq " + e.seq + " does not follow the event before it" }); }
      return sha256(prev + ":" + e.seq + ":" + c.digest).then(function (hash) {
        if (hash !== c.hash) { return { bad: "seq " + e.seq + "'s hash is not its link's" }; }
        if (!c.salt) { return null; }
        var body = { actor: e.actor, at: e.at, data: e.data, kind: e.kind, salt: c.salt, seq: e.seq };
        return sha256(canonical(body)).then(function (digest) {
          return digest === c.digest ? null : { bad: "seq " + e.seq + " was changed after it was logged" };
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

  // The faces an event shows, in the order its dice were read (docs/dice.md, "Sides order").
  function diceOf(record) {
    var dice = record && record.dice;
    if (Array.isArray(dice)) { return dice.map(function (d) { return d.face; }); }
    if (!dice || typeof dice.faces !== "string" || !dice.packed) { throw new Error("no dice"); }
    var width = dice.faces.length / dice.packed;
    var faces = [];
    for (var i = 0; i < dice.packed; i++) { faces.push(parseInt(dice.faces.substr(i * width, width), 36)); }
    return faces;
  }
  function recordFaces(record) {
    if (record && record.attacker && record.defender) { return diceOf(record.attacker).concat(diceOf(record.defender)); }
    return diceOf(record);
  }
  function facesShown(e) {
    var data = e.data || {};
    if (e.kind === "rolled") { return recordFaces(data.result); }
    if (e.kind === "rerolled") {
      return (data.result.dice || []).filter(function (d) { return d.roll === 1; }).map(function (d) { return d.face; });
    }
    return (data.rolls || []).reduce(function (all, entry) { return all.concat(recordFaces(entry.roll)); }, []);
  }
  function showsDice(e) {
    try { return facesShown(e).length > 0; } catch (err) { return true; }  // a roll of another shape
  }
  // Dice no seal drew and no one typed by hand: the server chose them.
  function unsealed(e) {
    var data = e.data || {};
    if (ROLLING.indexOf(e.kind) < 0 || (data.seal && typeof data.seal === "object")) { return false; }
    if (data.typed === true || data.seeded === true || (e.kind === "rolled" && !data.result)) { return false; }
    return showsDice(e);
  }

  // A roll's stream: HMAC-SHA256 blocks of "roll_no:nonce:block" under the key, read by
  // rejection sampling, one die after another.
  function streamFaces(key, rollNo, nonce, runs) {
    var buffer = [];
    var block = 0;
    var faces = [];
    var dice = [];
    runs.forEach(function (run) { for (var i = 0; i < run[1]; i++) { dice.push(run[0]); } });
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

  // The log's seals as the checks read them.
  function sealsOf(events) {
    var seals = {};
    var bySeq = {}, byNonce = {};
    var seal = function (number) {
      return seals[number] = seals[number] || { number: number, commitment: null, seed: null, claimed: null, added: [], rolls: [] };
    };
    events.forEach(function (e) {
      var d = e.data || {};
      bySeq[e.seq] = e;
      if (e.kind === "seal-open") { seal(d.seal).commitment = d.commitment; }
      else if (e.kind === "seal-close") { seal(d.seal).seed = d.seed; seal(d.seal).claimed = d.rolls; seal(d.seal).closedAt = e; }
      else if (e.kind === "seal-contributed") { seal(d.seal).added.push({ seq: e.seq, given: d.contribution, actor: e.actor }); }
      else if (d.seal && typeof d.seal === "object" && ROLLING.indexOf(e.kind) >= 0) {
        seal(d.seal.seal).rolls.push(e);
        if (e.kind === "rolled" && typeof d.seal.nonce === "string" && d.seal.nonce) { byNonce[d.seal.nonce] = e; }
      }
    });
    var byCommitment = {};
    Object.keys(seals).forEach(function (n) { if (seals[n].commitment) { byCommitment[seals[n].commitment] = seals[n]; } });
    return { seals: seals, bySeq: bySeq, byNonce: byNonce, byCommitment: byCommitment };
  }

  // One roll of a closed seal: the contributions it mixes are those logged before it, and its
  // faces are the stream's; what is wrong with it (naming it by its seq), or null.
  function rollProblem(seal, seed, e) {
    var ref = e.data.seal;
    if (!("nonce" in ref)) { return Promise.resolve(null); }  // a hidden roll behind the screen
    var wrong = function (what) { return { seq: e.seq, what: what }; };
    var before = seal.added.filter(function (a) { return a.seq < e.seq; });
    var mixed = ref.mixed || 0;
    if (mixed !== before.length) {
      return Promise.resolve(wrong("mixes " + plural(mixed, "contribution") + " into its dice, but " +
        before.length + " were logged before it in seal " + seal.number));
    }
    var shown;
    try { shown = facesShown(e); } catch (err) { return Promise.resolve(wrong("shows dice that cannot be read")); }
    return mixedKey(seed, before.map(function (a) { return a.given; }))
      .then(function (key) { return streamFaces(key, ref.roll_no, ref.nonce, ref.sides || []); })
      .then(function (faces) {
        var die = shown.findIndex(function (f, i) { return f !== faces[i]; });
        if (die < 0 && shown.length === faces.length) { return null; }
        if (die < 0) { return wrong("shows " + shown.length + " dice, the stream gives " + faces.length); }
        return wrong("does not check out: die " + (die + 1) + " shows " + shown[die] + ", the stream gives " + faces[die]);
      });
  }

  // A closed seal: its seed is its commitment's, its roll numbers run 1..N none twice, and
  // every roll checks; the problems, and how many rolls were checked.
  function checkSeal(seal) {
    var seed = unhex(seal.seed);
    return sha256(seed).then(function (digest) {
      if (digest !== seal.commitment) {
        var all = {};
        seal.rolls.forEach(function (e) { all[e.seq] = "reads seal " + seal.number + ", whose seed is not its commitment's"; });
        return { problems: ["seal " + seal.number + "'s seed is not its commitment's"], rolls: 0, bad: all };
      }
      var numbers = seal.rolls.map(function (e) { return e.data.seal.roll_no; }).sort(function (a, b) { return a - b; });
      var problems = [];
      var expected = Array.from({ length: seal.claimed || 0 }, function (_, i) { return i + 1; });
      if (numbers.join(",") !== expected.join(",")) {
        problems.push("seal " + seal.number + "'s roll numbers are " + (numbers.join(", ") || "none") +
          ", not 1 to " + (seal.claimed || 0) + " each once: a roll was drawn at a number of the server's choosing, or is missing");
      }
      return Promise.all(seal.rolls.map(function (e) { return rollProblem(seal, seed, e); })).then(function (found) {
        var bad = {};
        found.filter(Boolean).forEach(function (p) {
          bad[p.seq] = p.what;
          problems.push("seq " + p.seq + " " + p.what);
        });
        return { problems: problems, rolls: seal.rolls.length, bad: bad };
      });
    });
  }

  // Each receipt of a closed seal: checked, open, not rolled, or an alarm naming the roll.
  function checkReceipt(log, bad, r) {
    var answered = r.state === "rolled";
    var event = answered && r.seq ? log.bySeq[r.seq] : log.byNonce[r.nonce];
    var named = log.byCommitment[r.commitment];
    var ref = event && event.data && event.data.seal;
    var closed = (named && named.seed) || (ref && log.seals[ref.seal] && log.seals[ref.seal].seed);
    if (!closed) { return { status: event ? "open" : "pending" }; }
    var roll = "Your roll " + (r.line ? "`" + r.line + "` " : "") + "(nonce " + r.nonce.slice(0, 8) + "…" + (answered && r.seq ? ", seq " + r.seq : "") + ")";
    var alarm = function (what) { return { status: "alarm", text: roll + " " + what + "." }; };
    if (answered && !r.seq) { return alarm("was answered as rolled, but the table did not say where it logged it"); }
    if (!event) {
      if (answered) { return alarm("is not in the log at seq " + r.seq + ", though the table said it logged it there"); }
      var why = r.state === "refused" ? "the table refused it" : r.state === "moved" ? "the seal changed on its way, and it was sent again as a new roll" : "it never reached the table";
      return { status: "not-rolled", text: roll + " was not rolled: " + why + "." };
    }
    if (r.state === "refused" || r.state === "moved") { return alarm("is in the log at seq " + event.seq + ", though the table refused it"); }
    if (event.kind !== "rolled" || !ref || ref.nonce !== r.nonce) {
      var elsewhere = log.byNonce[r.nonce];
      return alarm("is not in the log at seq " + r.seq + (elsewhere ? ": its nonce is logged at seq " + elsewhere.seq + ", the log changed" : ": another event stands there"));
    }
    if (r.hash && event.chain && event.chain.hash !== r.hash) { return alarm("is not the event the table answered with: the log changed at seq " + r.seq); }
    if (!named || ref.seal !== named.number) {
      return alarm("was logged in seal " + ref.seal + ", not in " + (named ? "seal " + named.number : "the seal") + " whose commitment it named");
    }
    if (typeof r.mixed === "number" && (ref.mixed || 0) !== r.mixed) {
      return alarm("mixes " + plural(ref.mixed || 0, "contribution") + " into its dice, not the " + r.mixed + " it named: contributions were added after you rolled");
    }
    if (r.contribution) {
      var at = named.added.findIndex(function (a) { return a.given === r.contribution; });
      if (at < 0 || named.added[at].seq > event.seq) { return alarm("came before your contribution to seal " + named.number + " was logged"); }
      if (at >= (ref.mixed || 0)) { return alarm("does not mix in your contribution to seal " + named.number); }
    }
    if (bad[event.seq]) { return alarm(bad[event.seq]); }  // found wrong by its seal's check
    return { status: "checked", seq: event.seq, seal: ref.seal };
  }

  // Everything, over the export: what to say, and a line per roll of this browser's that is
  // not plainly fine. ``kept.verified`` (seal -> its close's hash) spares the seals checked
  // before, when the chain shows them unchanged.
  window.dicepoolCheck = function (exported, kept, seat) {
    var events = exported.events;
    var log = sealsOf(events);
    return checkChain(events).then(function (chain) {
      var problems = [];
      if (chain.bad) { problems.push("The log's chain is broken: " + chain.bad + "."); }
      var changed = chain.bad ? undefined : Object.keys(kept.heads).map(Number).sort(function (a, b) { return a - b; })
        .find(function (seq) { return chain.hashes[seq] !== kept.heads[seq]; });
      if (changed !== undefined) { problems.push("The log changed at or before seq " + changed + " since this browser saw it."); }
      var outside = events.filter(unsealed).map(function (e) { return e.seq; });
      if (outside.length) {
        problems.unshift(plural(outside.length, "roll") + " outside every seal (seq " + outside.join(", ") +
          "): the server chose " + (outside.length === 1 ? "its" : "their") + " dice.");
      }
      Object.keys(kept.given).forEach(function (s) {
        var seal = log.seals[s];
        var mine = seal && seal.added.some(function (a) { return a.actor === seat && a.given === kept.given[s].c; });
        if (seal && seal.seed && !mine) { problems.push("Your contribution to seal " + s + " is not in the log."); }
      });
      var closed = Object.keys(log.seals).map(Number).filter(function (n) { return log.seals[n].seed; });
      var fresh = closed.filter(function (n) {
        var close = log.seals[n].closedAt;
        return !(chain.hashes && close && close.chain && kept.verified[n] === close.chain.hash);
      });
      return Promise.all(fresh.map(function (n) { return checkSeal(log.seals[n]); })).then(function (sealed) {
        var rolls = 0, bad = {};
        sealed.forEach(function (found, i) {
          Object.assign(bad, found.bad);
          problems = problems.concat(found.problems.map(function (p) { return p.charAt(0).toUpperCase() + p.slice(1) + "."; }));
          rolls += found.rolls;
          var close = log.seals[fresh[i]].closedAt;
          if (!found.problems.length && !chain.bad && close.chain) { kept.verified[fresh[i]] = close.chain.hash; }
        });
        var results = kept.receipts.filter(function (r) { return r.commitment; }).map(function (r) { return checkReceipt(log, bad, r); })
          .filter(function (r) { return r.status !== "pending"; });
        return said(problems, results, rolls, fresh.length);
      });
    });
  };

  function said(problems, results, rolls, seals) {
    var count = function (status) { return results.filter(function (r) { return r.status === status; }).length; };
    var alarms = count("alarm"), checked = count("checked"), waiting = count("open"), notRolled = count("not-rolled");
    var items = results.filter(function (r) { return r.status === "alarm" || r.status === "not-rolled"; });
    var parts = [];
    if (seals) { parts.push(plural(seals, "closed seal") + " checked, " + plural(rolls, "roll") + " in " + (seals === 1 ? "it" : "them")); }
    if (checked) { parts.push("your " + plural(checked, "roll") + (checked === 1 ? " checks" : " check") + " out"); }
    if (waiting) { parts.push(plural(waiting, "roll") + " of yours in the open seal " + (waiting === 1 ? "waits" : "wait") + " for it to close"); }
    if (notRolled) { parts.push(notRolled + " not rolled (refused, or never reached the table)"); }
    if (!checked && !waiting && !alarms) { parts.push("this browser sent no roll in the closed seals, so it has no roll of its own to check"); }
    var mine = parts.join("; ");
    if (problems.length || alarms) {
      var head = alarms ? plural(alarms, "roll") + " of yours " + (alarms === 1 ? "does" : "do") + " not check out (below). " : "";
      return { good: false, text: ("Checked in this browser: " + head + problems.join(" ")).trim() + " Otherwise: " + mine + ".", items: items };
    }
    return { good: true, text: "Checked in this browser: " + mine + ", and the log's chain holds.", items: items };
  }
}());
