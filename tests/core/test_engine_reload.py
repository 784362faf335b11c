"""Reloading content while people play: removed questions are skipped, broken content is refused."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from bot.content.library import ContentLibrary
from bot.engine import QuizEngine
from bot.i18n import UiTexts
from bot.replies import Actor, AnswerOutcome, Notice, NoticeCode, QuestionView, Started, Summary
from bot.sessions import new_session
from content import default_content_dir
from tests.core.play import answer, next_question, start
from tests.core.wiring import ADMIN_ID, build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase
from tests.support.content import remove_option, remove_question

ALICE = Actor("telegram", "alice", language_hint="fr")
ADMIN = Actor("telegram", ADMIN_ID)
REMOVED_NOTICE = "A question was removed from this quiz since you started, so it was skipped."


async def test_a_reload_that_removes_the_current_question_skips_it_with_a_notice(
        engine: QuizEngine, content_dir: Path) -> None:
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=True))
    remove_question(content_dir, second.question_id)
    report = await engine.reload(ADMIN)
    assert report.ok, report
    assert "removed: 1" in report.summary
    resumed = await engine.start(ALICE)
    assert isinstance(resumed, Started)
    third = resumed.question
    assert third.question_id == "english-only"
    assert REMOVED_NOTICE in third.notices
    assert third.label == "Question 3 of 3"
    summary = (await answer(engine, ALICE, third, right=True)).next
    assert isinstance(summary, Summary)
    assert [(line.question_id, line.outcome) for line in summary.lines] == [
        ("sum-everywhere", "correct"), ("shards-to-full", "skipped"), ("english-only", "correct")]
    assert summary.lines[1].prompt == "(a question removed since)"  # not its id
    assert summary.score == "You scored 2 out of 3 questions."  # as "Question 3 of 3" and /progress count
    # Its retry offer counts what a retry would ask: the removed question can't be asked again.
    assert summary.missed == 0 and summary.retry_offer is None


async def test_a_summary_keeps_quiet_about_an_open_quiz_a_reload_removed(engine: QuizEngine,
                                                                            content_dir: Path) -> None:
    """Starting it again would only close it: "long-options is still in progress" would send the learner nowhere."""
    await start(engine, ALICE, "long-options")
    (content_dir / "quizzes" / "long-options.yaml").unlink()
    assert (await engine.reload(ADMIN)).ok
    question: QuestionView | Summary = await start(engine, ALICE)
    while isinstance(question, QuestionView):
        question = (await answer(engine, ALICE, question, right=True)).next
    assert question.still_open is None


async def test_questions_removed_in_a_row_are_told_in_one_notice(engine: QuizEngine, content_dir: Path) -> None:
    first = await start(engine, ALICE)
    for question_id in ("sum-everywhere", "shards-to-full"):  # the first two of three
        remove_question(content_dir, question_id)
    assert (await engine.reload(ADMIN)).ok
    outcome = await engine.answer(ALICE, first.session_id, first.question_id, first.correct_index)
    assert isinstance(outcome, AnswerOutcome)
    third = next_question(outcome)
    assert third.question_id == "english-only"
    removed = [notice for notice in third.notices if "removed" in notice]
    assert removed == ["2 questions were removed from this quiz since you started, so they were skipped."]


async def test_answering_a_question_removed_by_a_reload_moves_on_with_a_notice(
        engine: QuizEngine, content_dir: Path) -> None:
    second = next_question(await answer(engine, ALICE, await start(engine, ALICE), right=True))
    remove_question(content_dir, second.question_id)
    assert (await engine.reload(ADMIN)).ok
    outcome = await engine.answer(ALICE, second.session_id, second.question_id, 0)
    assert isinstance(outcome, AnswerOutcome)
    assert outcome.feedback is None  # nothing to score
    third = next_question(outcome)
    assert REMOVED_NOTICE in third.notices
    scored = await engine.answer(ALICE, third.session_id, third.question_id, third.correct_index)
    assert isinstance(scored, AnswerOutcome) and scored.feedback is not None  # the move on was saved


async def test_a_failed_reload_keeps_the_previous_catalog_and_lists_every_problem(
        engine: QuizEngine, library: ContentLibrary, content_dir: Path) -> None:
    before = library.catalog
    quizzes = content_dir / "quizzes"
    (quizzes / "broken.yaml").write_text("id: broken\ntitle: [unclosed\n", encoding="utf-8")
    text = (quizzes / "collectives.yaml").read_text(encoding="utf-8")
    (quizzes / "collectives.yaml").write_text(text.replace("answer: nvlink", "answer: infiniband"), encoding="utf-8")
    report = await engine.reload(ADMIN)
    assert not report.ok
    assert report.summary == "The new content has 2 problems, so I kept serving the previous content:"
    assert len(report.problems) == 2
    assert any(problem.startswith("broken.yaml: invalid YAML, line ") for problem in report.problems)
    assert any(problem.startswith("collectives.yaml, question 'english-only': the answer 'infiniband'")
               for problem in report.problems)
    assert library.catalog is before
    assert [entry.quiz_id for entry in (await engine.list_quizzes(ALICE)).entries] == ["collectives",
                                                                                        "long-options"]
    assert (await start(engine, ALICE)).total == 3  # still playable


async def test_a_successful_reload_reports_what_changed(engine: QuizEngine, content_dir: Path) -> None:
    assert (await engine.reload(ADMIN)).summary.endswith("Nothing changed since the last load.")
    (content_dir / "quizzes" / "long-options.yaml").unlink()
    report = await engine.reload(ADMIN)
    assert report.ok
    assert "Content reloaded: 1 quiz, 3 questions." in report.summary
    assert "Removed quizzes: long-options." in report.summary
    assert [entry.quiz_id for entry in (await engine.list_quizzes(ALICE)).entries] == ["collectives"]


async def test_a_reload_reports_a_changed_title_order_or_concept_name_though_no_question_changed(
        engine: QuizEngine, content_dir: Path) -> None:
    quiz_file = content_dir / "quizzes" / "collectives.yaml"
    quiz = yaml.safe_load(quiz_file.read_text(encoding="utf-8"))
    quiz["title"]["en"] = "Collectives, revised"
    quiz_file.write_text(yaml.safe_dump(quiz, allow_unicode=True), encoding="utf-8")
    report = await engine.reload(ADMIN)
    assert report.summary.endswith("Quiz details changed: collectives.")  # not "Nothing changed"
    assert "Questions added" not in report.summary  # none was: no line of zeros

    quiz["questions"].reverse()  # the same questions, asked in another order
    quiz_file.write_text(yaml.safe_dump(quiz, allow_unicode=True), encoding="utf-8")
    assert (await engine.reload(ADMIN)).summary.endswith("Quiz details changed: collectives.")

    (content_dir / "concepts.yaml").write_text("nccl: {en: NCCL, fr: NCCL}\n", encoding="utf-8")
    assert (await engine.reload(ADMIN)).summary.endswith("Concept names changed.")
    assert (await engine.reload(ADMIN)).summary.endswith("Nothing changed since the last load.")

    remove_question(content_dir, quiz["questions"][0]["id"])  # counted as removed, not as a new order
    removed = (await engine.reload(ADMIN)).summary
    assert removed.endswith("Questions added: 0, removed: 1, changed: 0.")


async def test_only_an_admin_may_reload(engine: QuizEngine, library: ContentLibrary, content_dir: Path) -> None:
    before = library.catalog
    (content_dir / "quizzes" / "long-options.yaml").unlink()
    report = await engine.reload(ALICE)
    assert not report.ok
    assert report.problems == ()
    assert library.catalog is before
    assert len((await engine.list_quizzes(ALICE)).entries) == 2
    assert not engine.is_admin(ALICE)
    assert engine.is_admin(ADMIN)
    assert engine.is_admin(Actor("terminal", "whoever-runs-the-process"))


async def test_a_refused_reload_is_explained_in_the_learners_language(library: ContentLibrary,
                                                                       fake_db: FakeDatabase) -> None:
    texts = UiTexts.load(default_content_dir() / "locales")
    engine = build_engine(library, fake_db, FixedClock(), texts=texts)
    refusal = "Sorry, only the bot's admins can reload the content."
    french = texts.for_language("fr")(refusal)
    assert french != refusal
    assert (await engine.reload(Actor("telegram", "amelie", language_hint="fr-CA"))).summary == french
    assert (await engine.reload(Actor("telegram", "alice"))).summary == refusal


async def test_a_reload_that_removes_the_quiz_in_progress_closes_the_session(engine: QuizEngine,
                                                                              content_dir: Path) -> None:
    question = await start(engine, ALICE)
    (content_dir / "quizzes" / "collectives.yaml").unlink()
    assert (await engine.reload(ADMIN)).ok
    closed = await engine.answer(ALICE, question.session_id, question.question_id, question.correct_index)
    assert isinstance(closed, Notice) and closed.code is NoticeCode.QUIZ_NOT_FOUND
    assert closed.text == "This quiz has been removed, so your session was closed."
    nothing = await engine.start(ALICE)
    assert isinstance(nothing, Notice) and nothing.code is NoticeCode.NO_ACTIVE_SESSION


async def test_a_reload_that_adds_an_option_keeps_the_stored_order_and_shows_the_new_one_last(
        engine: QuizEngine, content_dir: Path) -> None:
    question = await start(engine, ALICE)
    path = content_dir / "quizzes" / "collectives.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    quiz["questions"][0]["options"].append({"id": "gather", "text": {language: "Gather" for language in
                                                                      ("en", "fr", "sw", "yo", "sn")}})
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert (await engine.reload(ADMIN)).ok
    resumed = await start(engine, ALICE)
    assert resumed.options == (*question.options, "Gather")
    assert resumed.correct_index == question.correct_index


async def test_an_answer_is_judged_against_the_options_shown_not_those_a_reload_left(
        library: ContentLibrary, fake_db: FakeDatabase, clock: FixedClock, content_dir: Path) -> None:
    # A seed whose shuffle puts Scatter before Broadcast before All-reduce: once Scatter is gone, the place
    # where the learner saw Broadcast (wrong) holds All-reduce (right).
    engine = build_engine(library, fake_db, clock, seed=next(
        seed for seed in range(100) if _shuffle(library, seed) == ("Scatter", "Broadcast", "All-reduce")))
    shown = await start(engine, ADMIN)
    remove_option(content_dir, "sum-everywhere", "scatter")
    assert (await engine.reload(ADMIN)).ok
    outcome = await engine.answer(ADMIN, shown.session_id, shown.question_id, shown.options.index("Broadcast"))
    assert isinstance(outcome, AnswerOutcome) and outcome.feedback is None  # not "Correct!" for Broadcast
    assert outcome.notice == "This question changed since I showed it to you, so here it is again."
    again = next_question(outcome)
    assert again.question_id == "sum-everywhere" and sorted(again.options) == ["All-reduce", "Broadcast"]
    # The old message's Broadcast once more (its buttons name the order they showed): Broadcast's place there is
    # All-reduce's now, so it is refused, not scored "Correct!".
    old = await engine.answer(ADMIN, shown.session_id, shown.question_id, shown.options.index("Broadcast"),
                              order=shown.order_key)
    assert isinstance(old, AnswerOutcome) and old.feedback is None
    assert old.notice == "This question changed since I showed it to you, so here it is again."
    scored = await engine.answer(ADMIN, again.session_id, again.question_id, again.options.index("Broadcast"),
                                 order=again.order_key)
    assert isinstance(scored, AnswerOutcome) and scored.feedback is not None and not scored.feedback.correct


def _shuffle(library: ContentLibrary, seed: int) -> tuple[str, ...]:
    """The order a new session of ``collectives`` shows the first question's options in, for this seed."""
    quiz = library.catalog.get("collectives")
    assert quiz is not None
    session = new_session(quiz, user_id=1, chat_id=None, question_ids=None, rng=random.Random(seed),
                          now=FixedClock().now)
    names = {"all-reduce": "All-reduce", "broadcast": "Broadcast", "scatter": "Scatter"}
    return tuple(names[option] for option in session.option_orders["sum-everywhere"])


