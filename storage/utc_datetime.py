"""Timezone-aware UTC datetimes on every database, the column type of every moment the schema keeps."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

NAIVE = "naive datetimes are ambiguous; pass a timezone-aware one"
UTC_OFFSET = "+00:00"  # how isoformat ends a UTC moment


class UtcDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC datetimes on every database (SQLite keeps no zone of its own).

    On SQLite the conversions are each one function: an answer binds and reads a dozen moments, and SQLAlchemy's
    general ones (this decorator's step, then SQLite's formatting by fields) took about 5% of its CPU. They write
    and read exactly SQLAlchemy's text (tests/storage/test_utc_datetime.py holds them to it).
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(NAIVE)
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)

    def bind_processor(self, dialect: Dialect) -> Callable[[Any], Any] | None:
        return sqlite_text if dialect.name == "sqlite" else super().bind_processor(dialect)

    def result_processor(self, dialect: Dialect, coltype: Any) -> Callable[[Any], Any] | None:
        return sqlite_moment if dialect.name == "sqlite" else super().result_processor(dialect, coltype)


def sqlite_text(value: datetime | None) -> str | None:
    """SQLite's DATETIME text of the moment in UTC: 'YYYY-MM-DD HH:MM:SS.ffffff', always with microseconds."""
    if value is None:
        return None
    if value.tzinfo is None:
        raise ValueError(NAIVE)
    return value.astimezone(UTC).isoformat(" ", "microseconds").removesuffix(UTC_OFFSET)


def sqlite_moment(value: str | None) -> datetime | None:
    """The UTC moment SQLite's DATETIME text names (read with its zone: faster than adding it after)."""
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value + UTC_OFFSET)
    except ValueError:  # text with a zone of its own, written by other means than SQLAlchemy
        moment = datetime.fromisoformat(value)
    if moment.tzinfo is None:  # a date alone ("2026-12-04"): Python reads the "+00:00" added as its time
        moment = datetime.fromisoformat(value)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
