"""/progress joins a concept's name to "recall N%": in no language may the two be one word, as Yoruba's were
("Ìrántí: ìrántí 41%", the concept Memory and the chance of recall). On the seed quizzes and a real SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.languages import SUPPORTED_LANGUAGES
from bot.replies import Actor, QuestionView, Summary
from tests.core.play import answer, start
from tests.support.engine_on_sqlite import services_on_sqlite

SEED_CONTENT = Path(__file__).resolve().parents[2] / "content"
LEARNER = Actor("telegram", "mo", chat_id="chat-mo")


def _first_word(text: str) -> str:
    return text.split()[0].casefold().strip(":")


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
async def test_no_concepts_name_is_the_word_for_recall_beside_it(tmp_path: Path, language: str) -> None:
    async with services_on_sqlite(tmp_path, SEED_CONTENT, seed=5) as services:
        engine = services.engine
        await engine.set_language(LEARNER, language)
        shown: QuestionView | Summary = await start(engine, LEARNER, "fsdp")
        while isinstance(shown, QuestionView):
            shown = (await answer(engine, LEARNER, shown, right=True)).next
        progress = await engine.progress(LEARNER)
    assert "memory" in {line.key for line in progress.concepts}  # the concept Yoruba named as recall is there
    for line in (*progress.concepts, *progress.quizzes):
        assert _first_word(line.title) != _first_word(line.text), progress.labelled(line.title, line.text)
