"""The length limits validation holds a question's texts to, counted as the platforms count what the bot sends."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from bot.content.loader import load_quizzes
from tests.core.content_files import a_quiz, only_problem, write

DETAILS_LIMIT = 1000  # characters a language's details may have: a follow-up message's worth


def test_details_over_the_limit_are_refused_with_their_file_question_and_language(tmp_path: Path) -> None:
    """Details had no limit: a chapter pasted into them went out after every answer as message after message."""
    quiz = a_quiz()
    quiz["questions"][0]["details"] = {"en": "x" * DETAILS_LIMIT, "fr": "y" * DETAILS_LIMIT}  # at the limit: fine
    quiz["questions"][1]["details"] = {"en": "Short.", "fr": "z" * (DETAILS_LIMIT + 1)}
    write(tmp_path, "long.yaml", quiz)
    problem = only_problem(tmp_path)
    assert (problem.file, problem.question_id) == ("long.yaml", "q2")
    assert problem.message == (f"the fr details have {DETAILS_LIMIT + 1:,} characters; the limit is {DETAILS_LIMIT:,} "
                               "(put the rest on a page and link it as the 'reference')")


def test_details_at_the_limit_load(tmp_path: Path) -> None:
    quiz = a_quiz()
    quiz["questions"][1]["details"] = {"en": "x" * DETAILS_LIMIT, "fr": "y" * DETAILS_LIMIT}
    write(tmp_path, "limit.yaml", quiz)
    assert load_quizzes(tmp_path)[0].questions[1].details == {"en": "x" * DETAILS_LIMIT, "fr": "y" * DETAILS_LIMIT}


# Yoruba typed with combining marks, as some keyboards send it: "ọ̀" as o + U+0323 + U+0300, three code points where
# its composed form (NFC), U+1ECD + U+0300, has two. The platforms count the code points of the text as sent.
DECOMPOSED = "o\u0323\u0300"
COMPOSED = unicodedata.normalize("NFC", DECOMPOSED)


def test_a_yoruba_explanation_typed_decomposed_is_counted_composed_as_it_is_sent(tmp_path: Path) -> None:
    """Typed decomposed, 200 characters once composed were "300 characters; the limit is 200": refused, though
    the same letters composed fit Telegram's popup."""
    quiz = a_quiz()
    quiz["questions"][0]["explanation"]["yo"] = DECOMPOSED * 100
    quiz["questions"][0]["prompt"]["yo"] = "Kí ni?"
    quiz["questions"][0]["options"][0]["text"]["yo"] = "Ọ̀kan"
    quiz["questions"][0]["options"][1]["text"]["yo"] = "Èkejì"
    write(tmp_path, "yoruba.yaml", quiz)
    question = load_quizzes(tmp_path)[0].questions[0]
    assert question.explanation["yo"] == COMPOSED * 100 and len(question.explanation["yo"]) == 200


def test_an_explanation_of_astral_characters_at_the_limit_loads_and_one_more_is_refused(tmp_path: Path) -> None:
    """Telegram and Discord count code points (TDLib's utf8_length; Discord's API, Python's len), not UTF-16
    units: 200 emoji are 200 characters, though 400 UTF-16 units."""
    quiz = a_quiz()
    quiz["questions"][0]["explanation"]["en"] = "🧮" * 200
    quiz["questions"][1]["explanation"]["en"] = "𝑥" * 201
    write(tmp_path, "astral.yaml", quiz)
    problem = only_problem(tmp_path)
    assert (problem.file, problem.question_id) == ("astral.yaml", "q2")
    assert problem.message.startswith("the en explanation has 201 characters; the limit is 200")
