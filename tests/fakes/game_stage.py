"""A GameSurface that keeps what each chat was shown, with made-up message ids (and poll keys, like Telegram)."""

from __future__ import annotations

import asyncio
import itertools
from collections import defaultdict
from typing import TypeVar

from bot.delivery import MaybeDelivered
from bot.games.delivery import TOPIC_CLOSED, Aside, ChatClosed, ChatRefused, Posted
from bot.games.replies import GameBegins, GameEvent, GameLobby, GamePodium, GameQuestion, GameResults, SetAside
from bot.replies import Actor, Notice

E = TypeVar("E")


class Hold:
    """A chat slow to take messages (flood control, a slow network): each one waits until ``release`` is set;
    ``reached`` is set once one waits."""

    def __init__(self) -> None:
        self.reached = asyncio.Event()
        self.release = asyncio.Event()


class RecordingStage:
    """``stage(chat_id)`` gives a surface for that chat; ``shown[chat_id]`` is everything shown there, in order."""

    def __init__(self, *, polls: bool = True) -> None:
        self.shown: dict[str, list[GameEvent]] = defaultdict(list)
        self.told: dict[str, list[Notice]] = defaultdict(list)  # by user id: said to them privately
        self._polls = polls
        self._ids = itertools.count(1)
        self.refusing: str | None = None  # a right the chats now lack: every question is refused for it
        self.closed_to_bot = False  # the chats take nothing any more (a forum topic closed): results, podium too
        self.set_aside: list[SetAside] = []  # players' own polls taken away, in order
        self.failing_asides = 0  # how many of the next polls to take away fail
        self.asides_become = Aside.REMOVED  # as Telegram deletes them; KEPT: as Discord leaves them open
        self.held: dict[str, Hold] = {}  # chats whose messages wait for their hold's release before they are shown
        self.unheard: set[str] = set()  # chats whose questions go out unheard: shown, the send's answer lost
        # Questions closed after their game moved past them, and lobbies whose buttons went after their game ended
        self.closed: dict[str, list[GameQuestion | GameLobby]] = defaultdict(list)
        self.withdrawn: dict[str, list[GameQuestion]] = defaultdict(list)  # a question's second message, deleted

    def __call__(self, chat_id: str) -> ChatRecorder:
        return ChatRecorder(self, chat_id)

    def posted(self, chat_id: str) -> Posted:
        number = next(self._ids)
        return Posted(f"m{number}", f"poll-{number}" if self._polls else None)

    def of(self, chat_id: str, kind: type[E]) -> list[E]:
        return [event for event in self.shown[chat_id] if isinstance(event, kind)]

    async def hold(self, chat_id: str) -> None:
        if (hold := self.held.get(chat_id)) is not None:
            hold.reached.set()
            await hold.release.wait()


class ChatRecorder:
    def __init__(self, stage: RecordingStage, chat_id: str) -> None:
        self._stage = stage
        self._chat_id = chat_id

    async def lobby(self, lobby: GameLobby) -> Posted:
        await self._stage.hold(self._chat_id)
        self._stage.shown[self._chat_id].append(lobby)
        return Posted(self._stage.posted(self._chat_id).message_id)

    async def begins(self, begins: GameBegins) -> None:
        await self._stage.hold(self._chat_id)
        self._stage.shown[self._chat_id].append(begins)

    async def ask(self, question: GameQuestion) -> Posted:
        await self._stage.hold(self._chat_id)
        if self._stage.refusing is not None:
            raise ChatRefused(self._stage.refusing)
        self._stage.shown[self._chat_id].append(question)
        if self._chat_id in self._stage.unheard:
            raise MaybeDelivered(f"the answer to question {question.position}'s send was lost")
        return self._stage.posted(self._chat_id)

    async def results(self, results: GameResults) -> None:
        await self._stage.hold(self._chat_id)
        self._closed_to_bot()
        self._stage.shown[self._chat_id].append(results)

    async def podium(self, podium: GamePodium) -> None:
        await self._stage.hold(self._chat_id)
        self._closed_to_bot()
        self._stage.shown[self._chat_id].append(podium)

    async def close_question(self, question: GameQuestion, posted: Posted) -> None:
        self._stage.closed[self._chat_id].append(question)

    async def withdraw_question(self, question: GameQuestion, posted: Posted) -> None:
        self._stage.withdrawn[self._chat_id].append(question)

    async def close_lobby(self, lobby: GameLobby, posted: Posted) -> None:
        self._stage.closed[self._chat_id].append(lobby)

    async def set_aside(self, aside: SetAside) -> Aside:
        if self._stage.failing_asides:  # the chat or the network failed
            self._stage.failing_asides -= 1
            raise RuntimeError("could not take the poll away")
        self._stage.set_aside.append(aside)
        return self._stage.asides_become

    async def tell_privately(self, person: Actor, notice: Notice) -> None:
        self._stage.told[person.user_id].append(notice)

    def _closed_to_bot(self) -> None:
        if self._stage.closed_to_bot:
            raise ChatClosed(TOPIC_CLOSED)
