"""A quiz reference that names several quizzes (a word in more than one title, id or tag) is answered with them to
choose from, in the learner's language, wherever a quiz is named: /quiz, /preview, /game. An exact id, or a
reference that names one quiz, still takes it at once."""

from __future__ import annotations

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.games.replies import GameLobby
from bot.i18n import UiTexts
from bot.replies import Actor, Notice, NoticeCode, Preview, Started, WhichQuiz
from content import default_content_dir
from tests.core.games_play import ADA, CHAT, SCOPE
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.game_stage import RecordingStage
from tests.fakes.storage import FakeDatabase

ALICE = Actor("telegram", "alice")
JUMA = Actor("discord", "juma", language_hint="sw-KE")
BOTH = ["collectives", "long-options"]  # "o" is in both ids


async def test_a_reference_naming_two_quizzes_asks_which_one_and_starts_neither(engine: QuizEngine) -> None:
    reply = await engine.start(ALICE, "o")
    assert isinstance(reply, WhichQuiz) and reply.code is NoticeCode.WHICH_QUIZ
    assert reply.text == "Several quizzes match “o”. Which one do you mean?"
    assert [entry.quiz_id for entry in reply.choices.entries] == BOTH
    assert reply.choices.heading == reply.text
    assert reply.choices.entries[0].level == "Medium · 3 questions"  # as /quizzes lists it
    resumed = await engine.start(ALICE)  # nothing was started by guessing
    assert isinstance(resumed, Notice) and resumed.code is NoticeCode.NO_ACTIVE_SESSION


async def test_the_question_and_the_choices_are_in_the_learners_language(library: ContentLibrary,
                                                                         fake_db: FakeDatabase) -> None:
    engine = build_engine(library, fake_db, FixedClock(), texts=UiTexts.load(default_content_dir() / "locales"))
    reply = await engine.start(JUMA, "O")
    assert isinstance(reply, WhichQuiz)
    assert reply.text == "Chemsha bongo kadhaa zinalingana na “O”. Unamaanisha ipi?" and reply.language == "sw"
    assert [entry.title for entry in reply.choices.entries] == ["Mawasiliano ya pamoja", "Chaguo ndefu"]


async def test_an_exact_id_or_a_reference_naming_one_quiz_starts_it(engine: QuizEngine) -> None:
    by_part = await engine.start(ALICE, "lecti")
    assert isinstance(by_part, Started) and by_part.question.quiz_id == "collectives"
    by_id = await engine.start(Actor("telegram", "bob"), "long-options")
    assert isinstance(by_id, Started) and by_id.question.quiz_id == "long-options"


async def test_a_preview_asks_which_one_too(engine: QuizEngine) -> None:
    reply = await engine.preview(ALICE, "l")
    assert isinstance(reply, WhichQuiz) and [entry.quiz_id for entry in reply.choices.entries] == BOTH
    assert isinstance(await engine.preview(ALICE, "chaguo"), Preview)


async def test_a_game_asks_which_one_and_opens_no_lobby(engine: QuizEngine) -> None:
    stage = RecordingStage()
    for reply in (await engine.games.open(ADA, "Ada", SCOPE, "o", 20, stage),
                  await engine.games.open_typed(ADA, "Ada", SCOPE, "o 20", stage),
                  await engine.games.open_typed(ADA, "Ada", SCOPE, "o abc", stage)):  # "abc": no quiz, nor seconds
        assert isinstance(reply, WhichQuiz) and [entry.quiz_id for entry in reply.choices.entries] == BOTH
    assert not stage.shown[CHAT]
    assert await engine.games.open_typed(ADA, "Ada", SCOPE, "long 20", stage) is None
    assert stage.of(CHAT, GameLobby)[0].title == "Group game: Long options"


async def test_a_buttons_quiz_id_is_taken_exactly(engine: QuizEngine) -> None:
    """A button carries an id: one a reload removed names no quiz, not another whose id it is part of."""
    gone = await engine.start_by_id(ALICE, "long")
    assert isinstance(gone, Notice) and gone.code is NoticeCode.QUIZ_NOT_FOUND
    assert gone.text == ("There is no quiz called “long”. Send /quizzes to choose a quiz, or /help to see "
                         "everything I can do.")
    started = await engine.start_by_id(ALICE, "long-options")
    assert isinstance(started, Started) and started.question.quiz_id == "long-options"
