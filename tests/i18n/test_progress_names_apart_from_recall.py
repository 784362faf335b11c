"""/progress joins a concept's name to "recall N%": in no language may the two be one word, as Yoruba's were
("Ìrántí: ìrántí 41%", the concept Memory and the chance of recall). On the seed quizzes and a real SQLite file."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

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


CATALOGS = SEED_CONTENT / "locales"
RECALL_LINE = "recall {percent}% · questions seen: {seen}/{total}"


def _bare(text: str) -> str:
    """Without tone marks or case: "Ìrántí" and "rírántí" are "iranti" and "riranti", one inside the other."""
    return "".join(letter for letter in unicodedata.normalize("NFD", text.casefold())
                   if not unicodedata.combining(letter)).strip(" :")


def _recall_word(language: str) -> str:
    if language == "en":
        return "recall"
    with (CATALOGS / language / "LC_MESSAGES" / "quiztutor.po").open("rb") as source:
        line = read_po(source, locale=language)[RECALL_LINE]
    assert line is not None and isinstance(line.string, str), language
    return line.string.split("{percent}")[0]


@pytest.mark.parametrize("language", SUPPORTED_LANGUAGES)
def test_no_concept_label_is_or_holds_the_recall_word(language: str) -> None:
    """Every concept, not only those the seed quizzes reach: "Ìrántí" (memory) beside "rírántí" (recall) read as
    "Remembering: remembering 77%"."""
    recall = _bare(_recall_word(language))
    labels = [names.get(language, names["en"]) for names in
              yaml.safe_load((SEED_CONTENT / "concepts.yaml").read_text(encoding="utf-8")).values()]
    assert [label for label in labels if _bare(label) in recall or recall in _bare(label)] == [], recall