async def test_a_reload_that_adds_a_question_keeps_the_rounds_played_before_in_progress(
        engine: QuizEngine, content_dir: Path) -> None:
    outcome = await answer(engine, ALICE, await start(engine, ALICE), right=True)
    while not isinstance(outcome.next, Summary):
        outcome = await answer(engine, ALICE, outcome.next, right=False)
    path = content_dir / "quizzes" / "collectives.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    quiz["questions"].append({**quiz["questions"][0], "id": "sum-everywhere-again"})
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert (await engine.reload(ADMIN)).ok
    # The whole round of three is still the best, and an attempt: not taken for a retry of the four now asked.
    progress = await engine.progress(ALICE)
    assert [(line.quiz_id, line.text) for line in progress.lines] == [("collectives", "best 1/3 · 1 attempt")]
    question: QuestionView | Summary = await start(engine, ALICE)  # a whole round of four: a second attempt
    while isinstance(question, QuestionView):
        question = (await answer(engine, ALICE, question, right=True)).next
    progress = await engine.progress(ALICE)
    assert [(line.quiz_id, line.text) for line in progress.lines] == [("collectives", "best 4/4 · 2 attempts")]


async def test_progress_after_a_reload_removed_the_only_quiz_played_keeps_its_streak_without_no_results(
        engine: QuizEngine, content_dir: Path) -> None:
    outcome = await answer(engine, ALICE, await start(engine, ALICE), right=True)
    while not isinstance(outcome.next, Summary):
        outcome = await answer(engine, ALICE, outcome.next, right=True)
    (content_dir / "quizzes" / "collectives.yaml").unlink()
    assert (await engine.reload(ADMIN)).ok
    progress = await engine.progress(ALICE)
    # "No results yet" beside "Streak: 1 day in a row" contradicted itself.
    assert progress.heading == "Your progress:" and "Streak: 1 day in a row." in progress.notes


