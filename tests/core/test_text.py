"""Shortening a text for a platform's limit without splitting what a reader sees as one letter."""

from __future__ import annotations

import unicodedata

import regex
from hypothesis import example, given
from hypothesis import strategies as st

from bot.text import ELLIPSIS, shorten, shorten_words, shown_name, without_controls

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


# Letters, combining marks (Yoruba's tones), zero-width joiners, emoji, regional indicators, Hangul jamo: what
# makes clusters of several code points.
CLUSTER_PARTS = st.sampled_from(["a", "ẹ", "\u0300", "\u0301", "\u200d", "👩", "👧", "\U0001f3fd", "🇳", "🇬", "\u1100",
                                 "\u1161", "\u11a8", " ", "\r", "\n", "\u0915", "\u094d", "\u0937"])


def whole_text_cut(text: str, limit: int) -> str:
    """The cut as first written: the clusters of the whole text, in Python, up to the last that fits."""
    end = 0
    for cluster in regex.finditer(r"\X", text):
        if cluster.end() > limit - 1:
            break
        end = cluster.end()
    return text[:end].rstrip() + ELLIPSIS


@given(st.lists(CLUSTER_PARTS, max_size=40).map("".join), st.integers(min_value=-2, max_value=45))
def test_the_cut_falls_where_the_whole_texts_clusters_put_it(text: str, limit: int) -> None:
    # Only the first ``limit`` characters are split into clusters: the cut must not move for it.
    expected = text if len(text) <= limit else whole_text_cut(text, limit)
    assert shorten(text, limit) == expected


def test_a_summary_line_or_a_label_is_cut_at_the_end_of_a_word() -> None:
    prompt = "Which collective keeps the data-parallel replicas identical after each step?"
    assert shorten_words(prompt, 70) == "Which collective keeps the data-parallel replicas identical after…"
    assert shorten_words("Ọ̀gá ìrántí fún èrò", 15) == "Ọ̀gá ìrántí…"  # not "…fú…": the tone marks go with their words
    assert shorten_words("hello wo rld", 9) == "hello wo…"  # the cut fell between words already
    assert shorten_words("Ada", 3) == "Ada"


def test_a_word_longer_than_a_third_of_the_room_is_cut_inside_it() -> None:
    assert shorten_words("ab cdefghijklmnopqrstuvwxyz", 10) == "ab cdefgh…"  # "ab…" would say next to nothing


@given(st.lists(CLUSTER_PARTS, max_size=40).map("".join), st.integers(min_value=-2, max_value=45))
@example("a   aaa", 6)  # found by Hypothesis: the spaces before the word's start were counted as kept
def test_a_cut_at_a_word_keeps_at_least_two_thirds_of_the_plain_cut_and_never_more(text: str, limit: int) -> None:
    plain, words = shorten(text, limit), shorten_words(text, limit)
    kept, plain_kept = words.removesuffix(ELLIPSIS), plain.removesuffix(ELLIPSIS)
    assert plain_kept.startswith(kept) and len(words) <= max(limit, len(ELLIPSIS))
    assert len(kept) >= len(plain_kept) * 2 // 3 - 1 or words == plain


def test_a_name_is_shown_on_one_line_without_the_bidi_controls_that_would_reorder_the_bots_words() -> None:
    assert shown_name(" Eve\u202e \n\u2066Adams\u2069 ") == "Eve Adams"
    assert shown_name("\u0639\u0644\u064a \u200fAli") == "\u0639\u0644\u064a \u200fAli"  # right-to-left letters stay
    assert shown_name("\u200f\u200e \u200b") == ""  # nothing visible: the caller shows its placeholder instead
    # A player's name keeps no control characters (a NUL: PostgreSQL refuses it); what is typed is echoed with them
    # shown as text instead (adapters/terminal).
    assert shown_name(without_controls("\x00Ada\x07 Love\x1blace\x7f\x9b")) == "Ada Lovelace"
