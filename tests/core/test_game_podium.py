"""The podium's medals go to points: none for 0 points, and when nobody scored, one line says so. The bot's real
translations are loaded."""

from __future__ import annotations

import pytest

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.games.replies import GamePodium, GameResults
from bot.i18n import UiTexts
from content import default_content_dir
from tests.core.games_play import ADA, BAYO, CHAT, CHIDO, SCOPE, begun_with_three, vote
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase


@pytest.fixture
def engine(library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> QuizEngine:
    return build_engine(library, fake_db, clock, texts=UiTexts.load(default_content_dir() / "locales"))


async def test_a_player_with_no_points_gets_no_medal_even_in_the_top_three(engine: QuizEngine) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    await vote(engine, stage, ADA, right=True)
    await vote(engine, stage, BAYO, right=True)
    await vote(engine, stage, CHIDO, right=False)
    assert await engine.games.stop(ADA, "Ada", False, stage) is None
    lines = stage.of(CHAT, GamePodium)[0].lines
    # Ada and Bayo answered at the same instant (the test's clock stands still): the same points and time, the
    # same place; the next place is third.
    assert [line.split(" — ")[0] for line in lines] == ["🥇 Ada", "🥇 Bayo", "3. Chido"]
    assert lines[2] == "3. Chido — 0 points · 0 of 1 right (0%)"  # still told how they did


async def test_when_nobody_scored_the_podium_says_so_in_one_line_without_medals(engine: QuizEngine) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    for actor in (ADA, BAYO, CHIDO):
        await vote(engine, stage, actor, right=False)
    assert await engine.games.stop(ADA, "Ada", False, stage) is None
    podium = stage.of(CHAT, GamePodium)[0]
    assert podium.lines == ("Nobody scored this time.",) and podium.note == "Stopped by Ada."


async def test_nobody_scored_is_said_in_the_chats_language(engine: QuizEngine) -> None:
    assert not (await engine.games.set_chat_language(ADA, SCOPE, "fr", moderator=True)).is_error
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    await vote(engine, stage, ADA, right=False)
    await engine.games.stop(ADA, "Ada", False, stage)
    assert stage.of(CHAT, GamePodium)[0].lines == ("Personne n’a marqué de points cette fois.",)


async def test_no_time_note_when_equal_points_are_told_apart_only_by_answering_at_all(engine: QuizEngine) -> None:
    """Bayo answered wrong, Chido not at all: both 0 points, Bayo above for having answered. The note "whoever
    answered in less time ranks higher" was added, which explains nothing here (Chido took no time at all)."""
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    await vote(engine, stage, ADA, right=True)
    await vote(engine, stage, BAYO, right=False)
    await engine.games.skip(ADA, True, stage)  # closes the question: its results show the standings
    top = stage.of(CHAT, GameResults)[0].top
    assert [line.split(" — ")[0] for line in top] == ["1. Ada", "2. Bayo", "3. Chido"], top
    assert await engine.games.stop(ADA, "Ada", False, stage) is None
    lines = stage.of(CHAT, GamePodium)[0].lines
    assert [line.split(" — ")[0] for line in lines] == ["🥇 Ada", "2. Bayo", "3. Chido"], lines
