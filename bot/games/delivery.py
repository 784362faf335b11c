"""Where a chat's game shows, and the one walk that shows a game's events in order.

What a platform posts (the lobby, a question) has an id the game needs later: to edit the lobby when the game
begins, to close or replace a question, and (for Telegram polls) to know which question a vote answers. The walk
records each before the next event is shown, and before the game's lock is released: a vote that arrives while
its poll is being sent waits for the record instead of missing it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from bot.delivery import MaybeDelivered
from bot.games.replies import GameBegins, GameEvent, GameLobby, GamePodium, GameQuestion, GameResults, SetAside
from bot.replies import Actor, Notice


@dataclass(frozen=True)
class Posted:
    message_id: str | None  # the platform's id of the message, to edit or close it later
    answer_key: str | None = None  # what votes on it name (a Telegram poll's id); None when buttons name it
    unheard: bool = False  # a question perhaps up, its send's answer lost (MaybeDelivered): its key unknown
    # The messages that went up just before it, as part of it (a Telegram poll's lettered options): a question's
    # message taken away (withdraw_question) takes these with it, else its options stay, read twice over one poll.
    before: tuple[str, ...] = ()
    # The chat it went to where that is not its event's: a group's game that followed it into its new id (a Telegram
    # group become a supergroup). Message ids are per chat: one kept in a chat the game has left is not its own.
    chat_id: str | None = None


class Aside(Enum):
    """What became of a player's own poll that a game sets aside."""

    NOT_YET = "not_yet"  # still there as it was (the chat refused, the network failed): tried again later
    KEPT = "kept"  # left open, as it can't close by itself during the game (a Discord poll): its clock stops
    REMOVED = "removed"  # deleted (a Telegram quiz poll): its clock stops, and nothing is sent to it any more


class GameSurface(Protocol):
    """One chat's game messages on one platform."""

    async def lobby(self, lobby: GameLobby) -> Posted: ...

    async def begins(self, begins: GameBegins) -> None: ...

    async def ask(self, question: GameQuestion) -> Posted:
        """MaybeDelivered: the question may be up all the same, the key votes on it name unknown."""
        ...

    async def results(self, results: GameResults) -> None: ...

    async def podium(self, podium: GamePodium) -> None: ...

    async def close_question(self, question: GameQuestion, posted: Posted) -> None:
        """Close a question that went up after its game moved past it (stopped, or the question closed early, in
        another process while it was being sent), as the podium or the results close the one they find open:
        those had none to close."""
        ...

    async def withdraw_question(self, question: GameQuestion, posted: Posted) -> None:
        """Delete a question's message that went up after another of the same question (two processes asked it:
        one's send was held past its time, and the other took it for a send never made), and those it went up
        with (``posted.before``). Deleted, not closed: a closed quiz poll shows its answer while the other still asks
        it."""
        ...

    async def close_lobby(self, lobby: GameLobby, posted: Posted) -> None:
        """Take Join and Start off a lobby that went up after its game ended (stopped in another process while it
        was being sent), as the podium does to the lobby it finds: that podium had none."""
        ...

    async def set_aside(self, aside: SetAside) -> Aside:
        """Take a player's own poll away (where it would otherwise close by itself and show its answer while
        the game asks that question) and say so in its chat (the surface's: ``aside.chat_id``, which may be
        another than the game's); what became of it (NOT_YET: tried again later)."""
        ...

    async def tell_privately(self, person: Actor, notice: Notice) -> None:
        """What this chat can't take (it refused the game's messages) said to one person of it where only they
        see it, if the platform lets the bot reach them there; else logged."""
        ...


class ChatRefused(Exception):
    """The chat refused a game's message: the bot lacks ``right`` there (its name in the platform's settings, a
    msgid of the bot's catalogs such as "Send Polls"). The game can't go on in that chat."""

    def __init__(self, right: str) -> None:
        super().__init__(right)
        self.right = right


# ChatHeldBack's ``right``: none is missing (no msgid), the note says so (views.refused_note).
HELD_BACK = "held back"


class ChatHeldBack(ChatRefused):
    """The platform holds the bot's messages in the chat back for longer than a game can wait (Discord's 429 of
    minutes): the game stops as for a refusal, else it runs on unseen and keeps the chat from a new one."""

    def __init__(self) -> None:
        super().__init__(HELD_BACK)


# ChatClosed's ``right``: none would help (no msgid), the note says the chat is closed (views.refused_note): a
# thread closed and locked (Discord), or a forum topic closed (Telegram), each said in its platform's words.
CLOSED = "closed"
TOPIC_CLOSED = "topic closed"
# And a chat that got a new id which already runs a game of its own (a Telegram group become a supergroup): the
# game stays behind in the old chat, which takes nothing any more (ChatRepository.move).
MOVED_TO_A_GAME = "moved to a game"


class ChatClosed(ChatRefused):
    """The chat takes no message from the bot whatever its rights (a Discord thread closed and locked, which only its
    moderators can open again; a Telegram forum topic closed, which only the group's admins can open again or post
    in; a group that moved to a chat running a game of its own): the game stops as for a refusal, and no right is
    asked for. ``how``: CLOSED, TOPIC_CLOSED or MOVED_TO_A_GAME."""

    def __init__(self, how: str = CLOSED) -> None:
        super().__init__(how)


Stage = Callable[[str], GameSurface]  # a chat's id -> where its game shows
Record = Callable[[GameEvent, Posted], Awaitable[None]]  # keeps what was posted


async def show(events: Sequence[GameEvent], surface: GameSurface, record: Record) -> None:
    for event in events:
        if isinstance(event, GameLobby):
            await record(event, await surface.lobby(event))
        elif isinstance(event, GameBegins):
            await surface.begins(event)
        elif isinstance(event, GameQuestion):
            try:
                posted = await surface.ask(event)
            except MaybeDelivered:  # kept for every process: a vote on a message nobody knows may be on it
                await record(event, Posted(None, unheard=True))
                raise
            await record(event, posted)
        elif isinstance(event, GameResults):
            await surface.results(event)
        else:
            await surface.podium(event)
