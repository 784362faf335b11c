"""What a group game keeps between events: the game, its players, their answers, the messages that ask."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from bot.records import asked_ref, split_asked

# The key of a question's prompt_digest among its option_digests: no option's id (a slug) is spelt so, and a
# release that compares the options alone passes it by (it compares only the ids the question still has).
PROMPT = "(prompt)"


class GameState(StrEnum):
    LOBBY = "lobby"  # players join; it begins when the starter says so or the lobby's time is up
    ASKING = "asking"  # the current question is open
    SHOWING = "showing"  # the current question's results are up; the next question (or the podium) follows
    FINISHED = "finished"
    STOPPED = "stopped"

    @property
    def live(self) -> bool:
        return self in LIVE_STATES


# Characters of a player's name that are kept (a Telegram first and last name can reach 129).
PLAYER_NAME_LIMIT = 64
LIVE_STATES = frozenset({GameState.LOBBY, GameState.ASKING, GameState.SHOWING})


@dataclass
class GameRecord:
    id: str
    platform: str
    chat_id: str  # where it is played: a Telegram group, a Discord channel
    scope_id: str  # whose leaderboard it counts for: the Telegram group, the Discord server
    quiz_id: str
    starter_id: int  # users.id of who started it
    language: str  # of the messages everyone sees
    question_ids: list[str]
    option_orders: dict[str, list[str]]  # question id -> option ids in the order shown to everyone
    question_seconds: int  # the time for each question
    created_at: datetime
    updated_at: datetime
    state: GameState = GameState.LOBBY
    position: int = 0  # index into question_ids of the current question
    deadline: datetime | None = None  # when the current phase ends (lobby, question, or results)
    asked_at: datetime | None = None  # when the current question was shown: answer times count from it
    lobby_message: str | None = None  # the platform's id of the lobby message (edited when the game begins)
    question_message: str | None = None  # the platform's id of the current question's message
    finished_at: datetime | None = None
    # The answer a question was asked with, as its poll showed it (a Telegram quiz poll marks it), and that
    # question: a reload since may name another, and votes are judged by what the players saw. Kept with its
    # question's id: a replica of an older version asking the next one leaves them behind, and the next question
    # may have an option of the same id. None: asked before this was kept. After the id, a space and the question's
    # options_digest as asked: a replica of a release before it was kept writes the id alone (then read as not
    # known), and reads the two as no id of its questions (its answer as asked not known).
    asked_question: str | None = None
    asked_answer: str | None = None
    # Question id -> option id -> what the option said as the question was asked (Question.option_digests): the
    # options still there are compared one by one, whatever a reload removed since; kept for every question asked,
    # for a closed one's explanation too. A question asked by a release before they were kept has none. Among
    # them, under PROMPT (no option's id), what its prompt said (Question.prompt_digest), if kept then.
    option_digests: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def current_question_id(self) -> str | None:
        if self.position >= len(self.question_ids):
            return None
        return self.question_ids[self.position]

    def asked_with(self, question_id: str, answer: str, options: str, digests: dict[str, str], prompt: str) -> None:
        """Keep ``answer`` as the answer ``question_id`` is asked with, ``options`` as its options_digest, and
        ``digests`` as its option_digests, ``prompt`` (its prompt_digest) with them."""
        self.asked_question, self.asked_answer = asked_ref(question_id, options), answer
        self.option_digests[question_id] = {**digests, PROMPT: prompt}

    @property
    def asked_id(self) -> str | None:
        """The question asked_answer is the answer of."""
        return split_asked(self.asked_question)[0]

    @property
    def asked_options(self) -> str | None:
        """The options_digest the question asked_id was asked with; None if not known."""
        return split_asked(self.asked_question)[1]

    def has_closed(self, position: int) -> bool:
        """Whether the question at ``position`` was asked and closed: only then may its answer be told."""
        if self.asked_at is None:  # nothing asked yet: the lobby, or a game stopped in it
            return False
        if self.state is GameState.ASKING:  # the current question is still open
            return position < self.position
        return position <= self.position  # its results are up, or the game is over


@dataclass
class PlayerRecord:
    game_id: str
    user_id: int
    name: str  # as the chat shows them
    joined_at: datetime
    joined_position: int  # the question they joined at (0: from the start)
    score: int = 0
    correct: int = 0
    answered: int = 0
    answer_ms: int = 0  # total answer time: the tie-break
    rank: int | None = None  # final place, set when the game ends
    # Left the chat: the questions before this place are the ones they were there for (None: still there). The
    # questions after no longer wait for their answer.
    left_position: int | None = None
    # Not theirs to score: asked while they were out of the chat (before they came back), or removed by a reload
    # while open before they answered it
    away_questions: int = 0

    def back(self, at: int) -> None:
        """In the chat again (a vote, Join) at question ``at``: waited for again, and judged without those missed."""
        if self.left_position is not None:
            self.away_questions += max(0, at - self.left_position)
            self.left_position = None


@dataclass(frozen=True)
class GameAnswerRecord:
    """A player's answer to one question of a game; the first is final."""

    game_id: str
    position: int
    user_id: int
    option_id: str
    correct: bool
    points: int
    answer_ms: int
    answered_at: datetime


@dataclass(frozen=True)
class GameMessageLink:
    """A platform message (a Telegram poll) that asks one question of one game."""

    platform: str
    message_key: str
    game_id: str
    position: int


UNHEARD = "unheard:"  # the start of an unheard message's key: no platform's own key starts so


def unheard_key(game_id: str) -> str:
    """The key a game's question asked on a message whose own key is unknown is kept under (one at a time: a game
    asks one question at a time), as a link whose position is that question's (GameRepository.add_unheard)."""
    return f"{UNHEARD}{game_id}"


@dataclass(frozen=True)
class LeaderboardEntry:
    user_id: int
    name: str  # the latest name the chat showed for them
    points: int


@dataclass(frozen=True)
class GameTotals:
    """A learner's group games, for /progress."""

    played: int
    points: int
    wins: int  # games they finished first in
