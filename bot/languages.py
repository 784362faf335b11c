"""The languages QuizTutor speaks, and how a platform's language hint maps onto them."""

from __future__ import annotations

from typing import Final

# Final keeps it the literal "en", so it can index a text keyed by LanguageCode (bot.content.models).
DEFAULT_LANGUAGE: Final = "en"

# Native names, so a speaker recognises their own language in a picker.
NATIVE_NAMES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "sw": "Kiswahili",
    "yo": "Èdè Yorùbá",
    "sn": "chiShona",
}

SUPPORTED_LANGUAGES: tuple[str, ...] = tuple(NATIVE_NAMES)


def normalize_language(hint: str | None) -> str | None:
    """Map a hint such as ``fr-CA``, ``sw_KE`` or ``SN`` to a supported code, or None."""
    if not hint:
        return None
    primary = hint.strip().replace("_", "-").split("-", 1)[0].lower()
    return primary if primary in NATIVE_NAMES else None


def choose_language(stored: str | None, hint: str | None) -> str:
    """The user's stored choice first, then the platform's hint, then English."""
    return normalize_language(stored) or normalize_language(hint) or DEFAULT_LANGUAGE
