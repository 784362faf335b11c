"""The item-writing linter: each rule warns on a bad item and stays quiet on a good one."""

from __future__ import annotations

from typing import Any

import pytest

from bot.content.glossary import Glossary
from bot.content.lint import LintWarning, lint
from bot.content.models import Quiz

Text = str | dict[str, str]
WRONG = ("Broadcast, which copies one rank's tensor", "Reduce-scatter, which leaves one shard each",
         "A barrier, which synchronizes time")


def localized(text: Text) -> dict[str, str]:
    return {"en": text} if isinstance(text, str) else text


def a_question(question_id: str = "q1", *, prompt: Text = "Which collective leaves every rank the summed tensor?",
               right: Text = "All-reduce, averaging across ranks", wrong: tuple[Text, ...] = WRONG,
               explanation: Text = "Ring all-reduce runs a reduce-scatter then an all-gather, so each rank "
                                   "ends with the whole sum.",
               why_not: bool = True) -> dict[str, Any]:
    """A question that breaks no rule until a test changes one thing (English unless texts say otherwise)."""
    options = [{"id": "right", "text": localized(right)}]
    for index, text in enumerate(wrong, start=1):
        option: dict[str, Any] = {"id": f"wrong-{index}", "text": localized(text)}
        if why_not:
            option["why_not"] = {language: f"Reason {index}." for language in localized(text)}
        options.append(option)
    return {"id": question_id, "answer": "right", "prompt": localized(prompt), "options": options,
            "explanation": localized(explanation)}


def a_quiz(*questions: dict[str, Any], quiz_id: str = "sample") -> Quiz:
    return Quiz.model_validate({"id": quiz_id, "difficulty": "easy", "title": {"en": "Sample"},
                                "description": {"en": "A sample."}, "questions": list(questions) or [a_question()]})


def warnings(*quizzes: Quiz, rule: str | None = None, glossary: Glossary | None = None) -> list[LintWarning]:
    return [warning for warning in lint(quizzes, glossary) if rule is None or warning.rule == rule]


def test_a_well_written_quiz_gets_no_warning() -> None:
    assert warnings(a_quiz()) == []


def test_a_warning_reads_file_question_rule_and_message() -> None:
    [warning] = warnings(a_quiz(a_question(why_not=False)))
    assert warning == LintWarning("sample.yaml", "q1", "missing-why-not",
                                  "wrong options without why_not: wrong-1, wrong-2, wrong-3")
    assert str(warning) == ("sample.yaml, question 'q1': missing-why-not: "
                            "wrong options without why_not: wrong-1, wrong-2, wrong-3")


# -- longest-right -------------------------------------------------------------------------------------------

def _right_longest(question_id: str) -> dict[str, Any]:
    return a_question(question_id, prompt=f"Question {question_id}: which collective sums everywhere?",
                      right="All-reduce, which averages gradients across every GPU")


def test_the_right_option_longest_in_more_than_a_quarter_of_a_quiz_is_one_warning_per_language() -> None:
    questions = [_right_longest("q1"), _right_longest("q2"), *(a_question(f"q{n}", prompt=f"Prompt {n}?")
                                                               for n in (3, 4))]
    [warning] = warnings(a_quiz(*questions), rule="longest-right")
    assert warning.question_id is None
    assert warning.message == "[en] the right option is the longest in 2 questions out of 4 (at most a quarter): q1, q2"


def test_the_right_option_longest_in_a_quiz_of_one_question_is_counted_in_the_singular() -> None:
    """Not "in 1 of 1 questions": the count of questions the noun goes with is the first."""
    [warning] = warnings(a_quiz(_right_longest("q1")), rule="longest-right")
    assert warning.message == "[en] the right option is the longest in 1 question out of 1 (at most a quarter): q1"


def test_the_right_option_longest_in_a_quarter_of_the_questions_passes() -> None:
    questions = [_right_longest("q1"), *(a_question(f"q{n}", prompt=f"Prompt {n}?") for n in (2, 3, 4))]
    assert warnings(a_quiz(*questions), rule="longest-right") == []


