"""SQLite's moments: the one-step conversions write and read exactly the text SQLAlchemy's own would."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import Column, Integer, MetaData, Table, create_engine, insert, select, text
from sqlalchemy.dialects import sqlite
from sqlalchemy.types import TypeDecorator

from storage.utc_datetime import UtcDateTime, sqlite_moment, sqlite_text

DIALECT = sqlite.dialect()
_GENERAL = UtcDateTime().dialect_impl(DIALECT)
assert isinstance(_GENERAL, UtcDateTime)
# SQLAlchemy's general conversions for the same type: the decorator's step, then SQLite's DATETIME's.
general_text = cast(Callable[[Any], Any], TypeDecorator.bind_processor(_GENERAL, DIALECT))
general_moment = cast(Callable[[Any], Any], TypeDecorator.result_processor(_GENERAL, DIALECT, None))

zones = st.integers(min_value=-23 * 60 - 59, max_value=23 * 60 + 59).map(lambda minutes: timezone(
    timedelta(minutes=minutes)))
# Away from the calendar's ends, where a zone's shift to UTC would leave it.
moments = st.datetimes(min_value=datetime(2, 1, 1), max_value=datetime(9998, 12, 31), timezones=zones)


@given(moments)
def test_a_moment_is_written_as_sqlalchemy_writes_it(moment: datetime) -> None:
    assert sqlite_text(moment) == general_text(moment)


@given(moments)
def test_written_text_reads_back_as_sqlalchemy_reads_it(moment: datetime) -> None:
    written = general_text(moment)
    read = sqlite_moment(written)
    assert read == general_moment(written) == moment
    assert read is not None and read.tzinfo is UTC


@pytest.mark.parametrize("written", ["2026-12-04 13:36:49", "2026-12-04 13:36:49.5", "2026-12-04T13:36:49",
                                     "2026-12-04 15:36:49.000001+02:00", "2026-12-04 13:36:49Z", "2026-12-04"])
def test_text_written_by_other_means_reads_as_sqlalchemy_reads_it(written: str) -> None:
    """A migration's or an operator's SQL: no microseconds, a T, a zone of its own, a date alone."""
    read = sqlite_moment(written)
    assert read == general_moment(written)
    assert read is not None and read.tzinfo is UTC


def test_nothing_stays_nothing_and_a_naive_moment_is_refused() -> None:
    assert sqlite_text(None) is None and sqlite_moment(None) is None
    with pytest.raises(ValueError, match="naive"):
        sqlite_text(datetime(2026, 12, 4, 13, 36))
    with pytest.raises(ValueError, match="naive"):
        general_text(datetime(2026, 12, 4, 13, 36))


def test_a_sqlite_file_keeps_utc_text_and_gives_back_the_same_moment(tmp_path: Path) -> None:
    """Through SQLAlchemy's own execution on a real file: the type uses the one-step conversions there too."""
    table = Table("moments", MetaData(), Column("id", Integer, primary_key=True), Column("at", UtcDateTime()))
    engine = create_engine(f"sqlite:///{tmp_path / 'moments.sqlite3'}")
    moment = datetime(2026, 12, 4, 15, 36, 49, tzinfo=timezone(timedelta(hours=2)))
    with engine.begin() as connection:
        table.metadata.create_all(connection)
        connection.execute(insert(table).values(id=1, at=moment))
        stored = connection.execute(text("SELECT at FROM moments")).scalar_one()
        read = connection.execute(select(table.c.at)).scalar_one()
    engine.dispose()
    assert stored == "2026-12-04 13:36:49.000000"
    assert read == moment and read.tzinfo is UTC
