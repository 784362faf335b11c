"""A learner's own timed question of a quiz they start playing in a group game is set aside: its poll may close
by itself when its time is up (Telegram's do, showing the answer) while the game asks that question, and a
closed poll can't take the vote that resumes it. Its clock stops for the game; resuming asks it afresh."""

from __future__ import annotations

from datetime import timedelta

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.games.delivery import Aside
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, QuestionView, Started, Summary
from tests.core.games_play import ADA, CHAT, CHIDO, begun_with_three, last_question, open_with_three, right_index
from tests.core.play import answer, start
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase

LIMIT = timedelta(seconds=30)
SOLO = ("Your own round of Collectives waits until the game is over, so I took its question away for now. Send "
        "/quiz collectives after the game to carry on.")
REVIEW = ("Your review round waits until the game is over, so I took its question away for now. Send /review "
          "after the game to carry on.")
DEMBE = Actor("telegram", "4", CHAT, "en")
WAITS = ("You're playing Collectives in a group game right now and this review question is from it, so your review "
         "waits until the game is over.")


async def chidos_review_and_adas_round_linked(engine: QuizEngine,
                                              clock: FixedClock) -> tuple[Actor, Started, QuestionView]:
    """Chido's review round in private (due three days after a quiz all wrong) and Ada's own round in the group,
    each asked by a linked poll: Chido's private actor, the review as started, and Ada's question."""
    in_private = Actor("telegram", CHIDO.user_id, CHIDO.user_id, "en")
    shown: QuestionView | Summary = await start(engine, in_private)
    while isinstance(shown, QuestionView):
        shown = (await answer(engine, in_private, shown, right=False)).next
    clock.advance(timedelta(days=3))
    review = await engine.review(in_private)
    assert isinstance(review, Started)
    await engine.link_message("telegram", "chido-review", review.question, in_private.chat_id)
    solo = await start(engine, ADA)
    await engine.link_message("telegram", "ada-solo", solo, CHAT)
    return in_private, review, solo


async def test_the_starters_and_a_joiners_timed_polls_of_the_games_quiz_are_set_aside_and_asked_afresh_after(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(library, fake_db, clock, question_limit=LIMIT)
    in_private, review, solo = await chidos_review_and_adas_round_linked(engine, clock)
    clock.advance(timedelta(seconds=20))  # 10 s left on each

    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)  # Ada opens it; Chido joins it
    assert [(aside.link.message_key, aside.link.chat_id, aside.owner, aside.name, aside.text)
            for aside in stage.set_aside] == [("ada-solo", CHAT, ADA, "Ada", SOLO),
                                              ("chido-review", CHIDO.user_id, CHIDO, "Chido", REVIEW)]
    await engine.games.open(ADA, "Ada", CHAT, "collectives", None, stage)  # refused (one is running): no more
    assert len(stage.set_aside) == 2

    await engine.games.begin(ADA, game_id, False, stage)
    clock.advance(timedelta(seconds=5))
    await engine.games.stop(ADA, "Ada", False, stage)
    clock.advance(timedelta(seconds=30))
    assert await engine.expire_overdue("telegram") == []  # their clocks stopped when the game took them
    for actor, asked in ((ADA, solo), (in_private, review.question)):
        back = await engine.start(actor)  # asked again, with the whole time
        assert isinstance(back, Started) and back.question.question_id == asked.question_id, actor
        assert back.question.seconds_left == LIMIT.seconds
        assert back.asked_before is None  # its poll was deleted: nothing left to close


