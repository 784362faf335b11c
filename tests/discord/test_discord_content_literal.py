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

from adapters.discord import render
from adapters.settings import Settings
from bot.content.loader import load_quizzes
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, running_bot
from tests.discord.support import button_for, buttons, message_id
from tests.support.content import edit_question
from tests.support.nested_strings import strings_in

CONTENT = Path(__file__).resolve().parents[2] / "content"
TRICKY = ("*args, **kwargs, __init__; ||x|| ~~y~~ `z` @everyone @here <@123> <#456> <t:1:R> </reload:7> "
          "[docs](https://pytorch.org/docs) https://pytorch.org/docs.\n# Heading\n-# small")
# What Discord reads as markdown or a mention, unless a backslash escapes it (a link in <> excepted).
ACTIVE = regex.compile(r"(?<!\\)(?:\\\\)*[*_`~|<\[]|@(?=everyone|here)|^(?:#|-#|>|- )", regex.MULTILINE)
WRAPPED_LINK = regex.compile(r"<https?://[^\s<>]+>")
ESCAPE = regex.compile(r"\\(.)", regex.DOTALL)


def shown(content: str) -> str:
    """The text as Discord shows it: escapes read, a link's <> dropped, the zero-width space after "@" unseen."""
    return ESCAPE.sub(r"\1", regex.sub(r"<(https?://[^\s<>]+)>", r"\1", content)).replace("@\u200b", "@")


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
    assert shown("\n".join(lines[3:6])) == TRICKY and active("\n".join(lines[3:6])) == []
    sent = feedback.body.get("data", feedback.body)  # a reply to the click (or a follow-up after it)
    assert sent["allowed_mentions"] == {"parse": []}, feedback.body  # nobody pinged, whatever it says
