"""Shortening a text for a platform's limit without splitting what a reader sees as one letter."""

from __future__ import annotations

import unicodedata

from bot.text import shorten, shown_name

FAMILY = "👩\u200d👩\u200d👧\u200d👦"  # one emoji of 7 code points


def test_a_text_within_the_limit_is_kept_whole() -> None:
    assert shorten("Ada", 3) == "Ada"


def test_the_cut_keeps_a_yoruba_tone_mark_on_its_letter() -> None:
    text = unicodedata.normalize("NFC", "ẹ̀ẹ̀ẹ̀ẹ̀")  # each letter: ẹ and a combining grave, 2 code points
    cut = shorten(text, 6)
    assert cut == unicodedata.normalize("NFC", "ẹ̀ẹ̀…")  # not "ẹ̀ẹ̀ẹ…", whose last tone mark is lost
    assert len(cut) <= 6


def test_the_cut_never_splits_an_emoji_sequence_or_a_flag() -> None:
    assert shorten(f"Ada {FAMILY} team", 8) == "Ada…"  # the whole family or none of it
    assert shorten(f"{FAMILY}{FAMILY}", 12) == f"{FAMILY}…"
    assert shorten("🇳🇬🇰🇪🇿🇼", 4) == "🇳🇬…"  # a flag is two regional indicators


def test_a_name_is_shown_on_one_line_without_the_bidi_controls_that_would_reorder_the_bots_words() -> None:
    assert shown_name(" Eve\u202e \n\u2066Adams\u2069 ") == "Eve Adams"
    assert shown_name("\u0639\u0644\u064a \u200fAli") == "\u0639\u0644\u064a \u200fAli"  # right-to-left letters stay
    assert shown_name("\u200f\u200e \u200b") == ""  # nothing visible: the caller shows its placeholder instead