async def test_a_player_who_joins_by_answering_has_theirs_set_aside_too(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(library, fake_db, clock, question_limit=LIMIT)
    solo = await start(engine, DEMBE)
    await engine.link_message("telegram", "dembe-solo", solo, CHAT)
    stage = RecordingStage()
    game_id = await begun_with_three(engine, stage)
    assert stage.set_aside == []

    question = last_question(stage)
    await engine.games.vote(DEMBE, "Dembe", game_id, question.position, right_index(question), stage)
    assert [(aside.link.message_key, aside.owner) for aside in stage.set_aside] == [("dembe-solo", DEMBE)]
    question = last_question(stage)
    await engine.games.vote(DEMBE, "Dembe", game_id, question.position, right_index(question), stage)
    assert len(stage.set_aside) == 1  # once


async def test_a_poll_set_aside_as_it_is_stays_to_close_when_its_round_resumes(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Where setting aside leaves the poll open (a Discord poll, which can't close by itself mid-game), its clock
    stops all the same, and resuming after the game closes it as any poll asked again."""
    engine = build_engine(library, fake_db, clock, question_limit=LIMIT)
    solo = await start(engine, ADA)
    await engine.link_message("telegram", "ada-solo", solo, CHAT)
    stage = RecordingStage()
    stage.asides_become = Aside.KEPT
    game_id = await open_with_three(engine, stage)
    assert [aside.link.message_key for aside in stage.set_aside] == ["ada-solo"]
    await engine.games.begin(ADA, game_id, False, stage)
    await engine.games.stop(ADA, "Ada", False, stage)
    clock.advance(LIMIT)
    assert await engine.expire_overdue("telegram") == []
    back = await engine.start(ADA)
    assert isinstance(back, Started) and back.asked_before is not None
    assert back.asked_before.message_key == "ada-solo"


async def test_a_lost_poll_of_the_games_quiz_is_asked_again_untimed_during_the_game(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """A vote on a poll of the learner's that lost its link asks its question again. While a game holds it, with
    no clock, as a review's next question of the game's quiz comes: a timed poll would close by itself (on
    Telegram, showing its answer) while the game may ask it. Resumed after the game, it has all its time."""
    engine = build_engine(library, fake_db, clock, question_limit=LIMIT)
    in_private = Actor("telegram", ADA.user_id, ADA.user_id, "en")  # not the game's chat: see the test below
    solo = await start(engine, in_private)  # its poll was sent, but never linked (the process stopped in between)
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)
    assert stage.set_aside == []  # nothing known to take away
    clock.advance(timedelta(seconds=10))

    again = await engine.ask_again(in_private)
    assert isinstance(again, AnswerOutcome) and isinstance(again.next, QuestionView)
    assert again.next.question_id == solo.question_id and again.next.seconds_left is None
    await engine.games.begin(ADA, game_id, False, stage)
    clock.advance(LIMIT)
    assert await engine.expire_overdue("telegram") == []
    await engine.games.stop(ADA, "Ada", False, stage)
    back = await engine.start(in_private)
    assert isinstance(back, Started) and back.question.question_id == solo.question_id
    assert back.question.seconds_left == LIMIT.seconds


async def test_a_lost_poll_in_the_chat_of_a_game_of_its_quiz_is_not_asked_again_there(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Nobody's own round of a quiz is asked where a live game plays it: its poll would show the players answers
    to questions the game may ask. Refused as a vote on its poll there is; asked again once the game is over."""
    engine = build_engine(library, fake_db, clock, question_limit=LIMIT)
    solo = await start(engine, DEMBE)  # in the game's chat, before the game; its poll never linked
    stage = RecordingStage()
    await open_with_three(engine, stage)  # Dembe doesn't play
    refused = await engine.ask_again(DEMBE)
    assert isinstance(refused, Notice) and refused.code is NoticeCode.IN_A_GAME and refused.chat_id == CHAT
    assert refused.text.startswith("A group game of Collectives is on in this chat, so this answer to your own round")
    await engine.games.stop(ADA, "Ada", False, stage)
    again = await engine.ask_again(DEMBE)
    assert isinstance(again, AnswerOutcome) and isinstance(again.next, QuestionView)
    assert again.next.question_id == solo.question_id


async def test_a_lost_poll_of_a_review_question_of_the_games_quiz_is_not_asked_again_during_the_game(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """In a review round whose open question is of the game's quiz, the round waits, as /review says: a quiz
    poll asked again would show the game's answer once voted."""
    engine = build_engine(library, fake_db, clock, question_limit=LIMIT)
    in_private = Actor("telegram", CHIDO.user_id, CHIDO.user_id, "en")
    shown: QuestionView | Summary = await start(engine, in_private)
    while isinstance(shown, QuestionView):
        shown = (await answer(engine, in_private, shown, right=False)).next
    clock.advance(timedelta(days=3))
    review = await engine.review(in_private)  # its poll never linked
    assert isinstance(review, Started) and review.question.seconds_left == LIMIT.seconds
    await open_with_three(engine, RecordingStage())  # Chido joins
    assert await engine.ask_again(in_private) == Notice(WAITS, NoticeCode.IN_A_GAME)


async def test_untimed_polls_of_the_games_quiz_are_set_aside_too_and_asked_again_after(
        engine: QuizEngine, clock: FixedClock) -> None:
    """An untimed quiz poll never closes by itself, but a Telegram quiz poll shows its answer to whoever votes on
    it: left open, a player could vote on their own poll of the game's quiz and read the answer to a question the
    game asks. Taken away as a timed one is (once), it is asked again after the game."""
    in_private, review, solo = await chidos_review_and_adas_round_linked(engine, clock)
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)
    assert [(aside.link.message_key, aside.text) for aside in stage.set_aside] == [("ada-solo", SOLO),
                                                                                  ("chido-review", REVIEW)]

    await engine.games.begin(ADA, game_id, False, stage)
    assert len(stage.set_aside) == 2  # taken away once
    await engine.games.stop(ADA, "Ada", False, stage)
    for actor, asked in ((ADA, solo), (in_private, review.question)):
        back = await engine.start(actor)
        assert isinstance(back, Started) and back.question.question_id == asked.question_id, actor
        assert back.asked_before is None  # its poll was deleted: nothing left to close


async def test_a_review_rounds_next_question_of_the_games_quiz_is_passed_over_during_the_game(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Answering a review's question of another quiz during the game would bring the next, of the game's quiz: asked
    at all, its quiz poll would show its answer once voted (on Telegram) while the game asks it. It is passed over,
    due still, and the next round after the game asks it with its full time."""
    engine = build_engine(library, fake_db, clock, question_limit=LIMIT)
    for reference in ("long-options", "collectives"):  # long-options' misses first: the most overdue
        shown: QuestionView | Summary = await start(engine, ADA, reference)
        while isinstance(shown, QuestionView):
            shown = (await answer(engine, ADA, shown, right=False)).next
        clock.advance(timedelta(minutes=1))
    clock.advance(timedelta(days=3))
    review = await engine.review(ADA)
    assert isinstance(review, Started) and review.question.question_id.startswith("long-options/")
    stage = RecordingStage()
    await begun_with_three(engine, stage)

    ended = (await answer(engine, ADA, review.question, right=True)).next
    assert isinstance(ended, Summary) and ended.notices[-1].startswith("3 questions of Collectives were left out")
    await engine.games.stop(ADA, "Ada", False, stage)
    back = await engine.review(ADA)
    assert isinstance(back, Started) and back.question.question_id.startswith("collectives/")
    assert back.question.seconds_left == LIMIT.seconds


async def test_a_poll_that_could_not_be_set_aside_at_the_join_is_set_aside_when_the_game_begins(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """Taking the poll away failed (the chat, the network): its clock runs on until it is taken away, and the game
    tries again as it begins, before its first question, rather than leave it to close by itself mid-game."""
    engine = build_engine(library, fake_db, clock, question_limit=LIMIT)
    solo = await start(engine, ADA)
    await engine.link_message("telegram", "ada-solo", solo, CHAT)
    stage = RecordingStage()
    stage.failing_asides = 1
    game_id = await open_with_three(engine, stage)
    assert stage.set_aside == []

    await engine.games.begin(ADA, game_id, False, stage)
    assert [(aside.link.message_key, aside.owner.user_id) for aside in stage.set_aside] == [
        ("ada-solo", ADA.user_id)]
    clock.advance(LIMIT)
    assert await engine.expire_overdue("telegram") == []  # its clock stopped once it was taken away


async def test_a_poll_linked_only_after_the_join_is_set_aside_when_the_game_begins(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """With several processes, the one that sent the learner's poll may link it a moment after another set the
    learner's polls aside: found then, it was never taken away. The game begins by looking again, once."""
    engine = build_engine(library, fake_db, clock, question_limit=LIMIT)
    solo = await start(engine, ADA)
    stage = RecordingStage()
    game_id = await open_with_three(engine, stage)
    assert stage.set_aside == []
    await engine.link_message("telegram", "ada-solo", solo, CHAT)

    await engine.games.begin(ADA, game_id, False, stage)
    assert [aside.link.message_key for aside in stage.set_aside] == ["ada-solo"]
    question = last_question(stage)
    await engine.games.vote(DEMBE, "Dembe", game_id, question.position, right_index(question), stage)
    assert len(stage.set_aside) == 1  # once
