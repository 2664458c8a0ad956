"""A whole evening played on Discord alone, signed as Discord signs them, in-process on SQLite
(a real `dicepool serve` takes seconds to start on a busy machine; the route, the signature
check and the mirror are the same): the storyteller links the channel, two players join and
make their characters, roll, spend Willpower, take damage, see their sheet; the storyteller's
secret roll is revealed, an undo makes the sheet whole again, a contest names its winner, and
a player's refusal is said in Discord's words. Every answer is checked for its first line
(who, what, the outcome), its dice's marks against the rules (``9*`` a success), its length and
its mentions, and whether the channel or its asker alone sees it; the channel's webhook mirror
shows no dice of the secret roll until it is revealed; the log holds the evening in order.

The web is used for one thing Discord cannot do: opening the table (``POST /api/campaigns``),
whose answer is the storyteller's link and the invitation; the log is read from the API at the
end, as the storyteller's page reads it.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from dicepool.campaign.discord import ENV_WEBHOOKS
from dicepool.store.database import Database
from dicepool.web.app import serve_from
from dicepool.web.discord_sign import Discord
from dicepool.web.discord_words import CONTENT

from .discord import Application, Receiver, receiving

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)

STORYTELLER, CY, DEE = "1100", "2201", "2202"
"""Discord users: the storyteller, and two players who never open the page."""

CHANNEL = "7600"
"""The guild channel the table is played in."""

HOOK = "/api/webhooks/1/evening-token"
"""The channel's webhook, at the receiver standing in for Discord."""

DIE = re.compile(r"(?P<gone>\[)?(?P<cut>\()?(?P<face>\d+)(?P<again>!)?[\])]?(?P<mark>[*-])?")
"""A die as an answer writes it: ``9*``, ``10!*``, ``[3]``, ``(7)``, ``1-``."""


@dataclass
class Evening:
    """The table's channel on Discord: who sends signed commands, and where Discord's side
    (the channel's webhook, the follow-ups of slow answers) is heard."""

    client: TestClient
    discord: Application
    heard: Receiver
    opened: dict[str, Any]
    rolls: dict[int, list[str]] = field(default_factory=dict)
    """Each roll's answer the channel saw, by its number in the log."""

    def says(self, user: str, name: str, /, **options: object) -> dict[str, Any]:
        """``/name`` from ``user`` in the channel, signed: its answer, as Discord shows it
        (a slow one's follow-up), checked to be one code block within Discord's limit that
        pings no one."""
        body = self.discord.interaction(name, user, CHANNEL, **options)
        raw = json.dumps(body, separators=(",", ":")).encode()
        stamp = str(int(time.time()))
        headers = {
            "X-Signature-Ed25519": self.discord.key.sign(stamp.encode() + raw).hex(),
            "X-Signature-Timestamp": stamp,
            "Content-Type": "application/json",
        }
        answer = self.client.post("/discord/interactions", content=raw, headers=headers)
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()["data"]
        if answer.json()["type"] == 5:  # "thinking" (a busy machine): the answer follows
            path = f"/api/v10/webhooks/900/{body['token']}/messages/@original"
            data = self.heard.wait_for(path, lambda found: len(found) == 1)[0].body
        assert len(data["content"]) <= CONTENT and data["allowed_mentions"] == {"parse": []}
        assert data["content"].startswith("```\n") and data["content"].endswith("\n```")
        assert data["content"].count("```") == 2, data["content"]
        return data

    def log(self) -> list[dict[str, Any]]:
        """The table's log, as its storyteller reads it."""
        told = {"Authorization": f"Bearer {self.opened['storyteller']['token']}"}
        answer = self.client.get(f"/api/campaigns/{self.opened['id']}/events", headers=told)
        found: list[dict[str, Any]] = answer.json()["events"]
        return found

    def roll(self, system: str, said: list[str], who: str, what: str, about: str) -> int:
        """A roll's answer checked (:func:`roll_answer`) and kept; its number."""
        seq = roll_answer(system, said, who, what, about)
        self.rolls[seq] = said
        return seq

    def contest(self, system: str, said: list[str], *sides: tuple[str, str]) -> int:
        """A contest's answer checked (:func:`contest_answer`) and kept; its number."""
        seq = contest_answer(system, said, sides[0], sides[1])
        self.rolls[seq] = said
        return seq

    def same_dice(self, log: list[dict[str, Any]]) -> None:
        """Every roll answered showed the dice the log holds."""
        assert self.rolls
        for seq, said in self.rolls.items():
            assert shown_faces(said) == logged_faces(log[seq - 1]), said

    def mirrored(self, seq: int) -> list[str]:
        """The channel's webhook's lines once it has posted event ``seq``."""
        heard = self.heard.wait_for(HOOK, lambda found: f"#{seq} by" in _text(found))
        for message in heard:
            assert len(message.body["content"]) <= CONTENT
            assert message.body["allowed_mentions"] == {"parse": []}
        return _text(heard).split("\n")


