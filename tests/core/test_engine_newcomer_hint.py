"""A newcomer's own hint (Actor.keeps_hint: Discord's locale) is kept by their first event, whatever it stores, so
their later events that carry none speak it rather than the place's language."""

from __future__ import annotations

import pytest

from bot.engine import QuizEngine
from bot.replies import Actor


def newcomer(*, keeps_hint: bool) -> Actor:
    return Actor("discord", "newcomer", "channel", "en-US", place_hint="fr", place_id="server",
                 keeps_hint=keeps_hint)


VOTE = Actor("discord", "newcomer", "channel", None, place_hint="fr", place_id="server")  # no locale of its own


@pytest.mark.parametrize("first", ["progress", "list_quizzes", "stop", "reminders"])
async def test_a_newcomers_read_only_first_event_keeps_their_hint(engine: QuizEngine, first: str) -> None:
    actor = newcomer(keeps_hint=True)
    if first == "reminders":
        await engine.set_reminders(actor, "")
    else:
        await getattr(engine, first)(actor)
    assert (await engine.localizer(VOTE)).language == "en"


async def test_a_hint_that_is_not_kept_stores_no_newcomer(engine: QuizEngine) -> None:
    """Telegram's and the terminal's actors: as before, a read-only first event stores nobody."""
    await engine.progress(newcomer(keeps_hint=False))
    assert (await engine.localizer(VOTE)).language == "fr"
