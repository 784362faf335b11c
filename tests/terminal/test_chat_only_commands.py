"""The chat bots' commands that need a chat (reminders, group games) typed in the terminal: told where they work,
in the learner's language, rather than taken for a quiz's name; and `help` lists only what works here."""

from __future__ import annotations

from pathlib import Path

from adapters.terminal import render
from adapters.terminal.commands import VERBS, parse
from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.i18n import UiTexts
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
LOCALES = Path(__file__).resolve().parents[2] / "content" / "locales"
ACTOR = Actor("terminal", "tester", "terminal")
REMINDERS_HERE = ("Reminders come as chat messages, so they work with the bot on Telegram or Discord, not in the "
                  "terminal. Type “review” for the questions due today.")


async def test_reminders_typed_in_the_terminal_say_they_are_a_chat_feature_and_set_nothing(tmp_path: Path) -> None:
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        io = ScriptedLineIO(["reminders on 19:00", "/game collectives", "quit"])
        await TerminalPlayer(services.engine, ACTOR, io).play()
        said = " ".join(io.transcript.split())  # as wrapped to the terminal's width
        assert REMINDERS_HERE in said
        assert "Group games and leaderboards are played in Telegram and Discord groups" in said
        assert "There is no quiz called" not in said
        # Nothing was turned on that could never arrive.
        assert (await services.engine.set_reminders(ACTOR, "")).text.startswith("Reminders are off.")


async def test_the_answer_is_in_the_learners_language_and_the_open_question_still_takes_a_number(
        tmp_path: Path) -> None:
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        french = services.engine.localizer_for("fr")
        io = ScriptedLineIO(["reminders on 19:00", "1", "quit"])
        await TerminalPlayer(services.engine, ACTOR, io).play(quiz="collectives", language="fr")
    said = " ".join(io.transcript.split())
    assert " ".join(french(REMINDERS_HERE).split()) in said
    assert french(REMINDERS_HERE) != REMINDERS_HERE
    assert "Question 2 sur 3" in said  # "1" still answered the first question


def test_reminders_is_read_as_a_command_even_while_a_question_is_open() -> None:
    assert parse("reminders on 19:00", answering=True).verb == "reminders"
    assert parse("/Reminders off", answering=False).verb == "reminders"


def test_help_lists_every_command_the_terminal_takes_and_no_other() -> None:
    """A command in `help` that the terminal took for a quiz's name would answer "no quiz called …"."""
    words = UiTexts.load(LOCALES).for_language("en")
    listed = [line.split()[0] for line in render.help_text(words).splitlines()  # a description wrapped goes on
              if line.startswith("  ") and not line.startswith("   ")]          # indented under its own column
    assert all(parse(word, answering=True).verb == word for word in listed), listed
    assert set(listed) == (VERBS - {"help"}) | {"quit"}
    assert not {"reminders", "game", "leaderboard"} & set(listed)  # the chat bots' alone


async def test_timezone_alone_says_to_type_the_word_here_not_to_send_a_slash_command(tmp_path: Path) -> None:
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        io = ScriptedLineIO(["language fr", "timezone", "quit"])
        await TerminalPlayer(services.engine, ACTOR, io).play()
        said = " ".join(io.transcript.split())  # as wrapped to the terminal's width
        assert "Pour le changer, tapez « timezone » suivi d’un nom comme Africa/Lagos" in said  # spaces joined
        assert "/timezone" not in said
        # A chat bot still names its command as sent there.
        await services.engine.set_language(Actor("telegram", "7"), "en")
        chat = await services.engine.set_time_zone(Actor("telegram", "7"), "")
        assert "send /timezone followed by" in chat.text
