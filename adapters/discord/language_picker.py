"""The language picker under /help, for a learner who never chose a language: Discord's client speaks only en and
fr of QuizTutor's languages, so a Swahili, Yoruba or Shona speaker would otherwise read English until they found
/language. A press sets their language as /language does."""

from __future__ import annotations

import logging
import re
from typing import Any, Protocol, runtime_checkable

import discord

from adapters.discord.actors import interaction_actor
from adapters.discord.permissions import channel_refused, lacks_poll_rights
from adapters.discord.polls import PollPlay
from adapters.discord.respond import respond_plain
from adapters.discord.sending import NOT_DONE
from adapters.discord.surfaces import ChannelSurface, PrivateSurface
from adapters.left_open import Showing, closing_left_open
from bot.delivery import Shown, Surface
from bot.engine import QuizEngine
from bot.languages import SUPPORTED_LANGUAGES, native_name
from bot.replies import Notice, NoticeCode, Started

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


async def choose_language(engine: QuizEngine, polls: PollPlay, interaction: discord.Interaction,
                          language: str) -> None:
    """As /language: stored, and said in that language; the picker leaves the message it was under, chosen."""
    await interaction.response.defer()  # at once: the choice is stored in the database
    said = await language_chosen(engine, polls, interaction, language)
    try:
        await interaction.edit_original_response(view=None)
    except discord.HTTPException as error:  # the message gone, say: the choice stands, and is said below
        log.info("could not remove the language picker: %s", error)
    if said is None:  # a question asked again, its intro the confirmation
        return
    if said.code is NoticeCode.LANGUAGE_KEPT:
        # Already theirs (an older picker, or the button pressed twice at once): said so, rather than confirmed as
        # a change, nor left unanswered.
        _ = engine.localizer_for(said.language)
        await respond_plain(interaction, _("I already speak {name} with you.", name=native_name(language)))
        return
    await respond_plain(interaction, said.text)


async def language_chosen(engine: QuizEngine, polls: PollPlay, interaction: discord.Interaction,
                          choice: str) -> Notice | None:
    """The language stored; a question waiting asked again in it (engine.choose_language), as a poll where its poll
    was (in this channel: the engine asks nothing again elsewhere, and its old poll is ended), else with private
    buttons, the confirmation its intro. Else the notice to say (the confirmation, or why not)."""
    in_channel: list[ChannelSurface] = []

    def where(reply: Shown) -> Surface:
        if isinstance(reply, Started) and reply.asked_before is not None and interaction.channel_id is not None:
            # Its old poll ended before the new one goes up: Discord posts an ended poll's results as a message,
            # which came under the question asked again. Not where the bot's rights visibly refuse polls: the
            # question then stays on its old poll.
            refused = interaction.guild_id is not None and lacks_poll_rights(
                interaction.app_permissions, in_thread=isinstance(interaction.channel, discord.Thread))
            surface = ChannelSurface(polls, interaction.channel_id, interaction.user.id, interaction=interaction,
                                     left_behind=() if refused else (reply.asked_before,))
            in_channel.append(surface)
            return surface
        return PrivateSurface(interaction)
    shown: Showing | None = None
    try:
        async with closing_left_open(polls.end_linked, where) as shown:
            reply = await engine.choose_language(interaction_actor(interaction), choice, shown)
    except NOT_DONE as error:  # the poll asked again refused (a right revoked, a thread locked, held back)
        asked = shown.reply if shown is not None else None
        if not isinstance(asked, Started) or not channel_refused(error):
            raise
        # The language is stored: said so. The question stays on its old poll, whose vote still counts, unless that
        # was ended first: then /quiz asks it again.
        log.info("could not ask user %s's question again in channel %s: %s", interaction.user.id,
                 interaction.channel_id, error)
        if any(surface.ended_left_behind for surface in in_channel):
            _ = engine.localizer_for(asked.language)
            return Notice(f"{asked.intro}\n" + _("I couldn't post your question again here, and its old poll is "
                                                  "closed: send /quiz to carry on."), language=asked.language)
        return Notice(asked.intro, language=asked.language)
    return reply if isinstance(reply, Notice) else None
