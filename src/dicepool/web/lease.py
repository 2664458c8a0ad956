"""A running server's lease on its database (:mod:`dicepool.store.leases`), kept while it
serves: renewed every :data:`~dicepool.store.leases.RENEW_SECONDS` on a worker thread, given up
when it stops. A renewal that finds the schema moved makes the server's writes answer 503."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from dicepool.errors import StoreError
from dicepool.store.database import Database
from dicepool.store.leases import RENEW_SECONDS, new_lease_id, release, renew

log = logging.getLogger("dicepool.web")


async def _renew(db: Database, lease_id: str) -> None:
    try:
        await asyncio.to_thread(renew, db, lease_id)
    except StoreError as exc:  # a database away for a while: the next renewal tries again
        log.warning("cannot renew the server's lease: %s", exc)
    if db.moved is not None:
        log.error(
            "the database's schema is now %s: this server writes nothing more; restart it on "
            "the new version of dicepool",
            db.moved,
        )


async def _keep(db: Database, lease_id: str, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        await _renew(db, lease_id)


class LeaseKeeper:
    """A server's lease on ``db``, held from :meth:`start` to :meth:`stop` (its life)."""

    def __init__(self, db: Database, every: float = RENEW_SECONDS) -> None:
        self.db = db
        self.every = every
        self.lease_id = new_lease_id()
        self._keeping: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Take the lease now, before the server answers anyone, and renew it from now on."""
        await _renew(self.db, self.lease_id)
        self._keeping = asyncio.create_task(_keep(self.db, self.lease_id, self.every))

    async def stop(self) -> None:
        """Stop renewing and give the lease up, after the server's last write."""
        if self._keeping is not None:
            self._keeping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._keeping
        try:
            await asyncio.to_thread(release, self.db, self.lease_id)
        except StoreError as exc:  # it expires by itself
            log.warning("cannot give up the server's lease: %s", exc)
