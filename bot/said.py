"""A sentence kept with its parameters, so that whoever shows it can say it in its reader's language.

Content validation runs before anyone's language is known: a content problem is said in English on the command
line and in the admin's language by /reload, from the same Said.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol


def N_(message: str) -> str:  # gettext's name for the marker, which the extractor knows
    """Marks a msgid for extraction where it is translated later, by whoever shows it."""
    return message


class Translate(Protocol):
    """What bot.i18n.Localizer is to a Said: a msgid and its parameters in, a sentence out."""

    def __call__(self, message: str, **params: object) -> str: ...


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
        return _(self.msgid, **{name: value.said(_, shown) if isinstance(value, Said) else shown(str(value))
                                for name, value in self.params.items()})

    def __str__(self) -> str:
        return self.english()


def said(msgid: str, **params: object) -> Said:
    return Said(msgid, params)


def _english(value: object) -> object:
    return value.english() if isinstance(value, Said) else value


def as_is(text: str) -> Said:
    """Words that stay as they are in every language (a library's own, in English): no msgid to translate."""
    return Said("{text}", {"text": text})