def _text(heard: list[Any]) -> str:
    return "\n".join(h.body["content"] for h in heard)


@pytest.fixture
def evening(web_app: FastAPI, db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[Evening]:
    """A table just opened on the web (Discord has no command to open one), served with the
    Discord application's key and the webhook mirror on, Discord's side a local receiver."""
    discord = Application(0)
    with receiving() as heard:
        monkeypatch.setenv(ENV_WEBHOOKS, f"{heard.base}/api/webhooks/")
        api = f"{heard.base}/api/v10"
        serve_from(web_app, db, 0.1, discord=Discord(discord.key.public_key(), api))
        web_app.state.mirror = True  # as `dicepool serve` runs it: posting to the webhooks
        try:
            with TestClient(web_app, raise_server_exceptions=False) as client:
                yield Evening(client, discord, heard, {})
        finally:
            web_app.state.mirror = False


def _open(evening: Evening, system: str) -> dict[str, Any]:
    opened: dict[str, Any] = evening.client.post(
        "/api/campaigns", json={"name": "Nights", "system": system}
    ).json()
    evening.opened.update(opened)
    return opened


def lines(data: dict[str, Any]) -> list[str]:
    """An answer's lines, inside its code block."""
    return list(data["content"].split("\n")[1:-1])


def to_channel(data: dict[str, Any]) -> list[str]:
    """The lines of an answer the channel sees."""
    assert "flags" not in data, data
    return lines(data)


def to_asker(data: dict[str, Any]) -> list[str]:
    """The lines of an answer its asker alone sees (Discord's ephemeral flag), naming no
    command line."""
    assert data.get("flags") == 64, data
    assert "dicepool " not in data["content"] and not re.search(r"(^|\s)--[a-z]", data["content"])
    return lines(data)


def dice(body: list[str]) -> list[tuple[str, re.Match[str]]]:
    """The dice of a roll's lines after its first two, each with its group (``rolled``,
    ``exploded``, ``chance``...): a line whose words after its group's name are all dice."""
    found: list[tuple[str, re.Match[str]]] = []
    group = ""
    for line in body:
        words = line.split()
        named = [w for w in words if not DIE.fullmatch(w)]
        shown = words[len(named) :]
        if not shown or words[: len(named)] != named:  # a side's count, a note
            continue
        group = " ".join(named) or group  # a long group goes on under itself
        found += [(group, m) for w in shown if (m := DIE.fullmatch(w))]
    return found


def marked_successes(system: str, body: list[str]) -> int:
    """The successes a roll's dice are marked with, each mark checked against the rules
    (8+ succeeds, a 10 adds a die; a chance die succeeds on 10 alone, its 1 counts against)."""
    stars = 0
    for group, die in dice(body):
        face, mark, counted = int(die["face"]), die["mark"], not die["gone"] and not die["cut"]
        chance = group == "chance"
        succeeds = counted and (face == 10 if chance else face >= 8)
        assert (mark == "*") == succeeds, (system, body)
        assert (mark == "-") == (chance and face == 1), (system, body)
        assert bool(die["again"]) == (face == 10 and not chance), (system, body)
        stars += mark == "*"
    return stars


def outcome(system: str, successes: int) -> str:
    """The rules text's words for a roll's successes (no chance die's 1 here)."""
    if successes == 0:
        return "0 successes (Failure)"
    counted = f"{successes} success{'' if successes == 1 else 'es'}"
    exceptional = system == "chronicles" and successes >= 5
    return f"{counted} ({'Exceptional success' if exceptional else 'Success'})"


def roll_answer(system: str, said: list[str], who: str, what: str, about: str) -> int:
    """A roll read at a glance: ``who — what: N successes (Label)`` first, where N is the
    dice marked ``*``; then ``  #seq by ...`` holding ``about``; its number."""
    successes = marked_successes(system, said[2:])
    assert said[0] == f"{who} — {what}: {outcome(system, successes)}", said
    assert said[1].startswith("  #") and about in said[1], said
    return int(said[1].split("#")[1].split()[0])


def logged_faces(event: dict[str, Any]) -> list[int]:
    """The faces of a logged roll's dice (a contest's both sides), sorted: an answer shows
    them by group."""
    result = event["data"]["result"]
    sides = [result["attacker"], result["defender"]] if "winner" in result else [result]
    return sorted(d["face"] for side in sides for d in side["dice"])


def shown_faces(said: list[str]) -> list[int]:
    """The faces of the dice a roll's answer shows, sorted."""
    return sorted(int(d["face"]) for _, d in dice(said[2:]))


def contest_answer(system: str, said: list[str], *sides: tuple[str, str]) -> int:
    """A contest: ``A vs B — what vs what: A wins by N`` (or ``a tie``), each side's dice
    under its name and count, the winner the side with more marked successes."""
    (first, first_pool), (second, second_pool) = sides
    starts = [i for i, line in enumerate(said) if re.match(r"  \S", line) and i > 1]
    assert [said[i].split()[0] for i in starts] == [first, second], said
    counts = []
    for start, end in zip(starts, [*starts[1:], len(said)], strict=True):
        successes = marked_successes(system, said[start + 1 : end])
        assert said[start].split(maxsplit=1)[1].strip() == outcome(system, successes), said
        counts.append(successes)
    margin = counts[0] - counts[1]
    verdict = "a tie" if margin == 0 else f"{first if margin > 0 else second} wins by {abs(margin)}"
    assert said[0] == f"{first} vs {second} — {first_pool} vs {second_pool}: {verdict}", said
    return int(said[1].split("#")[1].split()[0])


def no_raw_data(sheet: list[str]) -> None:
    """A sheet drawn, not dumped: no Python or JSON of the state."""
    text = "\n".join(sheet)
    for raw in ("None", "True", "False", "{", "[None", "'", "boxes", "follows"):
        assert raw not in text, text


def test_a_hubris_evening_on_discord_alone(evening: Evening) -> None:
    opened = _open(evening, "hubris")
    says = evening.says
    # the storyteller links the channel with the link opening the table gave them
    linked = says(STORYTELLER, "link", link=opened["storyteller"]["url"])
    assert to_asker(linked) == ["This channel is now the table Nights; you sit as storyteller."]
    mirror = to_channel(says(STORYTELLER, "webhook", url=evening.heard.base + HOOK))
    assert mirror == [
        "rolls and changes mirrored to a Discord channel from here on  (#4 by storyteller)"
    ]
    # Cy joins making Ana; Dee joins, then makes Guard: each told their seat's page alone
    invite = opened["invite"]["url"]
    traits = "Dexterity=3 Stealth=2 Wits=2 Composure=2 Resolve=2 Stamina=2"
    cy = to_asker(says(CY, "join", link=invite, name="Cy", character="Ana", traits=traits))
    assert cy[:2] == [
        "You sit at Nights as Cy, playing Ana; /roll rolls as you.",
        "You play Ana, just made; /roll rolls as Ana, /sheet shows it.",
    ]
    assert cy[2].startswith("Your seat's page, yours alone (keep it): http")
    dee = to_asker(says(DEE, "join", link=invite, name="Dee"))
    assert dee[0] == "You sit at Nights as Dee; /roll rolls as you."
    assert dee[1].startswith("Your seat plays no character yet: /character name:NAME")
    made = says(DEE, "character", name="Guard", traits="Wits=3 Composure=2 Stamina=3")
    assert to_asker(made) == ["You play Guard, just made; /roll rolls as Guard, /sheet shows it."]
    # each rolls a trait pool: the result first, every success marked, the dice the log's
    said = to_channel(says(CY, "roll", line="Dexterity + Stealth # the lock"))
    first = evening.roll(
        "hubris", said, "Ana", "Dexterity + Stealth", "by Cy · hubris 3+2 · # the lock"
    )
    said = to_channel(says(DEE, "roll", line="Wits + Composure"))
    evening.roll("hubris", said, "Guard", "Wits + Composure", "by Dee · hubris 3+2")
    # Cy spends Willpower, hubris's way: three dice more and rote, once a turn
    said = to_channel(says(CY, "roll", line="Dexterity + Stealth", willpower=True))
    spent = evening.roll(
        "hubris", said, "Ana", "Dexterity + Stealth", "hubris 3+2 wp · Willpower point spent by Ana"
    )
    failed = [d for group, d in dice(said[2:]) if group == "rolled" and int(d["face"]) < 8]
    if failed:  # rote: the first roll's failures rolled again, the better roll kept
        assert any(line.startswith("  rerolled") for line in said), said
        assert said[-1].startswith("  (rote: kept the "), said
    again = says(CY, "roll", line="Dexterity + Stealth", willpower=True)
    assert to_asker(again) == [
        "Ana: a Willpower point was already spent this turn: one spend a turn, until the "
        "storyteller begins the next"
    ]
    # the storyteller deals damage; Cy's sheet draws it as boxes
    dealt = to_channel(says(STORYTELLER, "damage", character="Ana", points=2, kind="lethal"))
    damage = spent + 1
    assert dealt == [f"Ana takes 2 lethal  (#{damage} by storyteller)"]
    sheet = to_asker(says(CY, "sheet"))
    assert sheet[0] == "Ana  (Cy, hubris)"
    assert "  Health     [X][X][ ][ ][ ][ ][ ]  2 lethal, 5 unhurt; ok" in sheet
    assert "  Willpower  ◆◇ 1/2" in sheet and "  Stealth ●●○○○  2" in sheet
    no_raw_data(sheet)
    # a secret roll: the storyteller's alone, the channel shown no dice of it until revealed
    hidden = to_asker(says(STORYTELLER, "roll", line="hubris 5 # the ambush", secret=True))
    secret = evening.roll("hubris", hidden[:-1], "storyteller", "hubris 5", "hidden · # the ambush")
    assert secret == damage + 1
    assert hidden[-1] == f"only you see it: /reveal seq:{secret} shows it to the table"
    seen = [line for line in evening.mirrored(secret) if f"#{secret} by" in line]
    assert seen == [f"rolled in secret (roll 4 of seal 1)  (#{secret} by storyteller)"]
    refused = says(CY, "reveal", seq=secret)
    assert to_asker(refused) == ["only the storyteller reveals a hidden roll"]
    shown = to_channel(says(STORYTELLER, "reveal", seq=secret))
    assert shown[0] == hidden[0] and shown[2:-1] == hidden[2:-1]  # the same dice, to all
    assert shown[1].startswith(f"  #{secret} by storyteller, revealed · hidden")
    assert shown[-1] == f"revealed hidden roll {secret}  (#{secret + 1} by storyteller)"
    # the storyteller undoes the damage: Cy's sheet is whole again
    undone = to_channel(says(STORYTELLER, "undo", seq=damage))
    assert undone == [f"undid event {damage}  (#{secret + 2} by storyteller)"]
    sheet = to_asker(says(CY, "sheet"))
    assert "  Health     [ ][ ][ ][ ][ ][ ][ ]  7 unhurt; ok" in sheet
    no_raw_data(sheet)
    # a contest between the two characters, each side named, the winner said first
    line = "Ana: Dexterity + Stealth vs Guard: Wits + Composure # the chase"
    said = to_channel(says(STORYTELLER, "roll", line=line))
    sides = (("Ana", "Dexterity + Stealth"), ("Guard", "Wits + Composure"))
    contest = evening.contest("hubris", said, *sides)
    assert said[1] == f"  #{contest} by storyteller · hubris 3+2 vs hubris 3+2 · # the chase"
    # a command of another system's tables: what this table has, in Discord's words
    (edge,) = to_asker(says(CY, "edge"))
    assert edge.startswith("/edge is not at a hubris table: this table has /link, /join, ")
    assert "/roll" in edge and "/damage" in edge and "/vice" in edge and "/momentum" not in edge
    # the log holds the evening in order; the channel saw it in the same order
    log = evening.log()
    assert [(e["seq"], e["kind"], e["actor"]) for e in log[first - 1 :]] == [
        (first, "rolled", "Cy"),
        (first + 1, "rolled", "Dee"),
        (spent, "rolled", "Cy"),
        (damage, "damaged", "storyteller"),
        (secret, "rolled", "storyteller"),
        (secret + 1, "revealed", "storyteller"),
        (secret + 2, "undone", "storyteller"),
        (contest, "rolled", "storyteller"),
    ]
    assert [e["kind"] for e in log[: first - 1]] == [
        "campaign-created",
        "seal-open",
        "discord-linked",
        "webhook-set",
        "discord-joined",
        "character-created",
        "character-taken",
        "discord-joined",
        "character-created",
        "character-taken",
    ]
    evening.same_dice(log)
    assert log[secret - 1]["data"]["hidden"] and log[secret + 1]["data"]["event"]["seq"] == damage
    channel = evening.mirrored(contest)
    numbers = [int(n) for line in channel for n in re.findall(r"#(\d+) by", line)]
    assert numbers == sorted(numbers) and set(range(4, contest + 1)) <= set(numbers)
    assert not any("/t/" in line or "Willpower  ◆" in line for line in channel)  # no one's own
    assert channel.index(shown[0]) > channel.index(seen[0])  # the dice only once revealed


def test_a_chronicles_evening_on_discord_alone(evening: Evening) -> None:
    opened = _open(evening, "chronicles")
    says = evening.says
    to_asker(says(STORYTELLER, "link", link=opened["storyteller"]["url"]))
    invite = opened["invite"]["url"]
    traits = "Wits=3 Composure=1 Resolve=1 Stamina=2 Dexterity=2 Stealth=2"  # Willpower 2
    cy = to_asker(says(CY, "join", link=invite, name="Cy", character="Mara", traits=traits))
    assert cy[0] == "You sit at Nights as Cy, playing Mara; /roll rolls as you."
    dee = says(DEE, "join", link=invite, name="Dee", character="Guard", traits="Wits=2 Composure=2")
    assert to_asker(dee)[0] == "You sit at Nights as Dee, playing Guard; /roll rolls as you."
    said = to_channel(says(DEE, "roll", line="Wits + Composure"))
    first = evening.roll("chronicles", said, "Guard", "Wits + Composure", "by Dee · chronicles 2+2")
    # Willpower, chronicles' way: three dice more, a point off the track; none left, refused
    for asked in (
        {"line": "Dexterity + Stealth", "willpower": True},
        {"line": "Dexterity + Stealth wp"},
    ):
        said = to_channel(says(CY, "roll", **asked))
        what = str(asked["line"])
        about = "chronicles 2+2 wp · Willpower point spent by Mara"
        seq = evening.roll("chronicles", said, "Mara", what, about)
        assert len(dice(said[2:])) >= 7  # 2 + 2 + 3 dice, and any a 10 added
    spent = seq
    none_left = says(CY, "roll", line="Dexterity + Stealth", willpower=True)
    assert to_asker(none_left) == [
        "Mara has no Willpower point left (0 of 2): roll without Willpower (`wp`), or regain "
        "a point first"
    ]
    dealt = to_channel(says(STORYTELLER, "damage", character="Mara", points=2, kind="bashing"))
    damage = spent + 1
    assert dealt == [f"Mara's Health takes 2 bashing  (#{damage} by storyteller)"]
    sheet = to_asker(says(CY, "sheet"))
    assert sheet[0] == "Mara  (Cy, chronicles)"
    assert "  Health     [/][/][ ][ ][ ][ ][ ]  2 bashing, 5 unhurt" in sheet
    assert "  Willpower  ○○ 0/2" in sheet
    no_raw_data(sheet)
    hidden = to_asker(says(STORYTELLER, "roll", line="chronicles 3 # fate", secret=True))
    secret = evening.roll(
        "chronicles", hidden[:-1], "storyteller", "chronicles 3", "hidden · # fate"
    )
    shown = to_channel(says(STORYTELLER, "reveal", seq=secret))
    assert shown[0] == hidden[0] and shown[-1].startswith(f"revealed hidden roll {secret}  (#")
    undone = to_channel(says(STORYTELLER, "undo", seq=damage))
    assert undone == [f"undid event {damage}  (#{secret + 2} by storyteller)"]
    sheet = to_asker(says(CY, "sheet"))
    assert "  Health     [ ][ ][ ][ ][ ][ ][ ]  7 unhurt" in sheet
    line = "Mara: Wits + Composure vs Guard: Wits + Composure"
    said = to_channel(says(STORYTELLER, "roll", line=line))
    sides = (("Mara", "Wits + Composure"), ("Guard", "Wits + Composure"))
    contest = evening.contest("chronicles", said, *sides)
    (vice,) = to_asker(says(DEE, "vice"))
    assert vice.startswith("/vice is not at a chronicles table: this table has /link, /join, ")
    assert "/edge" not in vice and "/damage" in vice
    log = evening.log()
    assert [(e["kind"], e["actor"]) for e in log[first - 1 :]] == [
        ("rolled", "Dee"),
        ("rolled", "Cy"),
        ("rolled", "Cy"),
        ("track-changed", "storyteller"),
        ("rolled", "storyteller"),
        ("revealed", "storyteller"),
        ("undone", "storyteller"),
        ("rolled", "storyteller"),
    ]
    evening.same_dice(log)
    assert log[-1]["seq"] == contest and log[-2]["data"]["event"]["seq"] == damage
