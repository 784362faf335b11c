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

    def ngettext(self, singular: str, plural: str, n: int, **params: object) -> str: ...


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
    """A msgid (marked with N_) and its parameters; a parameter may be a Said itself, said in the same language.
    A sentence with a count (made by ngettext below) has its plural too, and the count ``n`` that chooses."""

    msgid: str
    params: Mapping[str, object] = field(default_factory=dict)
    plural: str | None = None
    n: int = 1

    def english(self) -> str:
        params = {name: _english(value) for name, value in self.params.items()}
        if self.plural is None:
            return self.msgid.format(**params)
        return (self.msgid if self.n == 1 else self.plural).format(n=self.n, **params)

    def said(self, _: Translate, shown: Callable[[str], str] = str) -> str:
        """In the language of ``_``; ``shown`` makes each parameter that isn't a Said safe to show (the
        translation itself may hold what such a filter would escape, as French's no-break spaces)."""
        params = {name: value.said(_, shown) if isinstance(value, Said | Count) else shown(str(value))
                  for name, value in self.params.items()}
        if self.plural is None:
            return _(self.msgid, **params)
        return _.ngettext(self.msgid, self.plural, self.n, **params)

    def __str__(self) -> str:
        return self.english()


def said(msgid: str, **params: object) -> Said:
    return Said(msgid, params)


def ngettext(singular: str, plural: str, n: int, **params: object) -> Said:
    """said() for a sentence with a count {n}: named as gettext's, so the extractor finds both forms; the reader's
    language chooses among its own forms when it is said."""
    return Said(singular, params, plural, n)


def _english(value: object) -> object:
    return value.english() if isinstance(value, Said | Count) else value


def as_is(text: str) -> Said:
    """Words that stay as they are in every language (a library's own, in English): no msgid to translate."""
    return Said("{text}", {"text": text})
