"""A group game's numbers: its phases' lengths and how answers score. Pure, so the engine tests pin them."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from bot.games.records import PlayerRecord

Item = TypeVar("Item")

LOBBY_SECONDS = 30  # how long the lobby waits for players, unless the starter begins sooner
QUESTION_SECONDS = 30  # each question's time, unless the starter chose another
MIN_QUESTION_SECONDS = 10
MAX_QUESTION_SECONDS = 300  # within Telegram's longest poll (600 s); longer makes a dull game
# Time to read the results before the next question. It also paces the game: each question costs a Telegram
# group at most three messages (the poll, closing it, the results; four with a lettered fallback), so a
# question every 15 s or more keeps a game at 16 a minute at most, under Telegram's 20 (docs/group-games.md).
RESULTS_SECONDS = 15
# A vote made in time may reach us a moment late (Telegram closes its poll itself): the question stays open this
# long past its time before it is closed.
GRACE = timedelta(seconds=2)

POINTS_RIGHT = 100
SPEED_BONUS = 50  # at most, for an answer at once; nothing at the end of the time
TOP = 5  # players shown after each question


def points(correct: bool, answer_ms: int, question_seconds: int) -> int:
    """A right answer's 100 points, plus a bonus that shrinks with the time taken; a wrong answer scores 0."""
    if not correct:
        return 0
    left = 1 - answer_ms / (question_seconds * 1000)
    return POINTS_RIGHT + round(SPEED_BONUS * min(1.0, max(0.0, left)))


def standings(players: Iterable[PlayerRecord]) -> list[PlayerRecord]:
    """Most points first; equal points: those who answered before those who never did (whose answer time is
    0 ms), then the lower total answer time, then who joined first."""
    return sorted(players, key=lambda player: (-player.score, not player.answered, player.answer_ms, player.joined_at,
                                               player.user_id))


def places(ranked: list[PlayerRecord]) -> list[int]:
    """Each player's place, for players in ``standings`` order: equal points are told apart by the time taken
    (who answered at all first), and a tie on both shares a place (1, 2, 2, 4): who joined first is only listed
    first, not ranked higher."""
    return shared_places(ranked, lambda player: (player.score, bool(player.answered), player.answer_ms))


def shared_places(ranked: Sequence[Item], key: Callable[[Item], Hashable]) -> list[int]:
    """Places for items already in order: one whose ``key`` equals the one before's shares its place (1, 2, 2, 4)."""
    shown: list[int] = []
    for index, item in enumerate(ranked):
        same = index > 0 and key(ranked[index - 1]) == key(item)
        shown.append(shown[-1] if same else index + 1)
    return shown


def clamp_seconds(seconds: int | None) -> int:
    """A question time within what every platform can show; the default when none is given."""
    if seconds is None:
        return QUESTION_SECONDS
    return min(MAX_QUESTION_SECONDS, max(MIN_QUESTION_SECONDS, seconds))


def typed_seconds(words: list[str]) -> tuple[list[str], int | None]:
    """``QUIZ [SECONDS]`` typed as words: the quiz's words, and the seconds if the last word is a number."""
    return (words[:-1], int(words[-1])) if len(words) > 1 and words[-1].isdecimal() else (words, None)


def week_start(now: datetime) -> datetime:
    """Monday 00:00 UTC of ``now``'s week: where the weekly leaderboard starts."""
    day = now.astimezone(UTC).date()
    monday = day - timedelta(days=day.weekday())
    return datetime(monday.year, monday.month, monday.day, tzinfo=UTC)
