"""Over Discord's 2,000 characters, a long prompt is cut, never the options or a game's answer and standings
that follow it; a long text goes out in several messages, split between paragraphs where it can."""

from __future__ import annotations

import itertools
import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from adapters.discord import game_render
from adapters.discord.render import MESSAGE_LIMIT, plain, poll_content, preview
from adapters.discord.render import summary as summary_text
from adapters.discord.splitting import split_message
from bot.games.replies import GameExplanation, GameLobby, GameResults
from bot.replies import Feedback, Outcome, Preview, QuestionView, Summary, SummaryLine
from bot.text import clusters

PROMPT = "Why does the pipeline stall? " * 60  # 1,740 characters
OPTIONS = tuple(f"Option {letter}: " + "because of a long reason " * 4 for letter in "ABCDEF")  # over 55: lettered


def test_a_poll_with_lettered_options_keeps_every_option_and_cuts_the_prompt() -> None:
    view = QuestionView(session_id="s1", quiz_id="q", question_id="q1", number=1, total=3, label="Question 1 of 3",
                        prompt=PROMPT, options=OPTIONS, correct_index=0, explanation="", language="en")
    content = poll_content(view, owner_id=42)
    assert len(content) <= MESSAGE_LIMIT
    assert all(option in content for option in OPTIONS)  # before, the message's end was cut: options lost
    assert "Why does the pipeline stall?" in content and "…**" in content  # the prompt, cut where it ends


def test_game_results_keep_the_answer_the_counts_and_the_standings() -> None:
    results = GameResults(game_id="g", chat_id="c", position=0, question_message=None, label="Question 1 of 3",
                          prompt=PROMPT, heading="Question 1: the answer is B. All-reduce", explanation="x" * 200,
                          counts=(("A", 1), ("B", 2)), counts_line="Answers: A 1 · B 2", top_heading="Top 5:",
                          top=tuple(f"{rank}. Player {rank} — 100 points" for rank in range(1, 6)),
                          explain_label="Explain")
    text = game_render.results(results, asked=f"**Question 1 of 3** · {PROMPT}")
    assert len(text) <= MESSAGE_LIMIT
    assert text.endswith("5\\. Player 5 — 100 points")  # as written: not a list Discord would number itself
    assert "the answer is B. All-reduce" in text and "Answers: A 1 · B 2" in text


def test_a_game_explanation_keeps_long_details_whole_for_respond_to_split() -> None:
    details = "Ring all-reduce sends each chunk around the ring twice. " * 60 + "END-OF-DETAILS."  # 3,000+
    feedback = Feedback("q1", False, "Not quite.", "The answer: All-reduce", "Sums.", details=details)
    text = game_render.explanation(GameExplanation("You chose A: not quite.", feedback))
    assert details in text  # it was cut at 2,000 characters with "…"
    assert all(len(part) <= MESSAGE_LIMIT for part in split_message(text))


def test_a_summary_says_which_other_quiz_is_still_open_before_the_retry_offer() -> None:
    summary = Summary("s1", "q", "Quiz finished: Collectives", "You scored 0 out of 1 question.", 0, 1,
                      (SummaryLine("a", "A?", Outcome.WRONG),), 1, "Want another go at the question you missed?",
                      still_open="**Long** options is still in progress: start it again.")
    lines = summary_text(summary).splitlines()
    assert lines[-3:] == ["*\\*\\*Long\\*\\* options is still in progress: start it again.*", "",
                          "Want another go at the question you missed?"]


def test_a_long_preview_is_split_between_questions_never_inside_one() -> None:
    questions = tuple((f"Question {n}: why does stage {n} of the pipeline wait? " + "Context. " * 20,
                       tuple(f"Option {letter} of {n}: " + "a reason " * 6 for letter in "ABCD"))
                      for n in range(1, 9))
    parts = split_message(preview(Preview("pipeline", "Pipelines", "8 questions.", questions)))
    assert len(parts) > 1 and all(len(part) <= MESSAGE_LIMIT for part in parts)
    for n, (prompt, options) in enumerate(questions, start=1):
        holding = [part for part in parts if f"**{n}.** {prompt}" in part]
        assert len(holding) == 1 and all(f"  • {option}" in holding[0] for option in options)


@given(st.text(alphabet="ab \n", max_size=400), st.integers(min_value=1, max_value=60))
def test_split_parts_fit_and_lose_nothing_but_the_blanks_between_them(text: str, limit: int) -> None:
    parts = split_message(text, limit)
    assert all(len(part) <= limit for part in parts)
    assert "".join("".join(parts).split()) == "".join(text.split())  # only blanks between parts may go
    assert all(part.strip() for part in parts) or len(parts) == 1  # no blank message, which Discord refuses
    if len(text) <= limit and text.strip():
        assert parts == [text]  # what fits goes whole


