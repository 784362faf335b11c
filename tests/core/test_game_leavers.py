"""A player who leaves the chat mid-game: the questions stop waiting for them, and the podium judges them on the
questions they were there for."""

from __future__ import annotations

from datetime import timedelta

from bot.engine import QuizEngine
from bot.games.replies import GameBegins, GamePodium, GameQuestion, GameResults
from bot.games.rules import LOBBY_SECONDS, RESULTS_SECONDS
from bot.replies import Actor, NoticeCode
from tests.core.games_play import ADA, BAYO, CHAT, CHIDO, begun_with_three, open_with_three, opened_by_ada, vote
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage


async def test_a_question_closes_once_everyone_still_in_the_chat_has_answered(engine: QuizEngine) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    assert (await vote(engine, stage, BAYO, right=True)).counted
    await engine.games.left(CHIDO, stage)  # gone from the group: they can no longer see the poll
    assert not stage.of(CHAT, GameResults)
    assert (await vote(engine, stage, ADA, right=True)).counted
    results = stage.of(CHAT, GameResults)
    assert len(results) == 1 and results[0].closed_early  # not held open to its end for Chido


async def test_leaving_when_the_last_one_to_answer_closes_the_question_at_once(engine: QuizEngine) -> None:
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    for player in (ADA, BAYO):
        assert (await vote(engine, stage, player, right=True)).counted
    await engine.games.left(CHIDO, stage)
    assert len(stage.of(CHAT, GameResults)) == 1


async def _three_questions_chido_leaving_after_the_first(engine: QuizEngine, clock: FixedClock,
                                                        order: tuple[Actor, ...], chido_answers: set[int]
                                                        ) -> RecordingStage:
    """A game of three questions, each answered right by the players in ``order`` (Chido only for the questions
    in ``chido_answers``); Chido leaves after the first. Each question closes, or is swept, before the next."""
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    for question in range(3):
        for player in order:
            if player is not CHIDO or question in chido_answers:
                assert (await vote(engine, stage, player, right=True)).counted
        if question == 0:
            await engine.games.left(CHIDO, stage)  # after answering the first
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await engine.games.sweep("telegram", stage)
    return stage


async def test_the_podium_judges_a_leaver_on_the_questions_they_were_there_for(
        engine: QuizEngine, clock: FixedClock) -> None:
    stage = await _three_questions_chido_leaving_after_the_first(engine, clock, (ADA, BAYO, CHIDO), {0})
    assert len(stage.of(CHAT, GameResults)) == 3 and all(r.closed_early for r in stage.of(CHAT, GameResults))
    podium = stage.of(CHAT, GamePodium)[0]
    assert [line.split(" · ")[1] for line in podium.lines] == ["3 of 3 right (100%)", "3 of 3 right (100%)",
                                                               "1 of 1 right (100%)"]


async def test_a_leaver_back_in_the_chat_is_judged_without_the_questions_asked_while_away(
        engine: QuizEngine, clock: FixedClock) -> None:
    # Chido first: once the others answered, a question waits for nobody. Away for the second question only:
    # back by voting on the third.
    stage = await _three_questions_chido_leaving_after_the_first(engine, clock, (CHIDO, ADA, BAYO), {0, 2})
    podium = stage.of(CHAT, GamePodium)[0]
    assert [line.split(" · ")[1] for line in podium.lines] == ["3 of 3 right (100%)", "3 of 3 right (100%)",
                                                               "2 of 2 right (100%)"]  # not "2 of 3"


async def test_a_member_who_never_played_leaving_changes_nothing(engine: QuizEngine) -> None:
    stage = RecordingStage()
    await engine.games.left(Actor("telegram", "9", CHAT), stage)  # no game here yet
    await begun_with_three(engine, stage)
    await engine.games.left(Actor("telegram", "9", CHAT), stage)
    for player in (ADA, BAYO):
        assert (await vote(engine, stage, player, right=True)).counted
    assert not stage.of(CHAT, GameResults)  # Chido is still there, and may still answer


