"""What the group-game state machine (test_game_state_machine.py) reads back after each step, and what must hold
of it: of the stored games, players and answers, and of what each chat was shown."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.content.catalog import Catalog
from bot.games.replies import GameEvent, GamePodium, GameQuestion, GameResults
from tests.reliability.engine_model import answer_key, stored_json

ENDED = ("finished", "stopped")


@dataclass(frozen=True)
class StoredGame:
    chat_id: str
    quiz_id: str
    state: str
    position: int
    option_orders: dict[str, list[str]]
    question_ids: tuple[str, ...]
    deadline: datetime | None
    finished: bool  # finished_at is set

    @property
    def questions(self) -> int:
        return len(self.question_ids)


@dataclass(frozen=True)
class StoredGames:
    games: dict[str, StoredGame]
    players: dict[tuple[str, str], tuple[int, int, int, int]]  # (game, user) -> score, correct, answered, ms
    answers: dict[tuple[str, int, str], tuple[str, bool, int, int]]  # (game, position, user) -> option, ...

    def live(self) -> list[str]:
        return [game_id for game_id, game in self.games.items() if game.state not in ENDED]


def progress(game: StoredGame) -> tuple[int, int, int]:
    """How far a game has come: it never goes back (a question's results come after it, the next one after)."""
    if game.state == "lobby":
        return (0, 0, 0)
    if game.state in ENDED:
        return (2, 0, 0)
    return (1, game.position, 0 if game.state == "asking" else 1)


async def read_games(database: AsyncEngine) -> StoredGames:
    async with database.connect() as connection:
        games = {row.id: StoredGame(row.chat_id, row.quiz_id, row.state, row.position, stored_json(row.option_orders),
                                    tuple(stored_json(row.question_ids)), _moment(row.deadline),
                                    row.finished_at is not None)
                 for row in await connection.execute(text(
                     "SELECT id, chat_id, quiz_id, state, position, question_ids, option_orders, deadline, "
                     "finished_at FROM games"))}
        players = {(row.game_id, row.platform_user_id): (row.score, row.correct, row.answered, row.answer_ms)
                   for row in await connection.execute(text(
                       "SELECT p.game_id, u.platform_user_id, p.score, p.correct, p.answered, p.answer_ms "
                       "FROM game_players p JOIN users u ON u.id = p.user_id"))}
        answers = {(row.game_id, row.position, row.platform_user_id):
                   (row.option_id, bool(row.correct), row.points, row.answer_ms)
                   for row in await connection.execute(text(
                       "SELECT a.game_id, a.position, u.platform_user_id, a.option_id, a.correct, a.points, "
                       "a.answer_ms FROM game_answers a JOIN users u ON u.id = a.user_id"))}
    return StoredGames(games, players, answers)


def games_problems(catalog: Catalog, before: StoredGames, after: StoredGames) -> list[str]:
    """What must hold of the games any step leaves, and between two readings one step apart."""
    problems = [f"answer {key} was {was}, now {after.answers.get(key)}" for key, was in before.answers.items()
                if after.answers.get(key) != was]  # the first answer is final: never changed, never lost
    totals: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for (game_id, position, user), (option, correct, points, ms) in after.answers.items():
        game = after.games[game_id]
        question_id = game.question_ids[position] if position < game.questions else None
        if question_id is None or position > game.position or game.state == "lobby":
            problems.append(f"answer {(game_id, position, user)} to a question not asked ({game.state} at "
                            f"{game.position})")
        elif (game_id, position, user) not in before.answers and correct != (  # judged by the content of the day
                option == answer_key(catalog, game.quiz_id, question_id)):
            problems.append(f"answer {(game_id, position, user)} scored {correct} for {option}")
        total = totals[(game_id, user)]
        total[0] += points
        total[1] += correct
        total[2] += 1
        total[3] += ms
    for key, player in after.players.items():  # a player's totals are the sum of their answers
        if (summed := tuple(totals.pop(key, [0, 0, 0, 0]))) != player:
            problems.append(f"player {key} has {player}, answers say {summed}")
    problems += [f"answers of {key} who is no player" for key in totals]
    for game_id, game in after.games.items():
        if not 0 <= game.position <= game.questions or game.finished != (game.state in ENDED):
            problems.append(f"game {game_id} is {game.state} at {game.position} of {game.questions}, "
                            f"finished_at {'set' if game.finished else 'empty'}")
        earlier = before.games.get(game_id)
        if earlier is None:
            continue
        if game.position < earlier.position or progress(game) < progress(earlier):
            problems.append(f"game {game_id} went back: {earlier.state} at {earlier.position} to {game.state} at "
                            f"{game.position}")
        if earlier.state in ENDED and (game != earlier or _of(game_id, after) != _of(game_id, before)):
            problems.append(f"game {game_id} changed after it ended")
    return problems


def shown_problems(catalog: Catalog, stored: StoredGames, shown: list[GameEvent], new: int) -> list[str]:
    """What one chat was shown, in order: each question once, its results after it, one podium at the end; the
    questions from ``new`` on (this step's) with their answer where the stored order and the content put it."""
    problems: list[str] = []
    asked: dict[str, list[int]] = defaultdict(list)
    results: dict[str, list[int]] = defaultdict(list)
    ended: set[str] = set()
    for index, event in enumerate(shown):
        game = stored.games.get(event.game_id)
        if game is None:
            problems.append(f"{type(event).__name__} of a game never stored: {event.game_id}")
            continue
        if event.game_id in ended:
            problems.append(f"{type(event).__name__} of game {event.game_id} after its podium")
        if isinstance(event, GameQuestion):
            if asked[event.game_id][-1:] and event.position <= asked[event.game_id][-1]:
                problems.append(f"game {event.game_id} asked {event.position} after {asked[event.game_id]}")
            asked[event.game_id].append(event.position)
            question_id = game.question_ids[event.position]
            order = game.option_orders[question_id]
            if index >= new and order[event.correct_index] != answer_key(catalog, game.quiz_id, question_id):
                problems.append(f"game {event.game_id} showed {question_id} with the answer at the wrong place")
        elif isinstance(event, GameResults):
            if event.position not in asked[event.game_id] or event.position in results[event.game_id]:
                problems.append(f"results of {event.position} in game {event.game_id}: asked "
                                f"{asked[event.game_id]}, results {results[event.game_id]}")
            results[event.game_id].append(event.position)
        elif isinstance(event, GamePodium):
            ended.add(event.game_id)
            if game.state not in ENDED:
                problems.append(f"a podium for game {event.game_id}, {game.state} still")
    # Every game this chat was shown that has ended ended with a podium (this stage never refuses one).
    problems += [f"game {game_id} {stored.games[game_id].state} with no podium"
                 for game_id in {event.game_id for event in shown} - ended
                 if game_id in stored.games and stored.games[game_id].state in ENDED]
    return problems


def _of(game_id: str, stored: StoredGames) -> tuple[list[Any], list[Any]]:
    return ([value for key, value in sorted(stored.players.items()) if key[0] == game_id],
            [value for key, value in sorted(stored.answers.items()) if key[0] == game_id])


def _moment(value: Any) -> datetime | None:
    """A stored moment as UTC: SQLite's text has no zone."""
    if value is None:
        return None
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