def test_a_long_line_is_never_cut_between_a_backslash_and_what_it_escapes_nor_inside_a_letter() -> None:
    """Before: a line over 2,000 characters (a long explanation) was cut every 2,000 characters, wherever that
    fell: a backslash ended one message and the character it escaped began the next, shown as formatting there
    (a '*' opening italics), or a flag or a Yoruba letter with its tone mark came apart."""
    for filler in range(1900, 2001):  # the cut falls on each side of each escape and letter below
        explanation = "x" * filler + "*not bold* \\path\\ " * 3 + "ẹ̀ 🇳🇬 👩‍👩‍👧 " * 3 + "END"
        text = plain(explanation)
        parts = split_message(text)
        assert "".join(parts) == text and all(len(part) <= MESSAGE_LIMIT for part in parts)
        for part in parts[:-1]:
            assert (len(part) - len(part.rstrip("\\"))) % 2 == 0, part[-10:]  # no escape left open at the end
        for before, after in itertools.pairwise(parts):
            assert clusters(before + after) == clusters(before) + clusters(after)  # every letter whole


def _open_escape(text: str) -> bool:
    """Whether ``text`` cut with "…" ends in an escape left open: an odd run of backslashes before the ellipsis."""
    kept = text.removesuffix("…")
    return (len(kept) - len(kept.rstrip("\\"))) % 2 == 1


def test_a_cut_game_text_never_ends_between_a_backslash_and_what_it_escapes() -> None:
    # Escaped, every "*" a player put in their name is two characters: wherever the cut falls, one of these
    # lobbies has it between the "\" and its "*" (Discord then showed a stray "\" before the "…").
    for pad in range(2):
        lobby = GameLobby("g", "c", "Group game", ("x" * pad + "*" * 1500,), "Join", "Start")
        text = game_render.lobby(lobby)
        assert len(text) <= MESSAGE_LIMIT and text.endswith("…")
        assert not _open_escape(text), text[-10:]


def test_a_cut_prompt_keeps_its_bold_closed() -> None:
    # "**\*\*…\**": the escape left open swallowed the bold's first "*", and the whole prompt showed its stars.
    for pad in range(2):
        view = QuestionView(session_id="s1", quiz_id="q", question_id="q1", number=1, total=3,
                            label="Question 1 of 3", prompt="x" * pad + "*" * 1500, options=OPTIONS,
                            correct_index=0, explanation="", language="en")
        content = poll_content(view, owner_id=42)
        assert len(content) <= MESSAGE_LIMIT and "…**" in content
        assert not _open_escape(content.split("…**")[0] + "…"), content[:20]


def test_a_cut_never_ends_inside_a_link_wrapped_against_its_preview() -> None:
    """plain() wraps a web address in <> so Discord shows no preview of it: a cut inside one lost the ">", and
    Discord showed a stray "<" before the link, and the preview after all."""
    link = "https://example.com/" + "p" * 40
    for pad in range(4):
        view = QuestionView(session_id="s1", quiz_id="q", question_id="q1", number=1, total=3,
                            label="Question 1 of 3", prompt="x" * pad + f" {link}" * 60, options=OPTIONS,
                            correct_index=0, explanation="", language="en")
        content = poll_content(view, owner_id=42)
        assert len(content) <= MESSAGE_LIMIT and "…**" in content
        assert all(closed for closed in re.findall(r"<https?://[^\s<>]*(>?)", content)), content[-80:]
        lobby = game_render.lobby(GameLobby("g", "c", "Group game", ("x" * pad + f" {link}" * 40,), "Join", "Start"))
        assert len(lobby) <= MESSAGE_LIMIT and lobby.endswith("…")
        assert all(closed for closed in re.findall(r"<https?://[^\s<>]*(>?)", lobby)), lobby[-80:]


def test_a_long_line_split_in_two_messages_keeps_a_wrapped_link_whole() -> None:
    """Split across two messages, a link plain() wrapped in <> showed a stray "<" and its preview in the first,
    and a stray ">" in the second."""
    for pad in range(0, 60, 7):
        text = plain("x" * (1970 + pad) + " https://example.com/" + "p" * 40 + " after")
        parts = split_message(text)
        assert len(parts) == 2 and all(len(part) <= MESSAGE_LIMIT for part in parts)
        assert "".join(parts) == text
        for part in parts:
            assert part.count("<https://") == part.count("p>"), (pad, part[-80:])


def test_a_message_is_counted_in_code_points_as_discord_counts_it() -> None:
    """Discord counts a message's 2,000 characters as its API's Python len() does: code points, not UTF-16 units
    (an emoji beyond U+FFFF is one, not two) nor letters (a Yoruba "ẹ̀" typed with its marks apart is three). A text
    of exactly 2,000 goes whole; one more is split, between letters, each part within 2,000."""
    yoruba = unicodedata.normalize("NFD", "ẹ̀") + " "  # 4 code points, 2 letters
    emoji = "👩‍👩‍👧 🇳🇬 😀 "  # 5 + 1 + 2 + 1 + 1 + 1 = 11 code points, 17 UTF-16 units
    text = ((yoruba + emoji) * 200)[:MESSAGE_LIMIT - 1] + "x"
    assert len(text) == MESSAGE_LIMIT < len(text.encode("utf-16-le")) // 2
    assert split_message(text) == [text]
    longer = text + "ẹ̀"
    parts = split_message(longer)
    assert len(parts) == 2 and all(len(part) <= MESSAGE_LIMIT for part in parts) and "".join(parts) == longer
    assert clusters(parts[0]) + clusters(parts[1]) == clusters(longer)
