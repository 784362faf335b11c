"""One Discord channel's game messages. Questions use buttons, not native polls: a poll shows everyone the
vote counts as they come in, which would give the answer away. The results replace the question's message."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import discord

from adapters.discord import game_render
from adapters.discord.game_buttons import answer_view, explain_view, lobby_view
from adapters.discord.permissions import channel_gone, refused_game_right, thread_locked
from adapters.discord.sending import NOT_DONE, send_through_503
from bot.games.delivery import Aside, ChatClosed, ChatHeldBack, ChatRefused, Posted
from bot.games.replies import GameBegins, GameLobby, GamePodium, GameQuestion, GameResults, SetAside
from bot.replies import Actor, Notice

log = logging.getLogger(__name__)


class ChannelGameSurface:
    def __init__(self, client: discord.Client, channel_id: int, *, thread: bool = False,
                 granted: discord.Permissions | None = None) -> None:
        """``thread``: an interaction there said it is one (a thread the client's cache lacks is known only so);
        ``granted``: the bot's rights there, as an interaction there resolved them."""
        self._client = client
        self._channel_id = channel_id
        self._channel = client.get_partial_messageable(channel_id)
        # The right an admin must grant when the game is refused: in a thread, sending is a right of its own.
        in_thread = thread or isinstance(client.get_channel(channel_id), discord.Thread)
        self._send_right = refused_game_right(granted, in_thread=in_thread)

    async def lobby(self, lobby: GameLobby) -> Posted:
        with _refused_as_chat_refused(self._send_right):
            message = await send_through_503(self._channel, content=game_render.lobby(lobby),
                                             view=lobby_view(lobby.game_id, lobby.join_label, lobby.start_label))
        return Posted(str(message.id))

    async def begins(self, begins: GameBegins) -> None:
        if begins.lobby_message is not None:
            await self._edit(begins.lobby_message, game_render.begins(begins), None)

    async def ask(self, question: GameQuestion) -> Posted:
        if question.passed_over is not None:  # its buttons go: a press could only hear it was removed
            await self._edit(question.passed_over, None, None)
        text = game_render.question(question, int(question.closes_at.timestamp()))
        view = answer_view(question.game_id, question.position, game_render.button_labels(question))
        with _refused_as_chat_refused(self._send_right):  # the channel's permissions changed since the lobby
            message = await send_through_503(self._channel, content=text, view=view)
        return Posted(str(message.id))

    async def results(self, results: GameResults) -> None:
        asked = f"**{game_render.plain(results.label)}** · {game_render.plain(results.prompt)}"
        text = game_render.results(results, asked)
        view = explain_view(results.game_id, results.position, results.explain_label)
        if results.question_message is None or not await self._edit(results.question_message, text, view):
            with _refused_as_chat_refused(self._send_right):
                await send_through_503(self._channel, content=text, view=view)
            if results.question_message is not None:  # its edit failed (a 503, say): its answer buttons go all the
                await self._edit(results.question_message, None, None)  # same, a press could only hear it closed

    async def podium(self, podium: GamePodium) -> None:
        for still_open in (podium.open_question, podium.open_lobby):  # stopped mid-question, or in the lobby:
            if still_open is not None:  # its buttons go (a press could only be refused)
                await self._edit(still_open, None, None)
        with _refused_as_chat_refused(self._send_right):
            await send_through_503(self._channel, content=game_render.podium(podium))

    async def close_question(self, question: GameQuestion, posted: Posted) -> None:
        if posted.message_id is not None:  # its buttons go, as the podium's open question's do
            await self._edit(posted.message_id, None, None)

    async def withdraw_question(self, question: GameQuestion, posted: Posted) -> None:
        if posted.message_id is None:
            return
        try:
            await self._channel.get_partial_message(int(posted.message_id)).delete()
        except NOT_DONE as error:  # deleted by a moderator, say: the game goes on with the other
            log.info("could not delete game message %s: %s", posted.message_id, error)

    async def close_lobby(self, lobby: GameLobby, posted: Posted) -> None:
        if posted.message_id is not None:  # Join and Start go, as the podium takes them from the lobby it finds
            await self._edit(posted.message_id, None, None)

    async def set_aside(self, aside: SetAside) -> Aside:
        """Nothing to take away: a Discord poll that ends shows vote counts, no answer, and one stays open for
        QUIZ_DISCORD_POLL_HOURS (32 days by default, polls.poll_hours) unless the bot ends it. Kept open: votes
        on it count again once the game is over. Set aside as it is: its clock stops."""
        return Aside.KEPT

    async def tell_privately(self, person: Actor, notice: Notice) -> None:
        """By direct message: the game went silent in a channel that refuses the bot (a right revoked there), so
        nobody there can read why; the engine tells only the game's starter, once. The channel's mention leads, as
        "this chat" in a DM would be the DM. With their DMs closed too, logged."""
        try:
            dm = await self._client.create_dm(discord.Object(int(person.user_id)))
            await send_through_503(dm, content=f"<#{self._channel_id}> · {notice.text}")
        except NOT_DONE as error:
            log.info("could not tell discord user %s by direct message why channel %s went silent (%s): %s",
                     person.user_id, self._channel_id, notice.code, error)

    async def _edit(self, message_id: str, text: str | None, view: discord.ui.View | None) -> bool:
        message = self._channel.get_partial_message(int(message_id))
        try:
            if text is None:
                await message.edit(view=view)
            else:
                await message.edit(content=text, view=view)
        except NOT_DONE as error:  # deleted by a moderator, say: the game goes on
            log.info("could not edit game message %s: %s", message_id, error)
            return False
        return True


@contextmanager
def _refused_as_chat_refused(right: str) -> Iterator[None]:
    """A channel that won't take the game's messages ends the game, which the engine says in the game's language
    (as a refused question does on Telegram), naming ``right``: no traceback, no game left running unseen. So does
    a channel or thread deleted mid-game: else the game ran on unseen to its end, holding its players' own rounds
    of its quiz, with a traceback at every step; and so does a thread closed and locked mid-game, which answers
    400 whatever the bot's rights (said as closed: no right to grant). And one that holds them back for minutes,
    said as such."""
    try:
        yield
    except discord.Forbidden as error:
        raise ChatRefused(right) from error
    except discord.NotFound as error:
        if not channel_gone(error):
            raise
        raise ChatRefused(right) from error
    except discord.HTTPException as error:
        if not thread_locked(error):
            raise
        raise ChatClosed() from error  # no right would help: said as such
    except discord.RateLimited as error:  # held back for minutes (discord.py waits out only 30 s): as refused
        raise ChatHeldBack() from error
