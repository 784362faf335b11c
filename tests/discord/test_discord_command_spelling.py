"""Commands named inside a reply are spelled as the reader's Discord client shows them; nothing else changes."""

from __future__ import annotations

from pathlib import Path

import discord

from adapters.discord.translator import CommandTranslator
from bot.i18n import UiTexts

LOCALES = Path(__file__).resolve().parents[2] / "content" / "locales"
COMMANDS = {"reminders": set(), "timezone": set(), "quiz": set(), "game": {"start", "stop", "skip"}}


def test_only_command_names_are_respelled() -> None:
    translator = CommandTranslator(UiTexts.load(LOCALES).for_language)
    text = "Send /reminders on 19:00 (/timezone Africa/Lagos); /quizzes, https://example.org/reminders"
    assert translator.spelled_in(text, discord.Locale.french, COMMANDS) == (
        "Send /rappels on 19:00 (/fuseau Africa/Lagos); /quizzes, https://example.org/reminders")
    assert translator.spelled_in(text, discord.Locale.american_english, COMMANDS) == text
    assert translator.spelled_in(text, discord.Locale.japanese, COMMANDS) == text  # no catalog: as sent


def test_a_subcommand_named_after_its_group_is_spelled_too() -> None:
    """"/game stop" in the engine's words is "/game arrêter" in a French client, and "/game skip" is "/game
    passer": a reply naming the English subcommand would send the reader to a command their client doesn't list."""
    translator = CommandTranslator(UiTexts.load(LOCALES).for_language)
    text = "The game here ends with /game stop, or moves on with /game skip; /quiz to play alone."
    assert translator.spelled_in(text, discord.Locale.french, COMMANDS) == (
        "The game here ends with /game arrêter, or moves on with /game passer; /quiz to play alone.")


def test_a_group_named_alone_gets_the_subcommand_that_starts_it() -> None:
    """The engine's words say "Start one with /game", as Telegram starts a game; Discord can't send a group alone,
    so the reader would find no such command."""
    translator = CommandTranslator(UiTexts.load(LOCALES).for_language)
    text = "No game is running in this chat. Start one with /game. For example: /game fsdp"
    assert translator.spelled_in(text, discord.Locale.american_english, COMMANDS) == (
        "No game is running in this chat. Start one with /game start. For example: /game start fsdp")
    assert translator.spelled_in(text, discord.Locale.french, COMMANDS) == (
        "No game is running in this chat. Start one with /game lancer. For example: /game lancer fsdp")
