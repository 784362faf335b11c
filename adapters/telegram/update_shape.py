"""Whether a posted update has the shape Telegram gives every update: the fields it always sends, each of its type.

PTB reads a body without checking either: a message without its chat, or a chat whose id is a list, becomes an
Update all the same, and fails later in a handler (logged as a bug) or in PTB itself (a 500 and its traceback).
The webhook refuses such a body at the door, with 400, as one that isn't JSON.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Sequence
from functools import cache

from telegram import TelegramObject, Update

Expected = tuple[type, ...]  # the types a field's value may have; empty: any (a type not checked here)


def misshapen(update: Update) -> str | None:
    """The first field Telegram always sends that ``update`` lacks, or a field holding a value of another type
    ("Message.chat is missing", "Chat.id is a list"); None when there is none. Fields Telegram added after this
    PTB (kept in api_kwargs) are not looked at."""
    objects: list[TelegramObject] = [update]  # a list, not recursion: replies nest messages in messages
    while objects:
        parsed = objects.pop()
        kind: type = type(parsed)
        for name, expected, sequence, required in _fields(kind):
            value = getattr(parsed, name, None)
            if value is None:
                if required:
                    return f"{kind.__name__}.{name} is missing"
                continue
            if sequence and not isinstance(value, tuple):  # PTB keeps a list as a tuple
                return f"{kind.__name__}.{name} is {type(value).__name__}"
            items = value if sequence else (value,)
            wrong = next((item for item in items if not _fits(item, expected)), None)
            if wrong is not None:
                return f"{kind.__name__}.{name} is {type(wrong).__name__}"
            objects.extend(item for item in (value if isinstance(value, tuple) else (value,))
                           if isinstance(item, TelegramObject))
    return None


def _fits(value: object, expected: Expected) -> bool:
    if not expected:
        return True
    if isinstance(value, bool):  # an int to Python, never to Telegram
        return bool in expected
    if isinstance(value, int) and float in expected:  # JSON may write 2.0 as 2
        return True
    return isinstance(value, expected)


@cache
def _fields(kind: type) -> tuple[tuple[str, Expected, bool, bool], ...]:
    """Each field of a PTB class as its constructor takes it: its name, the types its value may have (or each of
    its values, for a sequence), whether it is a sequence, and whether Telegram always sends it."""
    fields = []
    for name, parameter in inspect.signature(kind).parameters.items():
        if name == "api_kwargs" or parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if isinstance(inspect.getattr_static(kind, name, None), property):  # derived, or deprecated: read, it warns
            continue
        expected, sequence = _expected(parameter.annotation)
        fields.append((name, expected, sequence, parameter.default is parameter.empty))
    return tuple(fields)


def _expected(annotation: object) -> tuple[Expected, bool]:
    """The classes ``annotation`` names (``int``, ``Chat | None``, ``Sequence[int]``), and whether it is a
    sequence of them; no class for any other annotation (a name in quotes, a sequence among other types)."""
    origin = typing.get_origin(annotation)
    if origin in (types.UnionType, typing.Union):
        options = [_expected(option) for option in typing.get_args(annotation) if option is not type(None)]
        if len(options) == 1:  # X | None
            return options[0]
        if any(sequence or not expected for expected, sequence in options):
            return (), False
        return tuple(kind for expected, _sequence in options for kind in expected), False
    if origin is Sequence:
        (item,) = typing.get_args(annotation)
        expected, nested = _expected(item)
        return ((), False) if nested else (expected, True)
    if isinstance(annotation, type) and annotation is not inspect.Parameter.empty:
        return (annotation,), False
    return (), False
