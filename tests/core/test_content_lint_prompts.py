"""The catalog-wide near-identical prompt rule reports exactly what comparing every pair with difflib reports.

It skips most pairs by difflib's upper bounds and by length; these tests hold it to the plain all-pairs answer on
catalogs of near-identical and distinct prompts, in several languages and quizzes.
"""

from __future__ import annotations

import difflib
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.content.glossary import fold
from bot.content.lint_texts import PROMPT_SIMILARITY, near_identical_prompts
from bot.content.models import Quiz
from tests.core.test_content_lint import a_question

Findings = list[tuple[str, str, str]]


def found(quizzes: list[Quiz]) -> Findings:
    return [(quiz.id, question.id, message) for quiz, question, message in near_identical_prompts(quizzes)]


def every_pair(quizzes: list[Quiz]) -> Findings:
    """The rule as it was written first: difflib's ratio on every pair of prompts, in every shared language."""
    asked = [(quiz, question) for quiz in quizzes for question in quiz.questions]
    findings = []
    for (earlier, one), (quiz, other) in itertools.combinations(asked, 2):
        for language in sorted(one.complete_languages() & other.complete_languages()):
            ratio = difflib.SequenceMatcher(None, fold(one.prompt[language]), fold(other.prompt[language]),
                                            autojunk=False).ratio()
            if ratio >= PROMPT_SIMILARITY:
                findings.append((quiz.id, other.id, f"[{language}] the prompt is near-identical to "
                                                    f"{earlier.id}/{one.id}'s (similarity {ratio:.2f}, "
                                                    f"limit {PROMPT_SIMILARITY})"))
    return findings


def catalog(prompts: list[dict[str, str]], per_quiz: int = 3) -> list[Quiz]:
    questions = [a_question(f"q{index}", prompt=prompt, right={language: "All-reduce" for language in prompt},
                            wrong=tuple({language: f"Option {n}" for language in prompt} for n in range(3)),
                            explanation={language: "Because of the ring." for language in prompt})
                 for index, prompt in enumerate(prompts)]
    return [Quiz.model_validate({"id": f"quiz-{start}", "difficulty": "easy", "title": {"en": "Sample"},
                                 "description": {"en": "A sample."}, "questions": questions[start:start + per_quiz]})
            for start in range(0, len(questions), per_quiz)]


BASES = ["What does each GPU hold in standard data parallelism?",
         "Which collective leaves every rank the summed tensor?",
         "Why does FSDP gather a layer's parameters before its forward pass?",
         "How many microbatches keep a four-stage pipeline busy?",
         "Qu’est-ce que chaque GPU garde en parallélisme de données ?"]


def test_a_catalog_of_rewordings_and_distinct_prompts_gets_the_all_pairs_findings() -> None:
    prompts = [{"en": base} for base in BASES] + [
        {"en": "In standard data parallelism, what does each GPU hold?"},
        {"en": "What does each GPU hold in plain data parallelism?"},
        {"en": "WHAT DOES EACH GPU HOLD IN STANDARD DATA PARALLELISM?"},
        {"en": "Which collective leaves each rank the summed tensor?", "fr": "Quel collectif laisse la somme ?"},
        {"en": "Which collective leaves every rank the summed tensors?", "fr": "Quel collectif laisse la somme ?"},
        {"en": "How many microbatches keep a pipeline of four stages busy?"}]
    findings = found(catalog(prompts))
    assert findings == every_pair(catalog(prompts))
    assert len(findings) >= 5  # the rewordings were found, not only the distinct prompts passed


def edited(base: str, edits: list[tuple[int, str]]) -> str:
    """``base`` with a few characters replaced, inserted or deleted: from near-identical to distinct."""
    text = base
    for place, letters in edits:
        at = place % (len(text) + 1)
        text = text[:at] + letters + text[at + len(letters) % 3:]
    return text or "?"


EDITS = st.lists(st.tuples(st.integers(0, 200), st.text("abcdefghij ,?AÉ", max_size=4)), max_size=12)
PROMPTS = st.lists(st.tuples(st.sampled_from(BASES), EDITS, st.booleans(), EDITS), min_size=2, max_size=9)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(PROMPTS)
def test_any_catalog_of_edited_prompts_gets_the_all_pairs_findings(
        drawn: list[tuple[str, list[tuple[int, str]], bool, list[tuple[int, str]]]]) -> None:
    prompts = [{"en": edited(base, edits), **({"fr": edited(base, more)} if french else {})}
               for base, edits, french, more in drawn]
    assert found(catalog(prompts)) == every_pair(catalog(prompts))
