"""A /quiz reference that names more quizzes than a Discord message can hold buttons for (25): every one is
listed, the first 25 with a button, and the reply says how to start the others (before: they were listed with no
way to start them from there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import buttons, first_answer
from tests.support.content import with_long_options_copies

COPIES = 27  # with long-options itself, 28 quizzes have "long" in their id


@pytest.fixture
def content_dir(tmp_path: Path, fixture_content: Path) -> Path:
    return with_long_options_copies(fixture_content, tmp_path, COPIES)


async def test_quizzes_past_the_buttons_a_message_holds_are_listed_with_how_to_start_them(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.wait_until(first_answer(fake, await fake.slash("quiz", {"quiz": "long"}, user_id=LEARNER_ID)))
    await fake.quiet()
    sent = [call for call in fake.calls if (call.body or {}).get("content")]
    text = "\n".join(call.body["content"] for call in sent)
    assert "(`long-options-27`)" in text  # listed, though it has no button
    assert sum(len(buttons(call)) for call in sent) == 25
    assert "The first 25 have a button; to start another, send /quiz with its id." in text


async def test_quizzes_lists_them_all_with_the_first_25_buttons_and_how_to_start_the_rest(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.wait_until(first_answer(fake, await fake.slash("quizzes", user_id=LEARNER_ID)))
    await fake.quiet()
    sent = [call for call in fake.calls if (call.body or {}).get("content")]
    text = "\n".join(call.body["content"] for call in sent)
    assert "(`long-options-27`)" in text and "(`collectives`)" in text
    assert sum(len(buttons(call)) for call in sent) == 25
    assert "The first 25 have a button; to start another, send /quiz with its id." in text


async def test_game_start_past_the_buttons_says_how_to_open_the_rest_with_the_seconds_given(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """/game start's which-one reply has the same 25 buttons, each opening a lobby with the seconds it was given."""
    await fake.wait_until(first_answer(fake, await fake.slash("game", {"quiz": "long", "seconds": 20},
                                                              subcommand="start", user_id=LEARNER_ID)))
    await fake.quiet()
    sent = [call for call in fake.calls if (call.body or {}).get("content")]
    text = "\n".join(call.body["content"] for call in sent)
    assert "(`long-options-27`)" in text
    pressable = [button["custom_id"] for call in sent for button in buttons(call)]
    assert len(pressable) == 25 and all(custom_id.endswith(":20") for custom_id in pressable)
    assert ("The first 25 have a button; to open a game of another, send /game start with its id and seconds:20."
            in text)