def test_a_right_option_tied_for_longest_counts_as_longest() -> None:
    tied = a_question(right="A" * 43, wrong=("B" * 43, "C" * 10, "D" * 10))
    assert len(warnings(a_quiz(tied), rule="longest-right")) == 1


# -- absolute-only-in-wrong ----------------------------------------------------------------------------------

def test_absolute_words_only_in_wrong_options_are_named_with_their_options() -> None:
    question = a_question(wrong=("It never overlaps at all", "Only the first rank", "A barrier, nothing more"))
    [warning] = warnings(a_quiz(question), rule="absolute-only-in-wrong")
    assert warning.message == ("[en] absolute words only in wrong options: 'only' (in wrong-2); "
                               "'never' (in wrong-1); 'nothing' (in wrong-3); 'at all' (in wrong-1)")


def test_an_absolute_word_in_the_right_option_too_gives_no_cue() -> None:
    question = a_question(right="Only all-reduce, averaging gradients", wrong=("Only broadcast", *WRONG[1:]))
    assert warnings(a_quiz(question), rule="absolute-only-in-wrong") == []


def test_hyphenated_collectives_are_not_the_word_all() -> None:
    question = a_question(wrong=("All-gather, then All-to-all", *WRONG[1:]))
    assert warnings(a_quiz(question), rule="absolute-only-in-wrong") == []


@pytest.mark.parametrize(("language", "wrong", "word"), [
    ("fr", "Jamais pendant la passe arrière", "jamais"),
    ("sw", "Kwa GPU moja tu", "tu"),
    ("yo", "GPU kan nìkan ni", "nìkan"),
    ("sn", "PaGPU imwe chete", "chete"),
])
def test_absolute_words_are_looked_for_in_each_language(language: str, wrong: str, word: str) -> None:
    question = a_question(right={"en": "All-reduce", language: "All-reduce"},
                          wrong=({"en": "Broadcast", language: wrong}, {"en": "Scatter", language: "Scatter"},
                                 {"en": "Barrier", language: "Barrier"}),
                          prompt={"en": "Which one?", language: "?"}, explanation={"en": "Reason.", language: "R."})
    [warning] = warnings(a_quiz(question), rule="absolute-only-in-wrong")
    assert warning.message == f"[{language}] absolute words only in wrong options: {word!r} (in wrong-1)"


# -- all-none-of-the-above -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("language", "text"), [
    ("en", "All of the above"), ("en", "None of the above"), ("fr", "Toutes les réponses ci-dessus"),
    ("sw", "Zote hapo juu"), ("yo", "Gbogbo èyí tó wà lókè"), ("sn", "Zvose zviri pamusoro apa"),
])
def test_an_option_pointing_at_the_other_options_is_flagged(language: str, text: str) -> None:
    texts = {"en": "Both", language: text}
    question = a_question(right={"en": "All-reduce", language: "All-reduce"},
                          wrong=(texts, {"en": "Scatter", language: "Scatter"}, {"en": "Barrier", language: "Barrier"}),
                          prompt={"en": "Which one?", language: "?"}, explanation={"en": "Reason.", language: "R."})
    [warning] = warnings(a_quiz(question), rule="all-none-of-the-above")
    assert warning.message.startswith(f"[{language}] option 'wrong-1' says ")


def test_above_within_a_sentence_is_not_that_option() -> None:
    question = a_question(wrong=("A stage above the first one", *WRONG[1:]))
    assert warnings(a_quiz(question), rule="all-none-of-the-above") == []


# -- near-identical ------------------------------------------------------------------------------------------

def test_two_near_identical_options_are_flagged() -> None:
    question = a_question(wrong=("Saves memory at the cost of traffic", "Saves memory at the cost of the traffic",
                                 WRONG[2]))
    [warning] = warnings(a_quiz(question), rule="near-identical")
    assert warning.message.startswith("[en] options 'wrong-1' and 'wrong-2' are near-identical (similarity 0.9")


