"""What a group game shows, already in words: the chat's language for what everyone sees, a player's own
language for what only they see. Adapters lay these out; they never call the engine to do it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.records import HeldLink
from bot.replies import Actor, Feedback, ui_language


@dataclass(frozen=True)
class GameLobby:
    game_id: str
    chat_id: str
    title: str  # "Group game: ZeRO and Sharded Optimizers"
    lines: tuple[str, ...]  # how it goes, how to join, who plays
    join_label: str  # "Join"
    start_label: str  # "Start"
    language: str = ui_language()


@dataclass(frozen=True)
class GameBegins:
    """The lobby closes: its message becomes the list of players."""

    game_id: str
    chat_id: str
    lobby_message: str | None
    text: str  # "Game on! 3 players: Ada, Juma, Wanjiru"
    language: str = ui_language()


@dataclass(frozen=True)
class GameQuestion:
    game_id: str
    chat_id: str
    position: int  # 0-based place in the game: what answers name
    label: str  # "Question 2 of 8"
    short_label: str  # "2/8"
    prompt: str
    options: tuple[str, ...]  # in the order everyone sees
    correct_index: int
    explanation: str  # at most 200 characters: fits a Telegram quiz popup
    seconds: int  # the time to answer
    closes_at: datetime  # when that time is up
    notices: tuple[str, ...] = ()  # e.g. "shown in English"
    language: str = ui_language()
    # The message of the question before, which a reload removed while it was open: passed over without results,
    # so nothing else closes it (a platform whose question stays open until it is closed closes it first)
    passed_over: str | None = None


@dataclass(frozen=True)
class GameResults:
    """A question closed: the answer, why, how many chose each option, and the top five so far."""

    game_id: str
    chat_id: str
    position: int
    question_message: str | None  # the question's message, to close or replace
    label: str  # "Question 2 of 8", with the prompt: what was asked, for a platform that replaces the question
    prompt: str
    heading: str  # "Question 2: the answer is B. All-reduce"
    explanation: str
    counts: tuple[tuple[str, int], ...]  # (letter, how many chose it), in the order shown
    counts_line: str  # "Answers: A 0 · B 2 · C 1 · D 0"
    top_heading: str  # "Top 5:"
    top: tuple[str, ...]  # "1. Ada — 145 points"
    explain_label: str  # "Explain in my language"
    closed_early: bool = False  # everyone answered (or it was skipped) before its time: a poll is still open
    language: str = ui_language()
    notices: tuple[str, ...] = ()  # the question's, e.g. "shown in English": for a platform that replaces it


@dataclass(frozen=True)
class GamePodium:
    """The game is over (or stopped): everyone's place, score and accuracy."""

    game_id: str
    chat_id: str
    heading: str  # "Final results: ZeRO and Sharded Optimizers"
    lines: tuple[str, ...]  # "🥇 Ada — 420 points · 3 of 3 right (100%)"
    open_question: str | None = None  # a question message still open when the game was stopped: close it
    note: str | None = None  # "Stopped by Ada." / "Nobody played."
    language: str = ui_language()
    open_lobby: str | None = None  # the lobby's message when the game was stopped before it began: its buttons go


GameEvent = GameLobby | GameBegins | GameQuestion | GameResults | GamePodium


class Skipped(StrEnum):
    """What a skip did (the chat sees it happen; a platform that must answer the one who skipped says which)."""

    BEGAN = "began"  # the lobby closed: the first question is asked
    CLOSED = "closed"  # the open question closed: its results are up
    NEXT = "next"  # from the results: the next question
    OVER = "over"  # no question was left: the podium

    @classmethod
    def of(cls, events: list[GameEvent]) -> Skipped:
        """Which move the events a skip showed make (a lobby whose questions a reload all removed: over)."""
        if any(isinstance(event, GamePodium) for event in events):
            return cls.OVER
        if any(isinstance(event, GameBegins) for event in events):
            return cls.BEGAN
        return cls.CLOSED if any(isinstance(event, GameResults) for event in events) else cls.NEXT


class VoteRefused(StrEnum):
    """Why a vote didn't count: each platform decides whether, and where, the voter hears it."""

    CLOSED = "closed"  # the question had closed (or the game moved on)
    OVER = "over"  # the game had ended (finished, or stopped): its podium or stop notice told everyone
    REMOVED = "removed"  # a reload removed the question while it was open, or changed what its options say
    NO_SUCH_OPTION = "no_such_option"
    OTHER_CHAT = "other_chat"  # the voter isn't in the game's chat (a poll forwarded out of it)
    ELSEWHERE = "elsewhere"  # the voter plays the same quiz in a game elsewhere
    ALREADY = "already"  # they answered this question already: the first answer counts


@dataclass(frozen=True)
class GameVote:
    """What a player's answer got them, said only to them: "Locked in: B", or why it didn't count."""

    counted: bool
    text: str
    language: str = ui_language()
    refused: VoteRefused | None = None  # why not counted
    # Which game and question it was ("Group game: Collectives · Question 2 of 8"), for a platform that tells
    # the voter somewhere else than under the question (a private chat)
    about: str = ""


@dataclass(frozen=True)
class GameExplanation:
    """One player's look back at a closed question, in their language: their answer, then why."""

    verdict: str  # "You chose B: not quite." / "You didn't answer."
    feedback: Feedback
    language: str = ui_language()


@dataclass(frozen=True)
class Leaderboard:
    heading: str  # "Leaderboard, this week"
    lines: tuple[str, ...]  # "1. Ada — 1,240 points"
    empty: str | None  # "No points yet this week: start a game with /game."
    language: str = ui_language()


@dataclass(frozen=True)
class SetAside:
    """A player's own timed poll of a quiz their live group game holds, to take away until the game is over (see
    game_holds.polls_to_set_aside), and what they are told where it was, in their language."""

    link: HeldLink  # taken away as any held poll is (a Telegram quiz poll deleted, as stopping it shows the answer)
    chat_id: str  # the link's chat: where the poll is, and the notice goes
    owner: Actor
    name: str  # the player as the chat shows them
    text: str  # "Collectives waits until the game is over, ... /quiz collectives after the game ..."
    language: str = ui_language()
