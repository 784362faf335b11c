"""Quiz content on Discord reads as written: Discord makes formatting of "*args", "__init__", "||x||", "# " and
"-# " at a line's start, a mention or a ping of "@everyone" and "<@123>", a channel link of "<#456>", a clock of
"<t:1:R>", and a preview of a link. The renderers escape each (plain()) and the client allows no mentions, so a
learner reads the author's words, nobody is pinged, and a link stays one without a preview. Checked on every text
of the shipped quizzes in all five languages (none changes but for its "_" and "~", and its links' <>), and
through the fake Discord server with a why-not and an explanation holding all of the above."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import regex

from adapters.discord import game_render, render
from adapters.settings import Settings
from bot.content.loader import load_quizzes
from bot.games.replies import GameResults
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, running_bot
from tests.discord.support import button_for, buttons, message_id
from tests.support.content import edit_question
from tests.support.nested_strings import strings_in

CONTENT = Path(__file__).resolve().parents[2] / "content"
TRICKY = ("*args, **kwargs, __init__; ||x|| ~~y~~ `z` @everyone @here <@123> <#456> <t:1:R> </reload:7> "
          "[docs](https://pytorch.org/docs) https://pytorch.org/docs.\n# Heading\n-# small\n1. one\n  - two\n+ 3")
# What Discord reads as markdown or a mention, unless a backslash escapes it (a link in <> excepted): a list item
# ("- ", "+ ", "1. ", after blanks too), a heading, a quote.
ACTIVE = regex.compile(r"(?<!\\)(?:\\\\)*(?:[*_`~|<\[]|@(?=everyone|here))|^\s*(?:#|-#|>|- |\+ |\d+\. )",
                       regex.MULTILINE)
WRAPPED_LINK = regex.compile(r"<https?://[^\s<>]+>")
# Discord reads a backslash before a mark (not before a letter, a digit or a blank, where it shows) as an escape.
ESCAPE = regex.compile(r"\\([^0-9A-Za-z\s])")


def shown(content: str) -> str:
    """The text as Discord shows it (and a reader copies it): escapes read, a link's <> dropped."""
    return ESCAPE.sub(r"\1", regex.sub(r"<(https?://[^\s<>]+)>", r"\1", content))


def active(content: str) -> list[str]:
    return [found[0] for found in ACTIVE.finditer(WRAPPED_LINK.sub(" ", content))]


def test_every_shipped_text_reads_as_written_on_discord() -> None:
    texts = [text for quiz in load_quizzes(CONTENT) for text in strings_in(quiz.model_dump())]
    assert len(texts) > 500
    for text in texts:
        escaped = render.plain(text)
        assert shown(escaped) == text and active(escaped) == [], escaped
    unescaped = {regex.sub(r"<(https?://[^\s<>]+)>", r"\1", regex.sub(r"\\([_~])", r"\1", render.plain(text)))
                 for text in texts}
    changed = unescaped - set(texts)
    assert changed == set(), changed  # escapes and links' <> apart, the shipped texts are sent as written
    assert shown(render.plain(TRICKY)) == TRICKY and active(render.plain(TRICKY)) == []
    assert "\u200b" not in render.plain(TRICKY)  # no invisible character, which a reader copying it would copy too



def test_tied_places_in_a_games_standings_keep_their_numbers() -> None:
    """Before: "1. Ada", "1. Bo", "3. Cy" was a numbered list to Discord, which numbers one itself: 1, 2, 3."""
    top = ("1. Ada — 150 points", "1. Bo — 150 points", "3. Cy — 0 points")
    results = GameResults(game_id="g", chat_id="c", position=0, question_message=None, label="Question 1 of 3",
                          prompt="Which collective?", heading="Question 1: the answer is B. All-reduce",
                          explanation="Sums.", counts=(("B", 2),), counts_line="Answers: B 2", top_heading="Top 5:",
                          top=top, explain_label="Explain")
    standings = game_render.results(results).split("\n")[-3:]
    assert [shown(line) for line in standings] == list(top) and active("\n".join(standings)) == []


def with_markup(question: dict[str, Any]) -> None:
    question["explanation"] = {language: TRICKY for language in ("en", "fr", "sw", "yo", "sn")}
    next(option for option in question["options"] if option["id"] == "broadcast")["why_not"] = {
        language: "@everyone: *args __init__ <#456>" for language in ("en", "fr", "sw", "yo", "sn")}


async def test_markup_and_mentions_in_a_why_not_and_explanation_are_shown_as_written(
        settings: Settings, fake: FakeDiscord, content_dir: Path) -> None:
    edit_question(content_dir, "sum-everywhere", with_markup)
    async with running_bot(settings, fake):
        started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
        question = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
        click = await fake.click(message_id(question), button_for(question, "Broadcast"), user_id=LEARNER_ID)
        feedback = await fake.wait_until(lambda: next((c for c in fake.answers(click) if "❌" in c.content), None))
    lines = feedback.content.split("\n")
    assert shown(lines[1]) == "*@everyone: *args __init__ <#456>*" and active(lines[1].strip("*")) == []
    explanation = "\n".join(lines[3:4 + TRICKY.count("\n")])
    assert shown(explanation) == TRICKY and active(explanation) == []
    sent = feedback.body.get("data", feedback.body)  # a reply to the click (or a follow-up after it)
    assert sent["allowed_mentions"] == {"parse": []}, feedback.body  # nobody pinged, whatever it says