async def test_a_failed_reload_lists_the_problems_in_the_admins_language_with_file_and_question(
        library: ContentLibrary, fake_db: FakeDatabase, content_dir: Path) -> None:
    """The problems are said in the admin's language, as the summary above them is, a shape pydantic refused
    too (tests/core/test_content_field_words.py has the others)."""
    engine = build_engine(library, fake_db, FixedClock(), texts=UiTexts.load(default_content_dir() / "locales"))
    admin = Actor("telegram", ADMIN_ID, language_hint="fr")
    before = library.catalog
    quiz_file = content_dir / "quizzes" / "collectives.yaml"
    quiz = yaml.safe_load(quiz_file.read_text(encoding="utf-8"))
    quiz["questions"][0]["answer"] = "infiniband"
    quiz["questions"][1]["hint"] = "no such key"
    quiz["questions"][2]["options"] = "all-gather"
    quiz_file.write_text(yaml.safe_dump(quiz, allow_unicode=True), encoding="utf-8")
    (content_dir / "quizzes" / "broken.yaml").write_text("id: broken\nid: again\n", encoding="utf-8")
    first, second, third = (question["id"] for question in quiz["questions"])
    report = await engine.reload(admin)
    assert not report.ok and report.language == "fr"
    assert report.summary.startswith("Le nouveau contenu a 4 problèmes"), report.summary
    assert sorted(report.problems) == sorted([
        "broken.yaml\u00a0: YAML invalide, ligne 2\u00a0: la clé 'id' est écrite deux fois",
        f"collectives.yaml, question {first!r}\u00a0: la réponse 'infiniband' n’est pas l’une de ses options "
        f"({', '.join(option['id'] for option in quiz['questions'][0]['options'])})",
        f"collectives.yaml, question {second!r}\u00a0: clé inconnue 'hint'",
        f"collectives.yaml, question {third!r}\u00a0: options\u00a0: YAML a lu ceci comme un texte, pas comme une "
        "liste\u00a0: commencez chaque élément par un tiret (-)",
    ]), report.problems
    assert library.catalog is before  # still serving the previous content
    assert (await start(engine, ALICE)).total == 3
