"""A sentence kept with its parameters, so that whoever shows it can say it in its reader's language.

Content validation runs before anyone's language is known: a content problem is said in English on the command
line and in the admin's language by /reload, from the same Said.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from babel.numbers import format_decimal


def N_(message: str) -> str:  # gettext's name for the marker, which the extractor knows
    """Marks a msgid for extraction where it is translated later, by whoever shows it."""
    return message


class Translate(Protocol):
    """What bot.i18n.Localizer is to a Said: a msgid and its parameters in, a sentence out, in ``language``."""

    language: str

    def __call__(self, message: str, **params: object) -> str: ...


@dataclass(frozen=True)
class Count:
    """A number as its reader's language writes it: 1,048,576 in English, 1 048 576 in French (where a comma is
    the decimal point)."""

    value: int

    def english(self) -> str:
        return f"{self.value:,}"

    def said(self, _: Translate, shown: Callable[[str], str] = str) -> str:
        return format_decimal(self.value, locale=_.language)  # our own digits: nothing of a file's to make safe


@dataclass(frozen=True)
class Said:
    """A msgid (marked with N_) and its parameters; a parameter may be a Said itself, said in the same language."""

    msgid: str
    params: Mapping[str, object] = field(default_factory=dict)

    def english(self) -> str:
        return self.msgid.format(**{name: _english(value) for name, value in self.params.items()})

    def said(self, _: Translate, shown: Callable[[str], str] = str) -> str:
        """In the language of ``_``; ``shown`` makes each parameter that isn't a Said safe to show (the
        translation itself may hold what such a filter would escape, as French's no-break spaces)."""
        return _(self.msgid, **{name: value.said(_, shown) if isinstance(value, Said | Count) else shown(str(value))
                                for name, value in self.params.items()})

    def __str__(self) -> str:
        return self.english()


def said(msgid: str, **params: object) -> Said:
    return Said(msgid, params)


def _english(value: object) -> object:
    return value.english() if isinstance(value, Said | Count) else value


def as_is(text: str) -> Said:
    """Words that stay as they are in every language (a library's own, in English): no msgid to translate."""
    return Said("{text}", {"text": text})
