"""The README's Telegram commands are the menu the bot publishes: one added, renamed or dropped in code alone left
the README sending learners to a command that isn't there, or hiding one that is."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

from adapters.telegram.menu import command_descriptions
from bot.i18n import Localizer

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readmes_telegram_commands_are_the_menus() -> None:
    menu = {name for name, _description in command_descriptions(Localizer("en", gettext.NullTranslations()))}
    text = " ".join(README.read_text(encoding="utf-8").split())
    listed = re.search(r"Learners use (.*?)\(see \"Playing in a group\"\)", text)
    assert listed is not None, "the README's Telegram section no longer lists the commands"
    assert set(re.findall(r"/(\w+)", listed[1])) == menu
