"""Editing a private copy of the test quizzes (the ``content_dir`` fixture) before a bot loads it."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

BROADCAST_WHY_NOT = {
    "en": "Broadcast copies one rank's data to the others; it adds nothing up.",
    "fr": "Broadcast copie les données d’un rang vers les autres\u00a0; il n’additionne rien.",
    "sw": "Broadcast hunakili data ya rank moja kwenda nyingine; haijumlishi chochote.",
    "yo": "Broadcast ń da dátà rank kan kọ sí àwọn yòókù; kò ṣàròpọ̀ nǹkan kan.",
    "sn": "Broadcast inokopa data yerank imwe kuenda kune dzimwe; haibatanidzi chinhu.",
}


def give_broadcast_a_why_not(content_dir: Path) -> None:
    """The first question's wrong option Broadcast says why it is wrong, in all five languages."""
    path = content_dir / "quizzes" / "collectives.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    option = next(option for option in quiz["questions"][0]["options"] if option["id"] == "broadcast")
    option["why_not"] = BROADCAST_WHY_NOT
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")


def remove_question(content_dir: Path, question_id: str) -> None:
    """The test quiz ``collectives`` without one of its questions, as an author's edit before a reload."""
    path = content_dir / "quizzes" / "collectives.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    quiz["questions"] = [question for question in quiz["questions"] if question["id"] != question_id]
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")


def edit_question(content_dir: Path, question_id: str, edit: Callable[[dict[str, Any]], None]) -> None:
    """The test quiz ``collectives`` with one question edited by ``edit`` (given its YAML mapping), as an author's
    fix before a reload."""
    path = content_dir / "quizzes" / "collectives.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(next(question for question in quiz["questions"] if question["id"] == question_id))
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")


def remove_option(content_dir: Path, question_id: str, option_id: str) -> None:
    """One question of ``collectives`` without one of its options, as an author's edit before a reload."""
    edit_question(content_dir, question_id, lambda question: question.update(
        options=[option for option in question["options"] if option["id"] != option_id]))


def change_answer(content_dir: Path, question_id: str, answer: str) -> None:
    """One question of ``collectives`` with another answer: a material change, its cards start afresh."""
    edit_question(content_dir, question_id, lambda question: question.update(answer=answer))


def with_long_options_copies(fixture_content: Path, tmp_path: Path, copies: int) -> Path:
    """A private copy of the test quizzes with ``copies`` more of ``long-options`` (long-options-1, -2, …): many
    quizzes whose ids share "long", for lists past what one message or keyboard holds."""
    copy = tmp_path / "content"
    shutil.copytree(fixture_content, copy)
    quiz = yaml.safe_load((copy / "quizzes" / "long-options.yaml").read_text(encoding="utf-8"))
    for number in range(1, copies + 1):
        quiz["id"] = f"long-options-{number}"
        (copy / "quizzes" / f"{quiz['id']}.yaml").write_text(yaml.safe_dump(quiz, allow_unicode=True,
                                                                            sort_keys=False), encoding="utf-8")
    return copy


def swap_option_texts(content_dir: Path, question_id: str, first: str, second: str) -> None:
    """One question of ``collectives`` with the texts (in every language) of two options swapped, ids and answer
    kept: what the answer says changes, a material change."""
    def swap(question: dict[str, Any]) -> None:
        options = {option["id"]: option for option in question["options"]}
        options[first]["text"], options[second]["text"] = options[second]["text"], options[first]["text"]
    edit_question(content_dir, question_id, swap)
