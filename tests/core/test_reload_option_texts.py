"""A reload that changes what an open question's options say (texts swapped between options, the answer's id kept):
the learner chose a text, so their answer on what they were shown is asked again, as for options added or removed.
A translation fixed changes nothing they were shown in English, nor what they answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.engine import QuizEngine
from bot.replies import Actor, AnswerOutcome
from tests.core.play import next_question, start
from tests.core.wiring import ADMIN_ID
from tests.support.content import edit_question, swap_option_texts

ADMIN = Actor("telegram", ADMIN_ID)
CHANGED = "This question changed since I showed it to you, so here it is again."


async def test_an_answer_on_options_whose_texts_a_reload_swapped_is_asked_again_not_scored(
        engine: QuizEngine, content_dir: Path) -> None:
    """Before, the place where the learner saw All-reduce (right) was read as the option all-reduce, which now says
    Broadcast: "Correct!", and their card reviewed as if they had picked Broadcast on the question served now."""
    shown = await start(engine, ADMIN)
    assert shown.question_id == "sum-everywhere" and shown.options[shown.correct_index] == "All-reduce"
    swap_option_texts(content_dir, "sum-everywhere", "all-reduce", "broadcast")
    assert (await engine.reload(ADMIN)).ok
    for order in (None, shown.order_key):  # a poll's vote, then a click on the old message's buttons
        outcome = await engine.answer(ADMIN, shown.session_id, shown.question_id, shown.correct_index, order=order)
        assert isinstance(outcome, AnswerOutcome) and outcome.feedback is None, outcome
        assert outcome.notice == CHANGED
        again = next_question(outcome)
        assert again.question_id == "sum-everywhere" and again.options[again.correct_index] == "Broadcast"
    scored = await engine.answer(ADMIN, again.session_id, again.question_id, again.options.index("All-reduce"),
                                 order=again.order_key)
    assert isinstance(scored, AnswerOutcome) and scored.feedback is not None and not scored.feedback.correct


async def test_an_answer_after_a_reload_that_fixed_only_a_translation_is_scored(engine: QuizEngine,
                                                                                content_dir: Path) -> None:
    shown = await start(engine, ADMIN)

    def french(question: dict[str, Any]) -> None:
        question["options"][0]["text"]["fr"] = "Diffusion"
    edit_question(content_dir, "sum-everywhere", french)
    assert (await engine.reload(ADMIN)).ok
    scored = await engine.answer(ADMIN, shown.session_id, shown.question_id, shown.correct_index,
                                 order=shown.order_key)
    assert isinstance(scored, AnswerOutcome) and scored.feedback is not None and scored.feedback.correct
