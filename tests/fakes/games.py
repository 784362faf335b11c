"""In-memory group games and chat settings (bot/games/ports.py), for the engine's tests and the storage contract."""

from __future__ import annotations

import copy
from collections import defaultdict
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from bot.games.ports import GameAlreadyRunning
from bot.games.records import (
    PLAYER_NAME_LIMIT,
    GameAnswerRecord,
    GameMessageLink,
    GameRecord,
    GameState,
    GameTotals,
    LeaderboardEntry,
    PlayerRecord,
    unheard_key,
)
from bot.ports import AlreadyAnswered
from tests.fakes.clock import START, utc

if TYPE_CHECKING:  # tests/fakes/storage.py imports this module to build its unit of work
    from tests.fakes.storage import FakeState


class FakeGameRepository:
    def __init__(self, state: FakeState) -> None:
        self._state = state

    async def add(self, game: GameRecord) -> None:
        if game.id in self._state.games:
            raise ValueError(f"game {game.id} exists")
        if game.state.live and self._live(game.platform, game.chat_id) is not None:
            raise GameAlreadyRunning(f"{game.platform}/{game.chat_id}")  # the unique index in storage/
        self._state.games[game.id] = _stored_game(game)

    async def get(self, game_id: str) -> GameRecord | None:
        return copy.deepcopy(self._state.games.get(game_id))

    async def live_in(self, platform: str, chat_id: str) -> GameRecord | None:
        return copy.deepcopy(self._live(platform, chat_id))

    async def live_quiz_in(self, platform: str, chat_id: str) -> str | None:
        game = self._live(platform, chat_id)
        return game.quiz_id if game else None

    async def live_in_scope(self, platform: str, scope_id: str) -> list[str]:
        return sorted(game.id for game in self._state.games.values()
                      if game.platform == platform and game.scope_id == scope_id and game.state.live)

    async def live_in_chat(self, platform: str, chat_id: str, parts: str | None) -> list[str]:
        return sorted(game.id for game in self._state.games.values()
                      if game.platform == platform and game.state.live
                      and (game.chat_id == chat_id or (parts is not None and game.chat_id.startswith(parts))))

    async def live_played_by(self, user_id: int, quiz_id: str) -> GameRecord | None:
        return copy.deepcopy(next((game for game in self._state.games.values()
                                   if game.quiz_id == quiz_id and game.state.live
                                   and (game.id, user_id) in self._state.players), None))

    async def live_quizzes_played_by(self, user_id: int) -> set[str]:
        return {game.quiz_id for game in self._state.games.values()
                if game.state.live and (game.id, user_id) in self._state.players}

    async def update(self, game: GameRecord) -> None:
        if game.id in self._state.games:  # as UPDATE ... WHERE id: an unknown game changes nothing
            self._state.games[game.id] = _stored_game(game)

    async def due(self, platform: str, now: datetime, limit: int) -> list[GameRecord]:
        due = sorted((game for game in self._state.games.values() if game.platform == platform and game.state.live
                      and game.deadline is not None and game.deadline <= now),
                     key=lambda game: (game.deadline or now, game.id))
        return copy.deepcopy(due[:limit])

    async def answered_open(self, platform: str, limit: int, answered_by: datetime) -> list[str]:
        later = {(answer.game_id, answer.position) for answer in self._state.game_answers.values()
                 if answer.answered_at > utc(answered_by)}
        return sorted([game.id for game in self._state.games.values()
                       if game.platform == platform and game.state is GameState.ASKING
                       and (game.id, game.position) not in later
                       and await self.all_answered(game.id, game.position)])[:limit]

    async def claim_due(self, game_id: str, now: datetime) -> GameRecord | None:
        game = self._state.games.get(game_id)  # no other transaction runs beside the fake's: none is skipped
        if game is None or not game.state.live or game.deadline is None or game.deadline > now:
            return None
        return copy.deepcopy(game)

    async def add_player(self, player: PlayerRecord) -> bool:
        key = (player.game_id, player.user_id)
        if key in self._state.players:  # like INSERT ... ON CONFLICT DO NOTHING
            return False
        self._state.players[key] = _stored_player(player)
        return True

    async def players(self, game_id: str) -> list[PlayerRecord]:
        mine = [player for player in self._state.players.values() if player.game_id == game_id]
        return copy.deepcopy(sorted(mine, key=lambda player: (player.joined_at, player.user_id)))

    async def player(self, game_id: str, user_id: int) -> PlayerRecord | None:
        return copy.deepcopy(self._state.players.get((game_id, user_id)))

    async def update_player(self, player: PlayerRecord) -> None:
        key = (player.game_id, player.user_id)
        if key in self._state.players:
            self._state.players[key] = _stored_player(player)

    async def add_answer(self, answer: GameAnswerRecord) -> None:
        key = (answer.game_id, answer.position, answer.user_id)
        if key in self._state.game_answers:
            raise AlreadyAnswered(f"{answer.game_id}/{answer.position}")
        self._state.game_answers[key] = replace(answer, answered_at=utc(answer.answered_at))

    async def answers(self, game_id: str, position: int) -> list[GameAnswerRecord]:
        mine = [answer for answer in self._state.game_answers.values()
                if (answer.game_id, answer.position) == (game_id, position)]
        return sorted(mine, key=lambda answer: (answer.answered_at, answer.user_id))

    async def all_answered(self, game_id: str, position: int) -> bool:
        return all((game_id, position, player.user_id) in self._state.game_answers
                   for player in self._state.players.values()
                   if player.game_id == game_id and player.left_position is None)

    async def add_link(self, link: GameMessageLink) -> None:
        key = (link.platform, link.message_key)
        if key in self._state.game_links:
            raise ValueError(f"message {link.message_key} is linked already")  # the primary key in storage/
        self._state.game_links[key] = link

    async def link(self, platform: str, message_key: str) -> GameMessageLink | None:
        return self._state.game_links.get((platform, message_key))

    async def add_unheard(self, platform: str, game_id: str, position: int) -> None:
        self._state.game_links[(platform, unheard_key(game_id))] = GameMessageLink(
            platform, unheard_key(game_id), game_id, position)

    async def unheard(self, platform: str) -> list[GameMessageLink]:
        open_ = [(game, link) for game in self._state.games.values()
                 if game.platform == platform and game.state is GameState.ASKING
                 and (link := self._state.game_links.get((platform, unheard_key(game.id)))) is not None
                 and link.position == game.position]
        return [link for game, link in sorted(open_, key=lambda found: (-(found[0].asked_at or START).timestamp(),
                                                                        found[0].id))]

    async def heard(self, link: GameMessageLink) -> None:
        self._state.game_links.setdefault((link.platform, link.message_key), link)
        marker = (link.platform, unheard_key(link.game_id))
        if (unheard := self._state.game_links.get(marker)) is not None and unheard.position == link.position:
            del self._state.game_links[marker]

    async def drop_unheard(self, platform: str, game_id: str) -> None:
        self._state.game_links.pop((platform, unheard_key(game_id)), None)

    async def leaderboard(self, platform: str, scope_id: str, since: datetime | None,
                          limit: int) -> list[LeaderboardEntry]:
        scope = {game.id for game in self._state.games.values()
                 if (game.platform, game.scope_id) == (platform, scope_id)}
        hidden = {user.id for user in self._state.users.values() if user.leaderboard_hidden}
        known = {user.id for user in self._state.users.values()}  # the join with users in storage/
        points: dict[int, int] = defaultdict(int)
        answer_ms: dict[int, int] = defaultdict(int)
        for answer in self._state.game_answers.values():
            if (answer.game_id in scope and answer.user_id in known and answer.user_id not in hidden
                    and (since is None or answer.answered_at >= since)):
                points[answer.user_id] += answer.points
                answer_ms[answer.user_id] += answer.answer_ms
        ranked = sorted(points, key=lambda user_id: (-points[user_id], answer_ms[user_id], user_id))
        return [LeaderboardEntry(user_id, self._latest_name(user_id, scope), points[user_id])
                for user_id in ranked[:limit]]

    async def totals(self, user_id: int) -> GameTotals:
        mine = [player for player in self._state.players.values()
                if player.user_id == user_id and player.game_id in self._state.games]
        wins = sum(1 for player in mine if player.rank == 1 and player.score > 0
                   and self._state.games[player.game_id].state is GameState.FINISHED
                   and sum(1 for other in self._state.players.values() if other.game_id == player.game_id) >= 2)
        return GameTotals(len(mine), sum(player.score for player in mine), wins)

    def _live(self, platform: str, chat_id: str) -> GameRecord | None:
        return next((game for game in self._state.games.values()
                     if (game.platform, game.chat_id) == (platform, chat_id) and game.state.live), None)

    def _latest_name(self, user_id: int, scope: set[str]) -> str:
        """Their name in their latest join in the scope (the later game id on a tie, as storage/ orders it)."""
        joins = [player for player in self._state.players.values()
                 if player.user_id == user_id and player.game_id in scope]
        latest = max(joins, key=lambda player: (player.joined_at, player.game_id), default=None)
        return latest.name if latest else ""