def test_options_alike_in_structure_but_not_in_content_pass() -> None:
    question = a_question(wrong=("By overlapping all-reduce with the backward pass",
                                 "By launching all-reduce once backward has finished", WRONG[2]))
    assert warnings(a_quiz(question), rule="near-identical") == []


def test_two_near_identical_prompts_anywhere_in_the_catalog_are_flagged() -> None:
    first = a_quiz(a_question(prompt="What does each GPU hold in standard data parallelism?"), quiz_id="first")
    second = a_quiz(a_question("q9", prompt="In standard data parallelism, what does each GPU hold?"),
                    a_question("q8", prompt="What does each GPU hold in plain data parallelism?"), quiz_id="second")
    [warning] = warnings(first, second, rule="near-identical")
    assert (warning.file, warning.question_id) == ("second.yaml", "q8")
    assert warning.message.startswith("[en] the prompt is near-identical to first/q1's (similarity 0.9")


# -- stem-cue ------------------------------------------------------------------------------------------------

def test_a_stem_word_repeated_only_in_the_right_option_is_a_cue() -> None:
    question = a_question(prompt="Which collective produces the reduced gradient shards?", right="Reduce-scatter",
                          wrong=("All-gather", "Broadcast", "All-to-all"))
    [warning] = warnings(a_quiz(question), rule="stem-cue")
    assert warning.message == "[en] the stem's 'reduced' recurs in the right option only: 'Reduce-scatter'"


def test_a_stem_word_shared_by_every_option_is_no_cue() -> None:
    question = a_question(prompt="Which NCCL_ALGO value makes NCCL use its tree algorithm?",
                          right="NCCL_ALGO=Tree", wrong=("NCCL_ALGO=Ring", "NCCL_ALGO=CollNet", "NCCL_ALGO=NVLS"))
    assert warnings(a_quiz(question), rule="stem-cue") == []


# -- explanation-restates ------------------------------------------------------------------------------------

@pytest.mark.parametrize("explanation", [
    "All-reduce, averaging across ranks.",
    "It is all-reduce, averaging across the ranks",
    "All-reduce: averaging across ranks",
])
def test_an_explanation_that_only_restates_the_right_option_is_flagged(explanation: str) -> None:
    [warning] = warnings(a_quiz(a_question(explanation=explanation)), rule="explanation-restates")
    assert warning.message == "[en] the explanation restates the right option and gives no reason"


def test_a_short_explanation_that_adds_a_reason_passes() -> None:
    question = a_question(explanation="All-reduce: each rank needs the full sum to update its own copy.")
    assert warnings(a_quiz(question), rule="explanation-restates") == []


# -- missing-why-not -----------------------------------------------------------------------------------------

def test_a_wrong_option_without_why_not_is_named() -> None:
    data = a_question()
    del data["options"][2]["why_not"]
    [warning] = warnings(a_quiz(data), rule="missing-why-not")
    assert warning.message == "wrong options without why_not: wrong-2"


# -- glossary-variant ----------------------------------------------------------------------------------------

GLOSSARY = Glossary.model_validate({"concepts": [
    {"concept": "data parallelism", "fr": {"preferred": "parallélisme de données",
                                           "avoid": ["parallélisme des données"]}}]})


def test_a_text_using_an_avoided_variant_of_its_language_is_flagged() -> None:
    question = a_question(prompt={"en": "What is data parallelism?", "fr": "Qu'est-ce que le Parallélisme des "
                                  "données ?"})
    [warning] = warnings(a_quiz(question), rule="glossary-variant", glossary=GLOSSARY)
    assert warning.message == ("[fr] the prompt uses 'parallélisme des données'; the glossary's term for "
                               "'data parallelism' is 'parallélisme de données'")


def test_the_variant_of_another_language_or_no_glossary_gives_no_warning() -> None:
    question = a_question(prompt="Is parallélisme des données French?")
    assert warnings(a_quiz(question), rule="glossary-variant", glossary=GLOSSARY) == []
    french = a_question(prompt={"en": "Data parallelism?", "fr": "Parallélisme des données ?"})
    assert warnings(a_quiz(french), rule="glossary-variant") == []
