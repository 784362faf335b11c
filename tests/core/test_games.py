"""A group game in the engine, with fake storage, a recording stage and a clock the test moves."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from bot.engine import QuizEngine
from bot.games.replies import GameBegins, GameLobby, GamePodium, GameQuestion, GameResults, Skipped, VoteRefused
from bot.games.rules import GRACE, LOBBY_SECONDS, RESULTS_SECONDS
from bot.replies import Actor, Notice, NoticeCode
from tests.core.games_play import (
    ADA,
    BAYO,
    CHAT,
    CHIDO,
    SCOPE,
    begun_by_ada_alone,
    begun_with_three,
    last_question,
    open_with_three,
    vote,
)
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase


async def test_a_lobby_opens_with_its_starter_in_it_and_only_one_game_runs_per_chat(engine: QuizEngine) -> None:
    stage = RecordingStage()
    assert await engine.games.open(ADA, "Ada", SCOPE, "collectives", None, stage) is None
    lobby = stage.of(CHAT, GameLobby)[0]
    assert lobby.title == "Group game: Collectives"
    assert "Players: Ada" in lobby.lines and "3 questions, 30 seconds each." in lobby.lines
    again = await engine.games.open(BAYO, "Bayo", SCOPE, "collectives", None, stage)
    assert isinstance(again, Notice) and again.code is NoticeCode.GAME_RUNNING
    elsewhere = Actor("telegram", "2", "-200", "en")
    assert await engine.games.open(elsewhere, "Bayo", "-200", "collectives", None, stage) is None


async def test_a_game_needs_a_quiz_that_exists(engine: QuizEngine) -> None:
    stage = RecordingStage()
    unnamed = await engine.games.open(ADA, "Ada", SCOPE, None, None, stage)
    missing = await engine.games.open(ADA, "Ada", SCOPE, "nope", None, stage)
    assert isinstance(unnamed, Notice) and unnamed.code is NoticeCode.NAME_A_QUIZ
    assert isinstance(missing, Notice) and missing.code is NoticeCode.QUIZ_NOT_FOUND
    assert not stage.shown[CHAT]


async def test_players_join_once_and_only_the_starter_or_an_admin_begins(engine: QuizEngine) -> None:
    stage = RecordingStage()
    await engine.games.open(ADA, "Ada", SCOPE, "collectives", None, stage)
    game_id = stage.shown[CHAT][0].game_id
    assert (await engine.games.join(BAYO, "Bayo", game_id, stage)).text == "You're in! 2 players so far."
    assert (await engine.games.join(BAYO, "Bayo", game_id, stage)).text == "You're already in this game."
    refused = await engine.games.begin(BAYO, game_id, False, stage)
    assert isinstance(refused, Notice) and refused.code is NoticeCode.NOT_ALLOWED
    elsewhere = await engine.games.begin(replace(CHIDO, chat_id="-200"), game_id, True, stage)
    assert isinstance(elsewhere, Notice) and elsewhere.code is NoticeCode.NOT_ALLOWED  # an admin of another chat
    assert await engine.games.begin(CHIDO, game_id, True, stage) is None  # a chat admin may
    begins = stage.of(CHAT, GameBegins)[0]
    assert begins.text == "Game on! 2 players: Ada, Bayo" and begins.lobby_message == "m1"
    assert last_question(stage).label == "Question 1 of 3"


async def test_the_lobby_closes_by_itself_when_its_time_is_up(engine: QuizEngine, clock: FixedClock) -> None:
    stage = RecordingStage()
    await open_with_three(engine, stage)
    clock.advance(timedelta(seconds=LOBBY_SECONDS - 1))
    assert await engine.games.sweep("telegram", stage) == 0
    clock.advance(timedelta(seconds=1))
    assert await engine.games.sweep("telegram", stage) == 1
    assert [type(event) for event in stage.shown[CHAT]] == [GameLobby, GameBegins, GameQuestion]
    assert await engine.games.sweep("discord", stage) == 0  # another platform's sweep leaves it alone


async def test_answers_score_once_with_a_speed_bonus_and_the_last_one_closes_the_question(
        engine: QuizEngine, clock: FixedClock) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    question = last_question(stage)
    assert (await vote(engine, stage, ADA, right=True)).text.startswith("Locked in: ")
    again = await vote(engine, stage, ADA, right=False)
    assert not again.counted and again.text == "You already answered this question; your first answer counts."
    clock.advance(timedelta(seconds=15))
    await vote(engine, stage, BAYO, right=True)
    assert not stage.of(CHAT, GameResults)  # Chido hasn't answered: still open
    await vote(engine, stage, CHIDO, right=False)
    results = stage.of(CHAT, GameResults)[0]
    assert results.position == question.position and results.question_message == "m2"
    assert sum(count for _letter, count in results.counts) == 3
    assert results.top == ("1. Ada — 150 points", "2. Bayo — 125 points", "3. Chido — 0 points")
    again = await vote(engine, stage, CHIDO, right=True)  # his vote delivered again: it counted, and still does
    assert (again.counted, again.refused) == (False, VoteRefused.ALREADY)
    assert again.text == "You already answered this question; your first answer counts."
    late = await engine.games.vote(Actor("telegram", "4", CHAT, "en"), "Dayo", question.game_id, question.position,
                                   question.correct_index, stage)
    assert (late.counted, late.refused, late.text) == (False, VoteRefused.CLOSED, "This question is closed.")
    assert late.about == "Group game: Collectives · Question 1 of 3"  # for a platform that tells it elsewhere


async def test_a_question_closes_when_its_time_and_grace_run_out_then_the_next_follows_after_reading_time(
        engine: QuizEngine, clock: FixedClock) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage, seconds=20)
    await vote(engine, stage, ADA, right=True)
    clock.advance(timedelta(seconds=20))
    late_but_in_grace = await vote(engine, stage, BAYO, right=True)  # Telegram closed the poll on time
    assert late_but_in_grace.counted
    clock.advance(GRACE)
    assert await engine.games.sweep("telegram", stage) == 1
    results = stage.of(CHAT, GameResults)[-1]
    assert results.counts_line.startswith("Answers: ")
    assert not (await vote(engine, stage, CHIDO, right=True)).counted
    clock.advance(timedelta(seconds=RESULTS_SECONDS - 1))
    assert await engine.games.sweep("telegram", stage) == 0
    clock.advance(timedelta(seconds=1))
    await engine.games.sweep("telegram", stage)
    assert last_question(stage).label == "Question 2 of 3"


async def test_the_podium_ranks_by_points_then_total_answer_time_with_accuracy(engine: QuizEngine,
                                                                               clock: FixedClock) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage, seconds=10)
    for _number in range(3):
        # Ada and Bayo answer right at the same moment each time (same points); Ada is slower on the first only.
        await vote(engine, stage, BAYO, right=True)
        clock.advance(timedelta(milliseconds=1))
        await vote(engine, stage, ADA, right=True)
        await vote(engine, stage, CHIDO, right=False)
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await engine.games.sweep("telegram", stage)
    podium = stage.of(CHAT, GamePodium)[0]
    assert podium.heading == "Final results: Collectives" and podium.note is None
    assert podium.lines[0].startswith("🥇 Bayo — 450 points · 3 of 3 right (100%)")
    assert podium.lines[1].startswith("🥈 Ada — 450 points")  # same points, more time in all
    assert podium.lines[2] == "3. Chido — 0 points · 0 of 3 right (0%)"  # no bronze for nothing


async def test_a_late_joiner_is_judged_on_the_questions_they_saw(engine: QuizEngine, clock: FixedClock) -> None:
    stage = RecordingStage()
    await begun_by_ada_alone(engine, stage)
    await vote(engine, stage, ADA, right=True)  # Ada alone: her answer closes the question
    clock.advance(timedelta(seconds=RESULTS_SECONDS))
    await engine.games.sweep("telegram", stage)
    await vote(engine, stage, BAYO, right=True)  # Bayo joins by answering the second question
    assert len(stage.of(CHAT, GameResults)) == 1  # now two play: the question waits for Ada
    await vote(engine, stage, ADA, right=True)
    clock.advance(timedelta(seconds=RESULTS_SECONDS))
    await engine.games.sweep("telegram", stage)
    await vote(engine, stage, ADA, right=True)  # Bayo lets the third one run out
    clock.advance(timedelta(seconds=30) + GRACE)
    await engine.games.sweep("telegram", stage)
    clock.advance(timedelta(seconds=RESULTS_SECONDS))
    await engine.games.sweep("telegram", stage)
    podium = stage.of(CHAT, GamePodium)[0]
    assert podium.lines[0].startswith("🥇 Ada — ") and podium.lines[0].endswith("· 3 of 3 right (100%)")
    assert podium.lines[1].startswith("🥈 Bayo — ") and podium.lines[1].endswith("· 1 of 2 right (50%)")


async def test_nobody_joins_once_the_last_results_are_up(engine: QuizEngine, clock: FixedClock) -> None:
    """A join then had no question left: the podium gave a medal for "0 of 1 right" and /progress a game played."""
    stage = RecordingStage()
    game_id = await begun_by_ada_alone(engine, stage)
    for number in range(3):
        await vote(engine, stage, ADA, right=True)  # Ada alone: each answer closes the question
        if number < 2:
            clock.advance(timedelta(seconds=RESULTS_SECONDS))
            await engine.games.sweep("telegram", stage)
    late = await engine.games.join(BAYO, "Bayo", game_id, stage)
    assert late.text == "No questions are left in this game. Join the next one!"
    clock.advance(timedelta(seconds=RESULTS_SECONDS))
    await engine.games.sweep("telegram", stage)
    assert [line.split(" — ")[0] for line in stage.of(CHAT, GamePodium)[0].lines] == ["🥇 Ada"]


async def test_only_the_starter_or_an_admin_stops_the_game_and_the_podium_says_who(engine: QuizEngine) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    await vote(engine, stage, BAYO, right=True)
    refused = await engine.games.stop(BAYO, "Bayo", False, stage)
    assert isinstance(refused, Notice) and refused.code is NoticeCode.NOT_ALLOWED
    assert await engine.games.stop(CHIDO, "Chido", True, stage) is None
    podium = stage.of(CHAT, GamePodium)[0]
    assert podium.note == "Stopped by Chido." and podium.open_question == "m2"
    assert podium.lines[0].startswith("🥇 Bayo — ") and "1 of 1 right" in podium.lines[0]
    nothing = await engine.games.stop(ADA, "Ada", True, stage)
    assert isinstance(nothing, Notice) and nothing.code is NoticeCode.NO_GAME
    after = await vote(engine, stage, ADA, right=True)
    assert (after.counted, after.refused) == (False, VoteRefused.OVER)  # a game over, not a question closed
    assert await engine.games.open(BAYO, "Bayo", SCOPE, "collectives", None, stage) is None  # the chat is free


async def test_a_game_whose_first_question_is_refused_ranks_nobody(engine: QuizEngine) -> None:
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)
    stage.refusing = "Send Polls"
    refused = await engine.games.begin(ADA, game_id, False, stage)  # the one who pressed Start is told too
    assert refused is not None and "“Send Polls”" in refused.text
    podium = stage.of(CHAT, GamePodium)[0]
    assert podium.lines == () and "“Send Polls”" in (podium.note or "")


async def test_start_on_a_game_under_way_or_over_says_which(engine: QuizEngine) -> None:
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)
    assert await engine.games.begin(ADA, game_id, False, stage) is None
    again = await engine.games.begin(ADA, game_id, False, stage)
    assert isinstance(again, Notice) and again.text == "This game has already begun."
    await engine.games.stop(ADA, "Ada", False, stage)
    for over in (game_id, "no-such-game"):  # stopped, or an id nobody made (an old or forged button)
        refused = await engine.games.begin(ADA, over, False, stage)
        assert isinstance(refused, Notice) and refused.text == "This game is over. Start a new one with /game."


async def test_a_game_stopped_in_its_lobby_ranks_nobody(engine: QuizEngine) -> None:
    stage = RecordingStage()
    await open_with_three(engine, stage)
    assert await engine.games.stop(ADA, "Ada", False, stage) is None
    podium = stage.of(CHAT, GamePodium)[0]
    assert podium.lines == () and podium.note == "Stopped by Ada."  # not "0 of 1 right" for questions never asked


async def test_a_chat_that_refuses_the_questions_stops_the_game_and_says_which_right_is_missing(
        engine: QuizEngine, clock: FixedClock) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    await vote(engine, stage, ADA, right=True)
    await engine.games.skip(ADA, False, stage)  # the first question's results
    stage.refusing = "Send Polls"  # an admin takes the right away
    clock.advance(timedelta(seconds=RESULTS_SECONDS))
    await engine.games.sweep("telegram", stage)  # the second question is refused: the game stops
    podium = stage.of(CHAT, GamePodium)[0]
    assert podium.heading == "Game stopped: Collectives"
    assert "1 of 1 right" in podium.lines[0] and "0 of 1 right" in podium.lines[1]  # the refused one not counted
    assert podium.note == ("I can't post the game's questions in this chat: I'm missing the “Send Polls” permission. "
                           "Ask an admin to grant it, then start a new game.")
    clock.advance(timedelta(minutes=5))
    await engine.games.sweep("telegram", stage)
    assert len(stage.of(CHAT, GamePodium)) == 1 and len(stage.of(CHAT, GameResults)) == 1  # nothing more
    assert await engine.games.open(BAYO, "Bayo", SCOPE, "collectives", None, stage) is None  # the chat is free


async def test_the_starter_skips_a_question_to_its_results(engine: QuizEngine) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    assert await engine.games.skip(ADA, False, stage) is Skipped.CLOSED
    assert stage.of(CHAT, GameResults)[0].counts_line == "Nobody answered this one."
    assert await engine.games.skip(ADA, False, stage) is Skipped.NEXT
    assert last_question(stage).label == "Question 2 of 3"


async def test_every_answer_is_a_review_of_the_players_card(engine: QuizEngine, fake_db: FakeDatabase) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    await vote(engine, stage, ADA, right=True)
    await vote(engine, stage, BAYO, right=False)
    reviews = sorted((review.user_id, review.rating) for review in fake_db.state.reviews.values())
    assert reviews == [(1, 3), (2, 1)]  # Good for Ada's right answer, Again for Bayo's wrong one
    assert {(card.quiz_id, card.question_id) for card in fake_db.state.cards.values()} == {
        ("collectives", "sum-everywhere")}


async def test_stop_or_skip_in_a_chat_with_a_game_points_to_the_games_own_commands(engine: QuizEngine) -> None:
    stage = RecordingStage()
    await open_with_three(engine, stage)
    stopped, skipped = await engine.stop(BAYO), await engine.skip(BAYO)  # Bayo has no quiz of his own
    assert isinstance(skipped, Notice) and stopped.code is skipped.code is NoticeCode.NO_ACTIVE_SESSION
    assert "/game stop" in stopped.text and stopped.text == skipped.text
    assert stopped.language == "yo"  # in Bayo's language
    elsewhere = Actor("telegram", "2", "-200", "en")  # a chat without a game: no word of games
    assert (await engine.stop(elsewhere)).text == ("You have no quiz in progress. Send /quizzes to choose a quiz, "
                                                   "or /help to see everything I can do.")


async def test_the_question_a_game_is_stopped_at_counts_only_for_those_who_answered_it(engine: QuizEngine) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    for player in (ADA, BAYO, CHIDO):  # the last answer closes the first question
        await vote(engine, stage, player, right=True)
    assert await engine.games.skip(ADA, False, stage) is Skipped.NEXT  # on to the second question
    await vote(engine, stage, BAYO, right=True)
    assert await engine.games.stop(ADA, "Ada", False, stage) is None
    accuracy = {line.split(" — ")[0][2:]: line.split(" · ")[1] for line in stage.of(CHAT, GamePodium)[0].lines}
    assert accuracy == {"Bayo": "2 of 2 right (100%)", "Ada": "1 of 1 right (100%)", "Chido": "1 of 1 right (100%)"}


async def test_players_who_had_no_question_to_score_on_are_left_off_the_podium(engine: QuizEngine) -> None:
    """Stopped at the first question, which only Ada answered: Bayo and Chido showed "0 of 1 right (0%)"."""
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    await vote(engine, stage, ADA, right=False)
    assert await engine.games.stop(ADA, "Ada", False, stage) is None
    assert stage.of(CHAT, GamePodium)[0].lines == ("Nobody scored this time.",)  # Ada only: no Bayo, no Chido
