"""Around a group game: each player's explanation in their language, leaderboards, hiding, the chat's language,
and a learner's games in /progress. The bot's real translations are loaded."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.games.replies import GameExplanation, GameLobby, GameQuestion, GameResults
from bot.games.rules import RESULTS_SECONDS
from bot.i18n import UiTexts
from bot.languages import native_name
from bot.replies import Actor, Notice, NoticeCode
from content import default_content_dir
from tests.core.games_play import (
    ADA,
    BAYO,
    CHAT,
    CHIDO,
    SCOPE,
    begun_with_three,
    last_question,
    open_with_three,
    vote,
    wrong_index,
)
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase


@pytest.fixture
def engine(library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> QuizEngine:
    return build_engine(library, fake_db, clock, texts=UiTexts.load(default_content_dir() / "locales"))


async def play_through(engine: QuizEngine, stage: RecordingStage, clock: FixedClock, right: dict[Actor, bool]) -> None:
    """Begin, and every question answered as ``right`` says, each closing when the last player answers."""
    await engine.games.begin(ADA, stage.of(CHAT, GameLobby)[-1].game_id, False, stage)
    for _number in range(3):
        for actor, is_right in right.items():
            await vote(engine, stage, actor, right=is_right)
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await engine.games.sweep("telegram", stage)


async def test_each_player_reads_the_closed_question_explained_in_their_own_language(engine: QuizEngine) -> None:
    stage = RecordingStage()
    game_id = await begun_with_three(engine, stage)
    question = last_question(stage)
    position = question.position
    early = await engine.games.explain(BAYO, game_id, position)
    assert isinstance(early, Notice) and early.code is NoticeCode.NOT_CURRENT_QUESTION  # no answers before closing
    await vote(engine, stage, ADA, right=True)
    await vote(engine, stage, BAYO, right=False)
    await engine.games.skip(ADA, False, stage)
    yo = engine.localizer_for("yo")
    bayo = await engine.games.explain(BAYO, game_id, position)
    assert isinstance(bayo, GameExplanation) and bayo.language == "yo"
    assert bayo.verdict == yo("You chose {letter}: not quite.", letter="ABC"[wrong_index(question)])
    assert bayo.feedback.explanation.startswith("All-reduce ń ṣàkópọ̀")  # the content's Yoruba
    chido = await engine.games.explain(CHIDO, game_id, position)
    assert isinstance(chido, GameExplanation) and chido.language == "sn"
    assert chido.verdict == engine.localizer_for("sn")("You didn't answer this one.")
    assert chido.feedback.why_not is None


async def test_an_explanation_without_a_translation_says_it_is_shown_in_english(engine: QuizEngine,
                                                                                 clock: FixedClock) -> None:
    stage = RecordingStage()
    game_id = await begun_with_three(engine, stage)
    yo = engine.localizer_for("yo")
    notice = yo("This question isn't available in {language} yet, so it is shown in English.",
                language=native_name("yo"))
    told = []
    for _number in range(3):
        position = last_question(stage).position
        for actor in (ADA, BAYO, CHIDO):
            await vote(engine, stage, actor, right=True)
        bayo = await engine.games.explain(BAYO, game_id, position)
        assert isinstance(bayo, GameExplanation)
        in_english = bayo.feedback.explanation.isascii()  # Yoruba's tone marks aren't ASCII
        assert bayo.verdict.endswith("\n" + notice) == in_english, bayo
        told.append(in_english)
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await engine.games.sweep("telegram", stage)
    assert sorted(told) == [False, False, True]  # the fixture's english-only question, and two in Yoruba


async def test_no_question_is_explained_before_it_closes_not_even_the_next_ones(engine: QuizEngine) -> None:
    """The explain link carries its question's place: a player who edits it must not read answers to come."""
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)
    for place in (0, 1, 2):  # the lobby: nothing asked yet
        lobby = await engine.games.explain(BAYO, game_id, place)
        assert isinstance(lobby, Notice) and lobby.code is NoticeCode.NOT_CURRENT_QUESTION
    await engine.games.begin(ADA, game_id, False, stage)
    for place in (0, 1, 2):  # the first question open, the others to come
        asking = await engine.games.explain(BAYO, game_id, place)
        assert isinstance(asking, Notice) and asking.code is NoticeCode.NOT_CURRENT_QUESTION
    for actor in (ADA, BAYO, CHIDO):
        await vote(engine, stage, actor, right=True)  # the last vote closes the first question
    assert isinstance(await engine.games.explain(BAYO, game_id, 0), GameExplanation)
    upcoming = await engine.games.explain(BAYO, game_id, 1)
    assert isinstance(upcoming, Notice) and upcoming.code is NoticeCode.NOT_CURRENT_QUESTION


async def test_the_chats_admins_set_the_language_everyone_sees(engine: QuizEngine) -> None:
    stage = RecordingStage()
    refused = await engine.games.set_chat_language(BAYO, SCOPE, "fr", False)
    assert refused.code is NoticeCode.NOT_ALLOWED and refused.language == "yo"  # told in their own language
    unknown = await engine.games.set_chat_language(ADA, SCOPE, "xx", True)
    assert unknown.code is NoticeCode.UNKNOWN_LANGUAGE
    done = await engine.games.set_chat_language(ADA, SCOPE, "fr", True)
    assert done.language == "fr" and not done.is_error
    await engine.games.open(BAYO, "Bayo", SCOPE, "collectives", None, stage)
    lobby = stage.of(CHAT, GameLobby)[0]
    assert lobby.language == "fr" and lobby.join_label == engine.localizer_for("fr")("Join")