async def test_a_member_back_in_the_chat_who_joins_again_is_waited_for_and_listed(engine: QuizEngine) -> None:
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)
    await engine.games.left(CHIDO, stage)  # left the group from the lobby, then came back and pressed Join
    assert not (await engine.games.join(CHIDO, "Chido", game_id, stage)).is_error
    await engine.games.begin(ADA, game_id, False, stage)
    assert "Chido" in stage.of(CHAT, GameBegins)[0].text
    for player in (ADA, BAYO):
        assert (await vote(engine, stage, player, right=True)).counted
    assert not stage.of(CHAT, GameResults)  # Chido is playing again: the question waits for them


async def test_the_count_a_joiner_hears_leaves_out_who_left_the_chat(engine: QuizEngine) -> None:
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)
    await engine.games.left(CHIDO, stage)  # gone from the group while the lobby was open
    joined = await engine.games.join(Actor("telegram", "dede", CHAT), "Dede", game_id, stage)
    assert joined.text == "You're in! 3 players so far."  # Ada, Bayo and Dede: not 4


async def test_a_leaver_closing_a_question_its_closed_chat_refuses_tells_the_starter_privately(
        engine: QuizEngine) -> None:
    """Chido, the last one awaited, leaves a chat that takes nothing any more (a forum topic closed): the results and
    the podium saying why are refused, and nobody acted who could hear it. Ada, who started the game, is told
    privately, once; nobody else is."""
    stage = RecordingStage()
    await begun_with_three(engine, stage)
    for player in (ADA, BAYO):
        assert (await vote(engine, stage, player, right=True)).counted
    stage.closed_to_bot = True
    await engine.games.left(CHIDO, stage)
    assert not stage.of(CHAT, GameResults) and not stage.of(CHAT, GamePodium)
    assert [(user, [notice.code for notice in notices]) for user, notices in stage.told.items()] == [
        (ADA.user_id, [NoticeCode.CHAT_UNHEARD])]
    assert stage.told[ADA.user_id][0].text.startswith(  # which game: Ada may run several, in other chats
        "Game stopped: Collectives\nI can't post the game's messages in this topic")


async def test_a_game_whose_every_player_left_from_the_lobby_begins_saying_nobody_has_joined(
        engine: QuizEngine, clock: FixedClock) -> None:
    """Was "Game on! 0 players: " (a count of none, and a colon before nothing)."""
    stage = RecordingStage()
    await opened_by_ada(engine, stage)
    await engine.games.left(ADA, stage)  # the starter, alone in the lobby, left the group
    clock.advance(timedelta(seconds=LOBBY_SECONDS))
    await engine.games.sweep("telegram", stage)
    assert [begun.text for begun in stage.of(CHAT, GameBegins)] == [
        "Game on! Nobody has joined yet: answer a question to play."]
    assert stage.of(CHAT, GameQuestion)  # anyone may still join by answering it


async def test_a_game_nobody_played_after_every_player_left_from_the_lobby_says_so_at_its_end(
        engine: QuizEngine, clock: FixedClock) -> None:
    """Every player left the group from the lobby and nobody answered since: the podium was its heading alone
    ("Final results: Collectives", then nothing), as if its lines had been lost."""
    stage = RecordingStage()
    await opened_by_ada(engine, stage)
    await engine.games.left(ADA, stage)
    clock.advance(timedelta(seconds=LOBBY_SECONDS))
    await engine.games.sweep("telegram", stage)
    while not stage.of(CHAT, GamePodium):  # each question runs out unanswered, then its results are read
        clock.advance(timedelta(seconds=RESULTS_SECONDS + 40))
        await engine.games.sweep("telegram", stage)
    podium = stage.of(CHAT, GamePodium)[0]
    assert podium.heading == "Final results: Collectives"
    assert podium.lines or podium.note == "Nobody played.", podium
