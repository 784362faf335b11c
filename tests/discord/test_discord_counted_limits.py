"""Discord counts code points of the text as sent (its API is Python: len), not UTF-16 units, so an option is
counted as the bot sends it: one a Yoruba author typed with combining marks, as some keyboards send them, composed
(NFC), as the loader now keeps it; one of astral characters, one each. At 55 it is a native poll answer, not a
lettered fallback."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import running_bot
from tests.discord.support import next_poll, poll_answers
from tests.support.content import edit_question

DECOMPOSED = "Ìgbéjáde ọ̀rọ̀ " * 3 + "ọ̀" * 5  # with each mark apart: 55 once composed, 75 as typed
YORUBA_OPTION = unicodedata.normalize("NFD", DECOMPOSED)
COMPOSED = unicodedata.normalize("NFC", DECOMPOSED)


def decomposed_broadcast(question: dict[str, Any]) -> None:
    broadcast = next(option for option in question["options"] if option["id"] == "broadcast")
    broadcast["text"]["yo"] = YORUBA_OPTION


async def test_a_yoruba_option_typed_decomposed_within_55_composed_is_a_native_poll_answer(
        settings: Settings, fake: FakeDiscord, content_dir: Path) -> None:
    assert len(COMPOSED) == 55 < len(YORUBA_OPTION)
    edit_question(content_dir, "sum-everywhere", decomposed_broadcast)
    async with running_bot(settings, fake) as bot:
        chosen = await fake.slash("language", {"language": "yo"})
        await fake.wait_until(lambda: fake.answers(chosen))
        await fake.slash("quiz", {"quiz": "collectives"})
        poll = await next_poll(fake, bot)
    assert COMPOSED in poll_answers(poll), poll_answers(poll)  # lettered A, B, C before


async def test_an_option_of_55_astral_characters_is_a_native_poll_answer(
        settings: Settings, fake: FakeDiscord, content_dir: Path) -> None:
    """55 characters beyond U+FFFF are 110 UTF-16 units, and still 55 to Discord: no lettered fallback."""
    astral = "𝑥" * 55

    def astral_broadcast(question: dict[str, Any]) -> None:
        next(option for option in question["options"] if option["id"] == "broadcast")["text"]["en"] = astral
    edit_question(content_dir, "sum-everywhere", astral_broadcast)
    async with running_bot(settings, fake) as bot:
        await fake.slash("quiz", {"quiz": "collectives"})
        poll = await next_poll(fake, bot)
    assert astral in poll_answers(poll) and poll.status == 200, poll_answers(poll)
