"""A question's content hash, stored with each card and review: what an option says, with its id, is in it, and
the hashes stored before it was (cards and reviews of a question unchanged since) still read as that question."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.card_questions import changed
from bot.content.library import ContentLibrary
from bot.content.models import Question
from bot.memory import Memory
from bot.records import CardRecord

NOW = datetime(2027, 3, 1, tzinfo=UTC)
# sum-everywhere's hash as every release before the options' ids were hashed stored it (prompt, answer, texts).
STORED_BEFORE = "f1667516514707b9"


def sum_everywhere(library: ContentLibrary) -> Question:
    quiz = library.catalog.get("collectives")
    question = quiz.question("sum-everywhere") if quiz else None
    assert question is not None
    return question


def with_options(question: Question, texts: dict[str, str]) -> Question:
    """The question with some options' English texts replaced, ids and answer kept."""
    data = question.model_dump()
    for option in data["options"]:
        option["text"]["en"] = texts.get(option["id"], option["text"]["en"])
    return Question.model_validate(data)  # not model_copy: it would keep the hashes cached on the original


def test_texts_swapped_between_options_change_the_hash_and_nothing_else_does(library: ContentLibrary) -> None:
    question = sum_everywhere(library)
    swapped = with_options(question, {"all-reduce": "Broadcast", "broadcast": "All-reduce"})
    assert swapped.content_hash != question.content_hash
    reordered = Question.model_validate({**question.model_dump(), "options": question.model_dump()["options"][::-1]})
    assert reordered.content_hash == question.content_hash  # the learner sees them shuffled anyway
    french = Question.model_validate({**question.model_dump(), "prompt": {**question.prompt, "fr": "Quelle ?"}})
    assert french.content_hash == question.content_hash
    assert len(question.content_hash) == 16  # the cards' and reviews' column


def test_a_card_stored_before_options_ids_were_hashed_is_of_the_unchanged_question(library: ContentLibrary) -> None:
    """Else every learner's every card would have turned new at the upgrade: due at once, seen by nobody."""
    question = sum_everywhere(library)
    card = CardRecord(1, "collectives", question.id, STORED_BEFORE, 2, None, 40.0, 5.0, NOW, NOW, 7)
    assert not changed(card, question)
    assert changed(card, with_options(question, {"scatter": "Reduce-scatter"}))  # a text changed, as before
    reviewed = Memory().review(card, user_id=1, quiz_id="collectives", question_id=question.id, question=question,
                               correct=True, now=NOW + timedelta(days=30))
    assert reviewed.card.stability is not None and reviewed.card.stability > 40.0  # its schedule went on
    assert reviewed.card.content_hash == question.content_hash  # stored in today's form from now on
    assert changed(reviewed.card, with_options(question, {"all-reduce": "Broadcast", "broadcast": "All-reduce"}))
