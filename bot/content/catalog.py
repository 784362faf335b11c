"""An immutable set of quizzes, with look-up by id or topic and a comparison between two loads."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Set
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from bot.content.models import LocalizedText, Quiz
from bot.text import folded, unaccented, without_marks


@dataclass(frozen=True)
class CatalogChanges:
    added_quizzes: tuple[str, ...] = ()
    removed_quizzes: tuple[str, ...] = ()
    added_questions: int = 0
    removed_questions: int = 0
    changed_questions: int = 0
    changed_quizzes: tuple[str, ...] = ()  # their own fields (title, description, ...) or their questions' order
    changed_concept_names: bool = False
    # The quizzes kept by a reload listed in another order (a renamed file): learners pick them by number.
    reordered_quizzes: bool = False

    @property
    def any_question(self) -> bool:
        return any((self.added_questions, self.removed_questions, self.changed_questions))

    @property
    def any(self) -> bool:
        return any((self.added_quizzes, self.removed_quizzes, self.any_question, self.changed_quizzes,
                    self.changed_concept_names, self.reordered_quizzes))


@dataclass(frozen=True)
class Catalog:
    quizzes: tuple[Quiz, ...]
    # Each concept tag's display name per language (content/concepts.yaml); see bot.content.concepts.concept_name.
    concept_names: Mapping[str, LocalizedText] = field(default_factory=dict)
    _by_id: dict[str, Quiz] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {quiz.id: quiz for quiz in self.quizzes})
        # A read-only copy: the catalog is shared by every session and must not change under them.
        object.__setattr__(self, "concept_names", MappingProxyType(dict(self.concept_names)))

    def get(self, quiz_id: str) -> Quiz | None:
        return self._by_id.get(quiz_id)

    def named(self, reference: str) -> list[Quiz]:
        """What a typed reference picks: the quiz with that id, or the only one with that whole title (in any
        language), alone; else every quiz it ``matching`` names. One is the quiz meant; with several, only the
        learner knows which (taking the first would start a quiz they didn't ask for). Marks that show as nothing
        (a right-to-left chat's direction marks) are no part of it."""
        wanted = folded(without_marks(reference).strip())
        exact = self._by_id.get(wanted)
        if exact is not None:
            return [exact]
        # A whole title as written first: marks tell words apart (Yoruba's "ọkọ" and "oko"), so one typed with
        # them names its quiz though another's reads the same without; then one typed without them names its quiz.
        for key in (folded, unaccented):
            typed = key(wanted)
            titled = [quiz for quiz in self.quizzes if any(key(title) == typed for title in quiz.title.values())]
            if len(titled) == 1:
                return titled
        return self.matching(reference)

    def matching(self, reference: str) -> list[Quiz]:
        """Every quiz ``reference`` names, best first: the one with that id, then those with it in their id, in
        a title in any language (its accents and tone marks aside), or as a tag."""
        wanted = folded(without_marks(reference).strip())
        if not wanted:
            return []
        bare = unaccented(wanted)
        exact = self._by_id.get(wanted)
        ranked: dict[str, Quiz] = {exact.id: exact} if exact else {}  # each once, at its best place
        matchers = (
            lambda quiz: wanted in quiz.id,
            lambda quiz: any(bare in unaccented(title) for title in quiz.title.values()),
            lambda quiz: wanted in quiz.tags,
        )
        for matches in matchers:
            for quiz in self.quizzes:
                if quiz.id not in ranked and matches(quiz):
                    ranked[quiz.id] = quiz
        return list(ranked.values())

    @property
    def question_count(self) -> int:
        return sum(len(quiz.questions) for quiz in self.quizzes)

    @property
    def languages(self) -> frozenset[str]:
        """Languages in which at least one whole quiz can be played."""
        return frozenset().union(*(quiz.complete_languages() for quiz in self.quizzes))

    @cached_property
    def fingerprint(self) -> str:
        """A digest of everything served (the quizzes and the concept names): equal in two processes exactly when
        they serve the same content, whatever the files' layout or timestamps."""
        served = {"quizzes": [quiz.model_dump(mode="json") for quiz in self.quizzes],
                  "concepts": dict(self.concept_names)}
        return hashlib.sha256(json.dumps(served, sort_keys=True, ensure_ascii=False).encode()).hexdigest()

    def changes_since(self, previous: Catalog) -> CatalogChanges:
        old_ids, new_ids = set(previous._by_id), set(self._by_id)
        added = removed = changed = 0
        details_changed: list[str] = []
        for quiz_id in old_ids | new_ids:
            old = {q.id: q for q in previous._by_id[quiz_id].questions} if quiz_id in old_ids else {}
            new = {q.id: q for q in self._by_id[quiz_id].questions} if quiz_id in new_ids else {}
            kept = old.keys() & new.keys()
            added += len(new.keys() - old.keys())
            removed += len(old.keys() - new.keys())
            changed += sum(1 for qid in kept if old[qid] != new[qid])
            if old and new and _details(previous._by_id[quiz_id], kept) != _details(self._by_id[quiz_id], kept):
                details_changed.append(quiz_id)
        return CatalogChanges(
            added_quizzes=tuple(sorted(new_ids - old_ids)),
            removed_quizzes=tuple(sorted(old_ids - new_ids)),
            added_questions=added,
            removed_questions=removed,
            changed_questions=changed,
            changed_quizzes=tuple(sorted(details_changed)),
            changed_concept_names=previous.concept_names != self.concept_names,
            reordered_quizzes=[quiz.id for quiz in previous.quizzes if quiz.id in new_ids]
            != [quiz.id for quiz in self.quizzes if quiz.id in old_ids],
        )


def _details(quiz: Quiz, kept: Set[str]) -> tuple[dict[str, Any], list[str]]:
    """What of a quiz isn't a question: its own fields, and the order of the questions ``kept`` by a reload (one
    added or removed is counted as such, not as a new order)."""
    return quiz.model_dump(exclude={"questions"}), [question.id for question in quiz.questions if question.id in kept]
