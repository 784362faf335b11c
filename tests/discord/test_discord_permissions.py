"""Which of the bot's rights a refusal names: those Discord's settings show, in the reader's language."""

from __future__ import annotations

from pathlib import Path

import discord

from adapters.discord.permissions import lacks_poll_rights, poll_refused
from bot.i18n import UiTexts

LOCALES = Path(__file__).resolve().parents[2] / "content" / "locales"


def test_in_a_thread_the_missing_right_named_is_sending_in_threads() -> None:
    """In a thread, sending is its own permission: the reply named "Send Messages" and "Send Polls", which the bot
    had, and an admin went to change the wrong settings."""
    granted = discord.Permissions.all()
    granted.send_messages_in_threads = False
    assert lacks_poll_rights(granted, in_thread=True) and not lacks_poll_rights(granted, in_thread=False)
    french = UiTexts.load(LOCALES).for_language("fr")
    told = poll_refused(granted, french, "/quiz privé:True", in_thread=True)
    assert "il me manque la permission «\u00a0Envoyer des messages dans les fils\u00a0»." in told, told


def test_outside_a_thread_sending_in_threads_is_not_asked_for() -> None:
    granted = discord.Permissions.all()
    granted.send_messages_in_threads = False
    granted.send_polls = False
    told = poll_refused(granted, UiTexts.load(LOCALES).for_language("en"), "/quiz private:True")
    assert "I'm missing the “Create Polls” permission." in told and "Threads" not in told
