"""Which columns a session's update sends (storage/session_changes.py): only those changed since it was seen."""

from __future__ import annotations

from datetime import timedelta

from storage.session_changes import SessionChanges, mutable_columns
from tests.fakes.clock import START
from tests.storage.builders import a_session


def test_an_answer_moving_a_session_on_sends_its_position_and_time_only() -> None:
    changes = SessionChanges()
    session = changes.remember(a_session(1))
    session.advance()
    session.updated_at = START + timedelta(seconds=20)
    assert changes.to_write(session) == {"position": 1, "updated_at": START + timedelta(seconds=20)}


def test_columns_written_are_not_sent_again_and_a_change_in_place_is_seen() -> None:
    changes = SessionChanges()
    session = changes.remember(a_session(1))
    session.position = 1
    changes.written(session.id, changes.to_write(session))
    assert changes.to_write(session) == {}
    session.option_orders["q1"].reverse()
    assert changes.to_write(session) == {"option_orders": {"q1": ["c", "a", "b"], "q2": ["y", "x"],
                                                           "q3": ["m", "n"]}}


def test_columns_not_yet_written_are_sent_again() -> None:
    changes = SessionChanges()
    session = changes.remember(a_session(1))
    session.position = 2
    assert changes.to_write(session) == {"position": 2}  # its UPDATE failed: never noted as written
    assert changes.to_write(session) == {"position": 2}


def test_a_session_never_seen_sends_every_column() -> None:
    session = a_session(1)
    assert SessionChanges().to_write(session) == mutable_columns(session)
