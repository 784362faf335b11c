"""A review round mixes questions from any quiz: while the learner plays one of them in a live group game, its
questions wait, as a round of that quiz alone does, else the review's feedback would give the game's answers away
(and in a group, to the whole chat) while the game asks them."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.content.library import ContentLibrary
from bot.due_cards import due_cards
from bot.engine import QuizEngine
from bot.records import CardRecord, HeldLink, MessageLink
from bot.replies import AnswerOutcome, NothingDue, Notice, NoticeCode, QuestionView, Started, Stopped, Summary
from tests.core.games_play import ADA, BAYO, CHAT, SCOPE, begun_with_three, open_with_three
from tests.core.play import answer, next_question, start
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase

DAYS = timedelta(days=3)
WAITS = ("You're playing Collectives in a group game right now and this review question is from it, so your review "
         "waits until the game is over.")
SEED_CONTENT = Path(__file__).resolve().parents[2] / "content"  # the seed quizzes: 8 or 9 questions each
HELD = ("You're playing Collectives in a group game right now, so its questions due for review wait until the game "
        "is over.")


async def _all_wrong(engine: QuizEngine, reference: str) -> None:
    """The quiz played once with every answer wrong: each question comes back for review a day later."""
    shown: QuestionView | Summary = await start(engine, ADA, reference)
    while isinstance(shown, QuestionView):
        shown = (await answer(engine, ADA, shown, right=False)).next


async def _round(engine: QuizEngine) -> list[str]:
    """A /review round answered through; the quizzes its questions came from, in order."""
    started = await engine.review(ADA)
    assert isinstance(started, Started), started
    question, quizzes = started.question, []
    while True:
        quizzes.append(question.question_id.split("/")[0])
        outcome = await answer(engine, ADA, question, right=True)
        if not isinstance(outcome.next, QuestionView):
            return quizzes
        question = outcome.next


async def test_a_review_started_during_the_game_leaves_the_games_quiz_for_after_it(
        engine: QuizEngine, clock: FixedClock) -> None:
    await _all_wrong(engine, "collectives")
    await _all_wrong(engine, "long-options")
    clock.advance(DAYS)
    stage = RecordingStage()
    await open_with_three(engine, stage)

    assert set(await _round(engine)) == {"long-options"}  # Collectives' questions stay due
    assert await engine.review(ADA) == Notice(HELD, NoticeCode.IN_A_GAME)  # nothing else is due
    await engine.games.stop(ADA, "Ada", False, stage)
    assert await _round(engine) == ["collectives"] * 3  # after the game, all of them


async def test_a_review_begun_before_the_game_waits_at_a_question_of_its_quiz_until_the_game_is_over(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    engine = build_engine(library, fake_db, clock, question_limit=timedelta(seconds=30))
    await _all_wrong(engine, "collectives")
    clock.advance(DAYS)
    started = await engine.review(ADA)
    assert isinstance(started, Started)
    question = started.question
    await engine.link_message("telegram", "review-poll", question, CHAT)
    stage = RecordingStage()
    await begun_with_three(engine, stage)

    voted = await engine.answer_message(ADA, "review-poll", question.correct_index)
    assert voted == Notice(WAITS, NoticeCode.IN_A_GAME)  # no feedback: it would say the game's answer
    assert await engine.skip(ADA) == Notice(WAITS, NoticeCode.IN_A_GAME)  # closing its poll would show it too
    assert await engine.review(ADA) == Notice(WAITS, NoticeCode.IN_A_GAME)
    assert await engine.start(ADA) == Notice(WAITS, NoticeCode.IN_A_GAME)  # /quiz alone resumes the latest round
    clock.advance(timedelta(seconds=31))
    assert await engine.expire_overdue("telegram") == []  # no time-out: its clock stops for the game

    await engine.games.stop(ADA, "Ada", False, stage)
    counted = await engine.answer_message(ADA, "review-poll", question.correct_index)
    assert isinstance(counted, AnswerOutcome) and counted.feedback is not None and counted.feedback.correct
    assert next_question(counted).question_id.startswith("collectives/")


async def test_cards_left_out_make_room_for_the_next_due_ones_however_many_come_first(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock) -> None:
    """The three cards of the game's quiz are the most overdue: a round of one still finds the other quiz's."""
    async with fake_db.unit_of_work() as work:
        for place, (quiz_id, question_id) in enumerate([("collectives", "sum-everywhere"),
                                                        ("collectives", "shards-to-full"),
                                                        ("collectives", "english-only"),
                                                        ("long-options", "memory-per-rank")]):
            quiz = library.catalog.get(quiz_id)
            question = quiz.question(question_id) if quiz else None
            assert question is not None
            await work.cards.add(CardRecord(7, quiz_id, question_id, question.content_hash, 2, None, 1.0, 5.0,
                                            clock.now - timedelta(days=10 - place), None))
        await work.commit()
    async with fake_db.unit_of_work() as work:
        found = await due_cards(work, library.catalog, 7, clock.now, 1, leave_out=frozenset({"collectives"}))
        everything = await due_cards(work, library.catalog, 7, clock.now, 10, leave_out=frozenset())
    assert [(card.quiz_id, card.question_id) for card in found] == [("long-options", "memory-per-rank")]
    assert len(everything) == 4  # nothing parked or lost on the way


async def test_the_learner_is_told_in_their_language(
        library: ContentLibrary, engine: QuizEngine, clock: FixedClock) -> None:
    shown: QuestionView | Summary = await start(engine, BAYO)
    while isinstance(shown, QuestionView):
        shown = (await answer(engine, BAYO, shown, right=False)).next
    clock.advance(DAYS)
    started = await engine.review(BAYO)
    assert isinstance(started, Started)
    await open_with_three(engine, RecordingStage())  # Bayo joins it
    _ = engine.localizer_for("yo")
    quiz = library.catalog.get("collectives")
    assert quiz is not None
    waits = _("You're playing {title} in a group game right now and this review question is from it, so your "
              "review waits until the game is over.", title=quiz.title["yo"])
    refused = await engine.answer(BAYO, started.question.session_id, started.question.question_id, 0)
    assert refused == Notice(waits, NoticeCode.IN_A_GAME, "yo")


async def test_stopping_or_leaving_a_round_held_by_the_game_takes_its_poll_away_as_held(
        engine: QuizEngine, clock: FixedClock) -> None:
    """A closed quiz poll shows its answer to whoever sees it: /stop, or a /review that leaves a solo round of the
    game's quiz, would show one the game may be asking. Left open, it would take votes that count for nothing (its
    session moved on). So it is handed over as held (HeldLink), for the adapter to take away, not close."""
    await _all_wrong(engine, "long-options")
    clock.advance(DAYS)
    solo = await start(engine, ADA, "collectives")
    await engine.link_message("telegram", "solo-poll", solo, CHAT)
    stage = RecordingStage()
    stage.failing_asides = 2  # taking it away failed as she opened the game and as it began: it is still there
    await begun_with_three(engine, stage)

    reviewed = await engine.review(ADA)  # takes over from the solo round
    assert isinstance(reviewed, Started)
    assert [(type(link), link.message_key) for link in reviewed.left_behind] == [(HeldLink, "solo-poll")]
    await engine.link_message("telegram", "review-poll", reviewed.question, CHAT)
    closed: list[MessageLink] = []

    async def close(link: MessageLink) -> None:
        closed.append(link)

    assert isinstance(await engine.stop(ADA, close), Notice)  # the review: not held (long-options), closed
    stopped = await engine.stop(ADA, close)  # the solo round of Collectives: held
    assert isinstance(stopped, Stopped) and stopped.text.startswith("Quiz stopped: Collectives.")
    assert [(type(link), link.message_key) for link in closed] == [(MessageLink, "review-poll"),
                                                                  (HeldLink, "solo-poll")]


async def test_the_rounds_intro_counts_only_the_questions_that_can_come_now(fake_db: FakeDatabase,
                                                                           clock: FixedClock) -> None:
    """"N questions are due ... the rest come in your next round": not the game's quiz's, which wait for it."""
    engine = build_engine(ContentLibrary.load(SEED_CONTENT), fake_db, clock)
    for quiz_id in ("fsdp", "data-parallelism", "zero-sharded-optimizers"):
        await _all_wrong(engine, quiz_id)
    clock.advance(DAYS)
    assert await engine.games.open(ADA, "Ada", SCOPE, "fsdp", None, RecordingStage()) is None
    started = await engine.review(ADA)
    assert isinstance(started, Started)
    assert started.intro == ("Review: 17 questions are due. Here are the 10 most overdue, mixed from your quizzes; "
                             "the rest come in your next round.")  # 8 + 9, not fsdp's 9 too


async def test_nothing_due_while_a_game_holds_the_open_quiz_still_suggests_another(
        engine: QuizEngine, clock: FixedClock) -> None:
    """The open question waits for the game (answering it is refused meanwhile), so it is no next step: /review
    with nothing due suggests a quiz not played yet, as with no quiz under way (before, nothing since 662ff68a)."""
    assert isinstance(await start(engine, ADA, "collectives"), QuestionView)
    await open_with_three(engine, RecordingStage())

    reply = await engine.review(ADA)
    assert isinstance(reply, NothingDue) and reply.code is NoticeCode.NOTHING_DUE, reply
    # By its title; each surface offers it by its id as it starts a quiz (a button, a command)
    assert reply.text.endswith("Meanwhile, try a quiz you haven't played yet: Long options."), reply.text
    assert reply.fresh is not None and reply.fresh.quiz_id == "long-options", reply