class FakeChatRepository:
    def __init__(self, state: FakeState) -> None:
        self._state = state

    async def language(self, platform: str, chat_id: str) -> str | None:
        return self._state.chats.get((platform, chat_id))

    async def set_language(self, platform: str, chat_id: str, language: str | None) -> None:
        self._state.chats[(platform, chat_id)] = language

    async def claim_greeting(self, platform: str, chat_id: str, now: datetime, since: datetime) -> bool:
        last = self._state.greeted.get((platform, chat_id))
        if last is not None and last >= since:
            return False
        self._state.greeted[(platform, chat_id)] = now
        return True

    async def release_greeting(self, platform: str, chat_id: str, claimed_at: datetime) -> None:
        if self._state.greeted.get((platform, chat_id)) == claimed_at:
            del self._state.greeted[(platform, chat_id)]

    async def move(self, platform: str, old_chat_id: str, new_chat_id: str) -> None:
        state = self._state
        if (platform, old_chat_id) in state.chats:
            state.chats.setdefault((platform, new_chat_id), state.chats.pop((platform, old_chat_id)))
        if (platform, old_chat_id) in state.greeted:
            state.greeted.setdefault((platform, new_chat_id), state.greeted.pop((platform, old_chat_id)))
        taken = any(game.platform == platform and game.chat_id == new_chat_id and game.state.live
                    for game in state.games.values())
        for game in state.games.values():
            if game.platform == platform:
                if game.chat_id == old_chat_id and not (game.state.live and taken):
                    game.chat_id = new_chat_id
                game.scope_id = new_chat_id if game.scope_id == old_chat_id else game.scope_id
        platforms_users = {user.id for user in state.users.values() if user.platform == platform}
        for session in state.sessions.values():
            if session.chat_id == old_chat_id and session.user_id in platforms_users:
                session.chat_id = new_chat_id
        for key, link in state.links.items():
            if link.platform == platform and link.chat_id == old_chat_id:
                state.links[key] = replace(link, chat_id=new_chat_id, message_id=None)


def _stored_game(game: GameRecord) -> GameRecord:
    return replace(copy.deepcopy(game), created_at=utc(game.created_at), updated_at=utc(game.updated_at),
                   deadline=utc(game.deadline), asked_at=utc(game.asked_at), finished_at=utc(game.finished_at))


def _stored_player(player: PlayerRecord) -> PlayerRecord:
    # game_players.name holds PLAYER_NAME_LIMIT characters: a longer name is cut, as storage/ cuts it.
    return replace(copy.deepcopy(player), name=player.name[:PLAYER_NAME_LIMIT], joined_at=utc(player.joined_at))
