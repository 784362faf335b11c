"""Quiz texts are plain text, as Telegram and Discord's group games show them: a `*`, `_`, backtick, `~~` or `||`
an author wrote is shown as written in a Discord quiz too, not turned into bold, italics, code, a strike-through
or a spoiler the learner must click (which hid the part of the explanation that mattered)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, running_bot
from tests.discord.payloads import OWNER_ID
from tests.discord.support import button_for, buttons, first_answer, message_id, next_poll, vote_for
from tests.support.content import edit_question

PROMPT = "Which collective leaves the *sum* of `all` gradients on every rank?"
OPTION = "All_reduce (~~ring~~)"
TITLE = "all_reduce_and *friends*"
EXPLANATION = "All-reduce sums **across** ranks; ||broadcast|| only copies one rank's data."


def with_markdown_characters(question: dict[str, Any]) -> None:
    question["prompt"]["en"] = PROMPT
    next(option for option in question["options"] if option["id"] == "all-reduce")["text"]["en"] = OPTION
    question["explanation"]["en"] = EXPLANATION


async def test_markdown_characters_in_a_quiz_are_shown_as_written_in_private_play(
        settings: Settings, fake: FakeDiscord, content_dir: Path) -> None:
    edit_question(content_dir, "sum-everywhere", with_markdown_characters)
    async with running_bot(settings, fake):
        started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
        shown = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
        click = await fake.click(message_id(shown), button_for(shown, OPTION), user_id=LEARNER_ID)
        feedback = await fake.wait_until(lambda: next((c for c in fake.answers(click) if "✅" in c.content), None))
    # Each markdown character escaped, so Discord draws it and not the formatting (a button label is never
    # formatted: it keeps the text as written).
    assert r"Which collective leaves the \*sum\* of \`all\` gradients on every rank?" in shown.content.split("\n")
    lines = feedback.content.split("\n")
    assert r"The answer: All\_reduce (\~\~ring\~\~)" in lines, lines
    assert r"All-reduce sums \*\*across\*\* ranks; \|\|broadcast\|\| only copies one rank's data." in lines, lines


def titled_with_markdown(content_dir: Path) -> None:
    path = content_dir / "quizzes" / "collectives.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    quiz["title"]["en"] = TITLE
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")


async def test_a_quiz_title_with_markdown_characters_is_shown_as_written_in_the_intro_of_public_play(
        settings: Settings, fake: FakeDiscord, content_dir: Path) -> None:
    """Before: the intro /quiz answers with in a channel ("{title}: 3 questions. Good luck!") was sent as the
    engine wrote it, so a title's underscores made italics ("snake*case*tips"), where private play and Telegram
    show it as written."""
    titled_with_markdown(content_dir)
    async with running_bot(settings, fake) as bot:
        token = await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
        intro = await fake.wait_until(first_answer(fake, token))
        await next_poll(fake, bot)  # the command's handler is over: the bot isn't stopped under it
    assert intro.content.startswith(r"all\_reduce\_and \*friends\*: 3 questions."), intro.content


async def test_a_quiz_title_with_markdown_characters_is_shown_as_written_in_a_notice_of_public_play(
        settings: Settings, fake: FakeDiscord, content_dir: Path) -> None:
    """Before: a vote back in a quiz left for another was answered "Welcome back! Carrying on with {title}." as
    the engine wrote it, the title's underscores and stars made formatting."""
    titled_with_markdown(content_dir)
    async with running_bot(settings, fake) as bot:
        await fake.slash("quiz", {"quiz": "collectives"})
        left = await next_poll(fake, bot)
        mark = len(fake.calls)
        await fake.slash("quiz", {"quiz": "long-options"})
        await next_poll(fake, bot, after=mark)
        mark = len(fake.calls)
        await vote_for(fake, left, "All-reduce", OWNER_ID, in_flight=True)  # cast as the learner switched
        await next_poll(fake, bot, after=mark)
        said = [reply.content for reply in fake.replies_to(message_id(left), after=mark)]
    assert said[0] == rf"<@{OWNER_ID}> Welcome back! Carrying on with all\_reduce\_and \*friends\*.", said
