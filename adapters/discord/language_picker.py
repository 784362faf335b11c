"""The language picker under /help, for a learner who never chose a language: Discord's client speaks only en and
fr of QuizTutor's languages, so a Swahili, Yoruba or Shona speaker would otherwise read English until they found
/language. A press sets their language as /language does."""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol, runtime_checkable

import discord

from adapters.discord.actors import interaction_actor
from adapters.discord.respond import respond_plain
from bot.engine import QuizEngine
from bot.languages import SUPPORTED_LANGUAGES, native_name

log = logging.getLogger(__name__)

# qt:l:<language code>: only the languages spoken, so a forged or outdated one (a language since removed) is no
# button of the bot's and is answered as a stale click is. It needs no owner: /help's reply is ephemeral.
LANGUAGE_ID = re.compile(r"qt:l:(?P<language>" + "|".join(SUPPORTED_LANGUAGES) + ")")


@runtime_checkable
class LanguageClickHandler(Protocol):
    async def handle_language_click(self, interaction: discord.Interaction, language: str) -> None: ...


class LanguageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LANGUAGE_ID):
    def __init__(self, language: str) -> None:
        super().__init__(discord.ui.Button(label=native_name(language),
                                           style=discord.ButtonStyle.secondary, custom_id=f"qt:l:{language}"))
        self.language = language

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LanguageButton:
        return cls(match["language"])

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        if isinstance(client, LanguageClickHandler):
            await client.handle_language_click(interaction, self.language)


def language_picker() -> discord.ui.View:
    """One row: every language under its own native name, so each speaker recognises theirs."""
    view = discord.ui.View(timeout=None)
    for code in SUPPORTED_LANGUAGES:
        view.add_item(LanguageButton(code))
    return view


async def choose_language(engine: QuizEngine, interaction: discord.Interaction, language: str) -> None:
    """As /language: stored, and said in that language; the picker leaves the message it was under, chosen."""
    await interaction.response.defer()  # at once: the choice is stored in the database
    notice = await engine.set_language(interaction_actor(interaction), language)
    try:
        await interaction.edit_original_response(view=None)
    except discord.HTTPException as error:  # the message gone, say: the choice stands, and is said below
        log.info("could not remove the language picker: %s", error)
    await respond_plain(interaction, notice.text)
