"""/reload of a quiz file with thousands of broken questions: the admin's chat gets the count, the first problems
of each file and where to see them all, in a message; the log has every one, in one entry."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from adapters.settings import Settings
from bot.content.library import load_catalog
from bot.content.problems import ContentError
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import ADMIN, AMINATA, next_poll, running_bot

POINTER = "Every problem is listed by quiztutor validate (run on the content folder) and in the bot's log."
BROKEN_QUESTIONS = 400  # five problems each ("missing 'id'", 'prompt', ...): about 25 messages of them before


def break_content(content_dir: Path) -> None:
    quizzes = content_dir / "quizzes"
    (quizzes / "broken.yaml").write_text("id: broken\nquestions:\n" + "- {}\n" * BROKEN_QUESTIONS, encoding="utf-8")
    (quizzes / "zebra.yaml").write_text("id: zebra\ndifficulty: impossible\n", encoding="utf-8")  # sorted after


async def test_a_reload_with_thousands_of_problems_sends_the_first_of_each_file_and_says_where_the_rest_are(
        api: FakeBotApi, settings: Settings, content_dir: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Before, every problem went to the admin's chat: a 1 MB file of '- {}' was a million lines, thousands of
    messages at Telegram's pace for one chat, holding the bot's other sends behind them for hours."""
    caplog.set_level(logging.WARNING, logger="bot.usecases.admin")
    async with running_bot(settings) as engine:
        break_content(content_dir)
        with pytest.raises(ContentError) as error:
            load_catalog(content_dir)
        problems = len(error.value.problems)
        _ = engine.localizer_for("en")
        await api.command(ADMIN, "/reload")
        await api.wait_for("sendMessage", 1, lambda call: POINTER in call["text"])
        await api.command(AMINATA, "/quiz collectives")  # the previous content still serves
        assert (await next_poll(api, AMINATA.id, 1)).params["question"].startswith("1/3 ")
        messages = api.sent_texts(ADMIN.id)
    assert len(messages) == 1, len(messages)
    lines = messages[0].splitlines()
    assert lines[0] == _.ngettext("The new content has {n} problem, so I kept serving the previous content:",
                                  "The new content has {n} problems, so I kept serving the previous content:",
                                  problems)
    assert problems > 5 * BROKEN_QUESTIONS
    assert "• broken.yaml, question '#1': missing 'answer'" in lines
    assert any(line.startswith("• zebra.yaml: ") for line in lines)  # the next file's first problems are there
    shown = sum(line.startswith("• ") for line in lines)
    assert 20 <= shown < 100
    assert lines[-1] == _.ngettext("…and {n} more problem. " + POINTER, "…and {n} more problems. " + POINTER,
                                   problems - shown)

    logged = [record.getMessage() for record in caplog.records if record.name == "bot.usecases.admin"]
    assert len(logged) == 1  # one entry, listing every problem one a line
    assert logged[0].count("\n  ") == problems
    assert "\n  zebra.yaml: " in logged[0] and "\n  broken.yaml, question '#400': missing 'prompt'" in logged[0]
