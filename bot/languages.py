"""The languages QuizTutor speaks, and how a platform's language hint maps onto them."""

from __future__ import annotations

import unicodedata
from typing import Final, Literal, TypeGuard

from bot.said import N_, Said, as_is, said
from bot.text import name_as_seen

# The bot's words and the content's texts alike: pydantic refuses content in any other language.
LanguageCode = Literal["en", "fr", "sw", "yo", "sn"]

# Final keeps it the literal "en", so it can index a text keyed by LanguageCode (bot.content.models).
DEFAULT_LANGUAGE: Final = "en"

# Native names, so a speaker recognises their own language in a picker.
NATIVE_NAMES: dict[LanguageCode, str] = {
    "en": "English",
    "fr": "Français",
    "sw": "Kiswahili",
    "yo": "Èdè Yorùbá",
    "sn": "chiShona",
}

SUPPORTED_LANGUAGES: tuple[LanguageCode, ...] = tuple(NATIVE_NAMES)

# Understood, besides the codes and native names, where a person types a language ("language Swahili").
ENGLISH_NAMES: dict[LanguageCode, str] = {
    "en": "English",
    "fr": "French",
    "sw": "Swahili",
    "yo": "Yoruba",
    "sn": "Shona",
}


def listed_codes(last: str = ", ") -> str:
    """The codes of the languages the bot speaks, for a message: "en, fr, sw, yo, sn" (or "... yo or sn")."""
    *others, final = SUPPORTED_LANGUAGES
    return ", ".join(others) + last + final if others else final


def unknown_code() -> str:
    """What an author is told of a language code the bot doesn't speak."""
    return unknown_code_said().english()


def unknown_code_said() -> Said:
    """unknown_code's sentence, for /reload to say in the admin's language."""
    return said(N_("unknown language code (use {codes}; README: Adding a language)"), codes=_codes_to_choose())


def _codes_to_choose() -> Said:
    """The codes as choices, "en, fr, sw, yo or sn": the joining word is the reader's language's, not English."""
    *others, final = SUPPORTED_LANGUAGES
    if not others:
        return as_is(final)
    # Translators: the last of several choices, "en, fr, sw, yo or sn": {listed} holds the others, comma-separated.
    return said(N_("{listed} or {last}"), listed=", ".join(others), last=final)


def is_language_code(language: str) -> TypeGuard[LanguageCode]:
    """Whether the bot speaks the language, so it can index a text keyed by LanguageCode."""
    return language in NATIVE_NAMES


def native_name(code: str) -> str:
    """The language's name in itself; the code itself for one the bot doesn't speak."""
    return NATIVE_NAMES[code] if is_language_code(code) else code


def normalize_language(hint: str | None) -> LanguageCode | None:
    """Map a hint such as ``fr-CA``, ``sw_KE`` or ``SN`` to a supported code, or None."""
    if not hint:
        return None
    primary = hint.strip().replace("_", "-").split("-", 1)[0].lower()
    return primary if is_language_code(primary) else None


def language_choice(typed: str) -> LanguageCode | None:
    """A language a person typed: a code as a hint gives it (``fr``, ``fr-CA``), or the language's name in itself
    or in English, in any case, accents optional (``Français``, ``francais``, ``kiswahili``, ``Yoruba``), also in
    full width as a phone's input method may send it (``ｆｒ``), and with marks that show as nothing (a right-to-left
    chat's direction marks) around or in it."""
    typed = name_as_seen(typed)
    code = normalize_language(typed)
    if code is not None:
        return code
    code_part, bracket, rest = typed.strip().partition("(")
    if bracket and rest.endswith(")"):  # "yo (Èdè Yorùbá)", copied from the list an unknown choice is answered with
        named = language_choice(rest[:-1])
        return named if named is not None and normalize_language(code_part.strip()) == named else None
    name = _folded(typed)
    return next((code for code in SUPPORTED_LANGUAGES
                 if name in (_folded(NATIVE_NAMES[code]), _folded(ENGLISH_NAMES[code]))), None)


def _folded(text: str) -> str:
    """Lower case, without accents or extra spaces: "Èdè  Yorùbá" -> "ede yoruba"."""
    bare = "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))
    return " ".join(bare.casefold().split())


def choose_language(stored: str | None, hint: str | None) -> str:
    """The user's stored choice first, then the platform's hint, then English."""
    return normalize_language(stored) or normalize_language(hint) or DEFAULT_LANGUAGE
