"""The ▶ buttons under /quizzes, cut to the label's limit, in each language of the shipped quizzes."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import for_chat, running_bot

SHIPPED = Path(__file__).resolve().parents[2] / "content"


@pytest.mark.parametrize("language", ["en", "fr", "sw", "yo", "sn"])
async def test_a_quiz_button_cut_short_leaves_no_bracket_open(api: FakeBotApi, settings: Settings,
                                                                language: str) -> None:
    """Yoruba's "Pípín Àwòṣe láàárín Àwọn GPU (Model àti Pipeline Parallelism)" is past the 60 characters a label
    keeps: it read "▶ Pípín Àwòṣe láàárín Àwọn GPU (Model àti Pipeline…", its English gloss cut open. A cut inside
    a bracket now falls before it."""
    learner = FakeUser(371, "Adé", "en")
    async with running_bot(settings.model_copy(update={"content_dir": SHIPPED})):
        await api.command(learner, f"/language {language}")
        await api.command(learner, "/quizzes")
        [listed] = await api.wait_for("sendMessage", 1, lambda p: for_chat(learner.id)(p) and "reply_markup" in p)
    labels = [row[0]["text"] for row in listed.params["reply_markup"]["inline_keyboard"]]
    assert len(labels) == 4
    assert [label for label in labels if label.count("(") != label.count(")")] == [], labels
