"""The ports one `quiztutor run` listens on (QUIZ_HTTP_PORT, a webhook's), checked against each other before
anything starts: two on one port found it "already in use" only once the database was migrated, which sent the
operator looking for another process."""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

# (the port's variable, the host it listens on, the port)
Listener = tuple[str, str, int]


def _family(host: str) -> int | None:
    """4 or 6 for an address written as one; None for a name, which may resolve to either."""
    try:
        return ipaddress.ip_address(host).version
    except ValueError:
        return None


def _overlap(first: str, second: str) -> bool:
    """Whether listening on both hosts takes one address twice. "0.0.0.0" is every IPv4 address, "::" every IPv6
    one alone (asyncio's servers set IPV6_V6ONLY), so 127.0.0.1 and :: may share a port; two named hosts are taken
    to clash, as they may resolve to one address."""
    if first == second:
        return True
    for wildcard, other in ((first, second), (second, first)):
        if wildcard in ("", "0.0.0.0"):
            return _family(other) in (4, None)
        if wildcard == "::":
            return _family(other) in (6, None)
    return _family(first) is None and _family(second) is None


def port_clashes(listeners: Sequence[Listener]) -> list[tuple[str, str]]:
    """(variable, what is wrong) for each listener whose port an earlier one takes, as ConfigurationError takes
    them."""
    problems = []
    for index, (variable, host, port) in enumerate(listeners):
        for earlier, earlier_host, earlier_port in listeners[:index]:
            if port == earlier_port and _overlap(host, earlier_host):
                where = f"both on {host}" if host == earlier_host else f"on {earlier_host} and {host}"
                problems.append((variable, f"port {port} is {earlier}'s too ({where}): give each its own port"))
                break
    return problems
