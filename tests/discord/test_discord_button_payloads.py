"""A button's custom id holds all it needs (so it survives a restart) within Discord's 100 characters, for any
quiz the content allows: it has no upper bound on questions, so question 1,001 has buttons too."""

from __future__ import annotations

from adapters.discord import buttons, game_buttons
from bot.replies import QuestionView
from tests.discord.discord_limits import CUSTOM_ID_LIMIT

SESSION = "ab" * 16
GAME = "cd" * 16


def test_the_answer_buttons_of_a_quizs_thousand_and_first_question_name_its_place() -> None:
    view = QuestionView(SESSION, "bank", "q1001", 1001, 1001, "Question 1001 of 1001", "Question number 1001?",
                        ("Yes", "No"), 0, "Because.", "en", order_key="0123abcd")
    ids = [item.custom_id for item in buttons.answer_view(view).children]  # type: ignore[attr-defined]
    assert ids == [f"qt:a:{SESSION}:#1000:0:0123abcd", f"qt:a:{SESSION}:#1000:1:0123abcd"]  # and the order shown
    match = buttons.CUSTOM_ID.fullmatch(ids[1])
    assert match is not None and match["question"] == "#1000" and match["order"] == "0123abcd"
    assert all(len(i) <= CUSTOM_ID_LIMIT for i in ids)
    longest = buttons.answer_custom_id("f" * 40, "#99999", 24, "0123abcd")
    assert buttons.CUSTOM_ID.fullmatch(longest) and len(longest) <= CUSTOM_ID_LIMIT
    before = buttons.CUSTOM_ID.fullmatch(f"qt:a:{SESSION}:#0:1")  # sent before the order was added: still works
    assert before is not None and before["order"] is None


def test_a_games_buttons_at_its_thousand_and_first_question_name_its_place() -> None:
    view = game_buttons.answer_view(GAME, 1000, ["A", "B"])
    ids = [item.custom_id for item in view.children]  # type: ignore[attr-defined]
    match = game_buttons.GAME_ID.fullmatch(ids[0])
    assert match is not None and match["place"] == "1000" and all(len(i) <= CUSTOM_ID_LIMIT for i in ids)