async def test_a_language_chosen_mid_game_is_the_rest_of_the_games(engine: QuizEngine) -> None:
    """"Games in this chat are in Yorùbá from now on" was said, and the game went on in English."""
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    done = await engine.games.set_chat_language(ADA, SCOPE, "yo", True)
    assert done.language == "yo"
    for player in (ADA, BAYO, CHIDO):
        await vote(engine, stage, player, right=True)
    (results,) = stage.of(CHAT, GameResults)
    assert results.language == "yo" and results.explain_label == engine.localizer_for("yo")("Explain in my language")


async def test_a_servers_language_chosen_in_one_channel_is_the_rest_of_the_games_in_every_channel(
        engine: QuizEngine) -> None:
    """Discord: one language for the whole server, typed in any of its channels."""
    stage, server = RecordingStage(polls=False), "9000"
    ada, admin_elsewhere = Actor("discord", "1", "700", "en"), Actor("discord", "2", "701", "en")
    assert await engine.games.open(ada, "Ada", server, "collectives", None, stage) is None
    game_id = stage.shown["700"][0].game_id
    assert await engine.games.begin(ada, game_id, False, stage) is None
    assert not (await engine.games.set_chat_language(admin_elsewhere, server, "sw", True)).is_error
    await engine.games.vote(ada, "Ada", game_id, 0, stage.of("700", GameQuestion)[0].correct_index, stage)
    (results,) = stage.of("700", GameResults)
    assert results.language == "sw"


async def test_leaderboards_count_the_week_or_all_time_and_leave_out_who_hid(engine: QuizEngine,
                                                                           clock: FixedClock) -> None:
    stage = RecordingStage()
    await open_with_three(engine, stage)
    await play_through(engine, stage, clock, {ADA: True, BAYO: True, CHIDO: False})
    clock.advance(timedelta(days=7))  # a new week
    await engine.games.open(ADA, "Ada", SCOPE, "collectives", None, stage)
    await engine.games.join(CHIDO, "Chido", stage.of(CHAT, GameLobby)[-1].game_id, stage)
    await play_through(engine, stage, clock, {CHIDO: True, ADA: False})
    en = Actor("telegram", "9", CHAT, "en")
    week = await engine.games.leaderboard(en, SCOPE, "week")
    assert [line.split(" — ")[0] for line in week.lines] == ["1. Chido", "2. Ada"]
    everything = await engine.games.leaderboard(en, SCOPE, "all")
    assert [line.split(" — ")[0] for line in everything.lines][:2] == ["1. Ada", "1. Bayo"]  # 450 each: tied
    assert (await engine.games.set_hidden(ADA, True)).text == "You're hidden from the leaderboards now."
    hidden = await engine.games.leaderboard(en, SCOPE, "all")
    assert "Ada" not in " ".join(hidden.lines)
    elsewhere = await engine.games.leaderboard(en, "-999", "week")
    assert not elsewhere.lines and elsewhere.empty == "No points yet this week. Start a game with /game."


async def test_progress_counts_the_learners_games(engine: QuizEngine, clock: FixedClock) -> None:
    stage = RecordingStage()
    await open_with_three(engine, stage)
    await play_through(engine, stage, clock, {ADA: True, BAYO: False, CHIDO: False})
    progress = await engine.progress(Actor("telegram", "1", "1", "en"))
    assert "Group games: 1 played · 450 points · 1 win" in progress.notes
    assert stage.of(CHAT, GameResults)[0].language == "en"


async def test_a_tie_for_first_on_points_and_time_is_a_win_for_both(engine: QuizEngine, clock: FixedClock) -> None:
    """The podium shows both a gold medal (they answered at the same instant): /progress counts it as a win for
    both, not for whoever joined first."""
    stage = RecordingStage()
    await open_with_three(engine, stage)
    await play_through(engine, stage, clock, {ADA: True, BAYO: True, CHIDO: False})
    for user_id in ("1", "2"):
        progress = await engine.progress(Actor("telegram", user_id, user_id, "en"))
        assert "Group games: 1 played · 450 points · 1 win" in progress.notes


async def test_a_name_stored_with_a_bidi_override_is_shown_without_it(engine: QuizEngine, fake_db: FakeDatabase,
                                                                      clock: FixedClock) -> None:
    """Names are cleaned as they come in; one kept before that (or written by another version) still is."""
    stage = RecordingStage()
    await open_with_three(engine, stage)
    await play_through(engine, stage, clock, {ADA: True, BAYO: False, CHIDO: False})
    for player in fake_db.state.players.values():
        player.name = f"\u202e{player.name}"  # as an older version stored it
    board = await engine.games.leaderboard(Actor("telegram", "9", CHAT, "en"), SCOPE, "all")
    assert board.lines[0].startswith("1. Ada — ") and "\u202e" not in " ".join(board.lines)
    for player in fake_db.state.players.values():
        player.name = "\u200f\u200e"  # only marks, as an older version stored them: nothing would show
    board = await engine.games.leaderboard(Actor("telegram", "9", CHAT, "en"), SCOPE, "all")
    assert board.lines[0].startswith("1. ? — ")
