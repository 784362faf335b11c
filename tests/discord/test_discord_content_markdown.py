"""Quiz texts are plain text, as Telegram and Discord's group games show them: a `*`, `_`, backtick, `~~` or `||`
an author wrote is shown as written in a Discord quiz too, not turned into bold, italics, code, a strike-through
or a spoiler the learner must click (which hid the part of the explanation that mattered)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, running_bot
from tests.discord.support import button_for, buttons, message_id
from tests.support.content import edit_question

PROMPT = "Which collective leaves the *sum* of `all` gradients on every rank?"
OPTION = "All_reduce (~~ring~~)"
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
