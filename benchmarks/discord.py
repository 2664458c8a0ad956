"""The table on Discord against a real `dicepool serve` (issue 24): signed slash commands
answered (PING, /roll, /odds) and a burst of rolls reaching a channel webhook.

A local HTTP receiver stands in for Discord. Prints the commands' p50/p99 (sequential, one
client), and how long a burst of N rolls takes to reach the receiver, whole and in order, with
the messages it took (batched when behind), with and without a 429 answered first.

    .venv/bin/python benchmarks/discord.py --commands 200 --burst 50
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.integration.servers import free_port, post, serving, stop  # noqa: E402
from tests.integration.web.discord import Application, receiving  # noqa: E402


def timed(app: Application, make: object, runs: int) -> tuple[float, float]:
    took = []
    for _ in range(runs):
        start = time.perf_counter()
        status, _ = app.post(make())  # type: ignore[operator]
        took.append(time.perf_counter() - start)
        assert status == 200
    took.sort()
    return statistics.median(took) * 1000, took[int(0.99 * (len(took) - 1))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument("--burst", type=int, default=50)
    args = parser.parse_args()
    with receiving() as receiver, tempfile.TemporaryDirectory() as folder:
        port = free_port()
        app = Application(port)
        os.environ["DICEPOOL_DISCORD_WEBHOOKS"] = f"{receiver.base}/api/webhooks/"
        os.environ["DICEPOOL_DISCORD_API"] = f"{receiver.base}/api/v10"
        server = serving(
            str(Path(folder) / "t.sqlite3"),
            port,
            "0.1",
            "--discord-public-key",
            app.public_hex,
            "--rolls-per-second",
            "200",
        )
        try:
            opened = post(port, "/api/campaigns", {"name": "Bench", "system": "hubris"})
            told, cid = opened["storyteller"]["token"], opened["id"]
            app.command("link", "1", link=opened["storyteller"]["url"])
            for name, make in (
                ("PING", lambda: {"type": 1, "id": str(time.perf_counter_ns())}),
                ("/roll hubris 5", lambda: app.interaction("roll", "1", line="hubris 5")),
                ("/odds hubris 5", lambda: app.interaction("odds", "1", line="hubris 5")),
            ):
                p50, p99 = timed(app, make, args.commands)
                print(f"{name:16} p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  ({args.commands} runs)")
            for hook, answers in (("/api/webhooks/1/a", []), ("/api/webhooks/2/b", [(429, "1")])):
                receiver.answers = list(answers)
                post(
                    port,
                    f"/api/campaigns/{cid}/actions/webhook",
                    {"url": receiver.base + hook},
                    told,
                )
                start = time.perf_counter()
                for n in range(args.burst):
                    post(port, f"/api/campaigns/{cid}/rolls", {"line": f"hubris 2 # b{n}"}, told)
                sent = time.perf_counter() - start

                def whole(heard: list) -> bool:  # type: ignore[type-arg]
                    text = "\n".join(h.body["content"] for h in heard)
                    return f"# b{args.burst - 1} " in text

                heard = receiver.wait_for(hook, whole, 120)
                took = time.perf_counter() - start
                text = "\n".join(h.body["content"] for h in heard)
                order = [int(m) for m in re.findall(r"# b(\d+) ", text)]
                assert order == list(range(args.burst)), order
                first = f"{len(answers)} x 429 first" if answers else "no 429"
                print(
                    f"burst of {args.burst} rolls ({first}): rolled in {sent:.2f} s, all in the "
                    f"channel after {took:.2f} s, in {len(heard)} messages, in order"
                )
        finally:
            stop(server)


if __name__ == "__main__":
    main()
