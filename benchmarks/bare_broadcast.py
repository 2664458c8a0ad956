"""The limit for ``load_table.py``: a bare broadcast server on the web table's own stack.

FastAPI on uvicorn with the same settings as ``dicepool serve`` (:data:`dicepool.cli.serve.UVICORN`
and the bounds of :func:`dicepool.web.server.uvicorn_settings`)
and the same WebSocket library, speaking the same routes, but with no dice and no database:
``POST /api/campaigns/1/rolls`` (a bearer token and ``{"line"}``, validated by pydantic as the
real route is) numbers the message, sends it to every open socket, and answers 201
``{"event": N}``; ``/api/campaigns/1/live`` takes the same first message and then gets every
message. Each message is a JSON object of ``--size`` characters starting ``{"id":N,``, the shape
of a logged roll's event.

    .venv/bin/python benchmarks/bare_broadcast.py --port 8001 --size 1200
"""

from __future__ import annotations

import argparse
import json
from typing import Annotated

import uvicorn
from fastapi import FastAPI, Header, HTTPException, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, Field

from dicepool.cli.serve import UVICORN
from dicepool.web.server import uvicorn_settings


class NewRoll(BaseModel):
    """What a roller sends (the real route's first field)."""

    line: str = Field(min_length=1, max_length=500)


def bare_app(size: int) -> FastAPI:
    """The broadcast application; its messages are ``size`` characters long."""
    app = FastAPI(openapi_url=None)  # its own /openapi.json below: what the script waits for
    sockets: set[WebSocket] = set()
    count = 0

    def message(number: int) -> str:
        head = {"id": number, "seq": number, "kind": "rolled", "data": ""}
        pad = max(0, size - len(json.dumps(head, separators=(",", ":"))))
        event = {**head, "data": "x" * pad}
        return json.dumps({"events": [event], "last": number}, separators=(",", ":"))

    @app.websocket("/api/campaigns/1/live")
    async def live(socket: WebSocket) -> None:
        await socket.accept()
        await socket.receive_text()  # the hello, as the real table's
        sockets.add(socket)
        try:
            await socket.send_text(message(0))
            while True:
                if (await socket.receive())["type"] == "websocket.disconnect":
                    return
        except WebSocketDisconnect:
            return
        finally:
            sockets.discard(socket)

    @app.post("/api/campaigns/1/rolls", status_code=201)
    async def roll(
        body: NewRoll, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, int]:
        nonlocal count
        if not (authorization or "").startswith("Bearer "):
            raise HTTPException(401)
        count += 1
        text = message(count)
        for socket in list(sockets):
            try:
                await socket.send_text(text)
            except (WebSocketDisconnect, RuntimeError):
                sockets.discard(socket)
        return {"event": count}

    @app.get("/openapi.json")
    async def ready() -> dict[str, str]:
        return {"ready": "yes"}

    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--size", type=int, default=1200, help="characters per message")
    args = parser.parse_args()
    settings = {**UVICORN, **uvicorn_settings()}
    uvicorn.run(bare_app(args.size), host="127.0.0.1", port=args.port, **settings)


if __name__ == "__main__":
    main()
