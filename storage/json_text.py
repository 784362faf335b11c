"""The text of JSON columns (a session's questions and option orders), written and read by orjson.

The stdlib's json took about 7% of an answer's CPU on SQLite: a session's two JSON columns are read and its
option orders written on every answer. orjson writes the same values as compact text (no spaces after ``,`` and
``:``), and reads what the stdlib wrote before. Unlike the stdlib it refuses keys that are not text, integers
past 64 bits and lone surrogates: these columns hold lists and mappings of ids, which are slugs.
"""

from __future__ import annotations

from typing import Any

import orjson


def json_text(value: Any) -> str:
    return orjson.dumps(value).decode()


def json_value(text: str | bytes) -> Any:
    return orjson.loads(text)


# SQLAlchemy's engine options for both: every engine of the project takes them (Alembic's too), so all write the
# same text.
JSON_CODEC: dict[str, Any] = {"json_serializer": json_text, "json_deserializer": json_value}
