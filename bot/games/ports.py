"""The storage interfaces of group games; storage/ implements them, tests fake them."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from bot.games.records import GameAnswerRecord, GameMessageLink, GameRecord, GameTotals, LeaderboardEntry, PlayerRecord


class GameAlreadyRunning(Exception):
    """The chat already has a live game (lobby, question or results), started elsewhere a moment ago."""


class GameRepository(Protocol):
    async def add(self, game: GameRecord) -> None:
        """Store a new game; raises GameAlreadyRunning if its chat has a live one."""
        ...

    async def get(self, game_id: str) -> GameRecord | None:
        """The game, locked until the transaction ends (PostgreSQL): game actions take turns across processes."""
        ...

    async def live_in(self, platform: str, chat_id: str) -> GameRecord | None:
        """The chat's live game, locked like ``get``."""
        ...

    async def live_quiz_in(self, platform: str, chat_id: str) -> str | None:
        """The quiz of the chat's live game, if it has one (not locked: a look, not a game action)."""
        ...

    async def live_in_scope(self, platform: str, scope_id: str) -> list[str]:
        """The ids of the live games counting for a group or server (not locked): each of its chats' own."""
        ...

    async def live_in_chat(self, platform: str, chat_id: str, parts: str | None) -> list[str]:
        """The ids of the live games in the chat and in its parts, the chats whose ids begin with ``parts`` (a
        Telegram forum's topics; None: none), not locked."""
        ...

    async def live_played_by(self, user_id: int, quiz_id: str) -> GameRecord | None:
        """A live game of the quiz that the user joined, if any (not locked): playing the quiz alone meanwhile
        would show them its answers."""
        ...

    async def live_quizzes_played_by(self, user_id: int) -> set[str]:
        """The quizzes of the live games the user joined (not locked): their questions wait out of review rounds."""
        ...

    async def update(self, game: GameRecord) -> None: ...

    async def due(self, platform: str, now: datetime, limit: int) -> list[GameRecord]:
        """Live games of the platform whose phase ends at or before ``now``, earliest first (not locked: the
        caller claims each with ``claim_due``)."""
        ...

    async def answered_open(self, platform: str, limit: int, answered_by: datetime) -> list[str]:
        """The ids of the platform's games asking a question every player still in their chat has answered, its
        last answer at ``answered_by`` or before (not locked): a close put off for a vote in a process that stopped
        before it came in. One answered since may have its close put off in a process still running."""
        ...

    async def claim_due(self, game_id: str, now: datetime) -> GameRecord | None:
        """The game, locked, if it is still live and due and no other transaction holds it (PostgreSQL skips a
        locked row: two sweepers never move the same game); else None."""
        ...

    async def add_player(self, player: PlayerRecord) -> bool:
        """Add a player; False (and nothing changed) if they already play this game."""
        ...

    async def players(self, game_id: str) -> list[PlayerRecord]:
        """The game's players in the order they joined."""
        ...

    async def player(self, game_id: str, user_id: int) -> PlayerRecord | None:
        """One player of the game, if they joined it."""
        ...

    async def update_player(self, player: PlayerRecord) -> None: ...

    async def add_answer(self, answer: GameAnswerRecord) -> None:
        """Record an answer; raises bot.ports.AlreadyAnswered if the player answered that question."""
        ...

    async def answers(self, game_id: str, position: int) -> list[GameAnswerRecord]:
        """Every answer to one question of the game, in the order given."""
        ...

    async def all_answered(self, game_id: str, position: int) -> bool:
        """Whether every player of the game has answered the question at ``position`` (counted, not read)."""
        ...

    async def add_link(self, link: GameMessageLink) -> None: ...

    async def link(self, platform: str, message_key: str) -> GameMessageLink | None: ...

    async def add_unheard(self, platform: str, game_id: str, position: int) -> None:
        """The game's question at ``position`` went out unheard: the platform carried out the send, its answer (and
        the key votes on it name) lost. Kept in every process's sight, under records.unheard_key, until that key is
        learned (``heard``) or the question closes (``drop_unheard``); a later one of the game's replaces it."""
        ...

    async def unheard(self, platform: str) -> list[GameMessageLink]:
        """The platform's questions that went out unheard and are still open (their live game asks them), the
        latest asked first."""
        ...

    async def heard(self, link: GameMessageLink) -> None:
        """The key of the unheard message of ``link``'s question, learned: linked (unless it is already), and the
        question no longer unheard."""
        ...

    async def drop_unheard(self, platform: str, game_id: str) -> None:
        """The game's question closed: its message, if unheard, takes no votes any more."""
        ...

    async def leaderboard(self, platform: str, scope_id: str, since: datetime | None,
                          limit: int) -> list[LeaderboardEntry]:
        """Points from game answers in the scope since ``since`` (all time for None), most first (equal points:
        the lower total answer time first); learners who hid themselves are left out."""
        ...

    async def totals(self, user_id: int) -> GameTotals: ...


class ChatRepository(Protocol):
    """Settings of a group chat or server, set by its admins."""

    async def language(self, platform: str, chat_id: str) -> str | None: ...

    async def set_language(self, platform: str, chat_id: str, language: str | None) -> None: ...

    async def claim_greeting(self, platform: str, chat_id: str, now: datetime, since: datetime) -> bool:
        """Whether the bot, just added to the chat, should greet it: True (and ``now`` kept as when it did) unless
        it greeted it after ``since``. One claim wins, whichever process makes it."""
        ...

    async def release_greeting(self, platform: str, chat_id: str, claimed_at: datetime) -> None:
        """The claim made at ``claimed_at`` given back (its greeting was refused), unless a later one took its place."""
        ...

    async def move(self, platform: str, old_chat_id: str, new_chat_id: str) -> None:
        """Everything kept under the old id on ``platform`` (the chat's settings, its games and leaderboard, the
        quiz sessions and polls played in it) now under the new one, the new chat's own settings kept if it has
        some; the polls' message ids, which were the old chat's, forgotten. Telegram gives a group a new id when it
        becomes a supergroup."""
        ...
