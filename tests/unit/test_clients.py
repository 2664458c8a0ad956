"""What one client address may hold of a server: the address it is counted by, the bounds."""

from __future__ import annotations

import pytest

from dicepool.web.clients import Bounds, address_key


def test_a_client_is_counted_by_its_address_an_ipv6_one_by_its_64() -> None:
    assert address_key("192.0.2.7") == address_key("::ffff:192.0.2.7") == "192.0.2.7"
    one, two = address_key("2001:db8:1:2:aaaa::1"), address_key("2001:db8:1:2:bbbb::9")
    assert one == two == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != one
    assert address_key("testclient") == "testclient"  # no address: as given


def test_bounds_are_set_within_their_ranges() -> None:
    bounds = Bounds()
    bounds.set(16, 4, 1.0)
    assert (bounds.connections, bounds.heads, bounds.head_seconds) == (16, 4, 1.0)
    with pytest.raises(ValueError, match=r"heads is 4\.\.100000, not 3"):
        bounds.set(16, 3, 1.0)
    assert bounds.heads == 4  # nothing set from a refused call
