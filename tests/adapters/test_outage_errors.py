"""An outage (a connection refused or timed out anywhere in an error's chain) is told apart from a bug, so a
database that is down logs one line per failed update rather than a page of traceback each."""

from __future__ import annotations

from sqlalchemy.exc import OperationalError

from adapters.failures import unreachable


def _raised(error: BaseException, cause: BaseException | None = None) -> BaseException:
    try:
        try:
            if cause is not None:
                raise cause
        except BaseException as inner:
            raise error from inner
        raise error
    except BaseException as caught:
        return caught


def test_a_refused_or_timed_out_connection_anywhere_in_the_chain_is_an_outage() -> None:
    refused = _raised(OperationalError("SELECT 1", {}, Exception("x")), ConnectionRefusedError(111, "refused"))
    assert unreachable(refused)
    assert unreachable(_raised(RuntimeError("the turn failed"), TimeoutError()))
    assert unreachable(ConnectionResetError())


def test_a_bug_or_a_broken_schema_is_not() -> None:
    assert not unreachable(_raised(OperationalError("SELECT", {}, Exception("no such table: users"))))
    assert not unreachable(_raised(KeyError("question"), ValueError("bad")))
