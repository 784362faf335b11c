"""Commands typed while a review round's question is open: the round is no quiz of the catalog."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from adapters.runtime import utc_now
from tests.terminal.test_player_scripted import play


async def test_preview_in_a_review_round_previews_the_quiz_of_the_question_asked(tmp_path: Path) -> None:
    """It said "There is no quiz called “review”.": the round's own id taken for a quiz the learner named."""
    await play(tmp_path, ["a", "a", "a", "quit"])  # some wrong: they come due for review
    later = lambda: utc_now() + timedelta(days=30)  # noqa: E731 - a clock is a callable
    transcript = await play(tmp_path, ["review", "preview", "quit"], quiz=None, clock=later)
    after = transcript.split("Review: 3 questions are due")[1]
    assert "“review”" not in after
    previewed = after.split("3 questions. Answers and explanations appear as you play.")[1]
    assert "1. Which collective leaves the sum of all gradients on every rank?" in previewed
    assert "Question 1 of 3" in previewed  # then the round's question again, as after any preview
