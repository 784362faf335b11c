"""A member's review held by a group game is theirs alone: /review typed in another group says so privately, not
to that group (which would learn what they review and that they play a game elsewhere)."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import lobby, press
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat
from tests.telegram.telegram_harness import AMINATA, GROUP, JUMA, for_chat, next_poll, running_bot
from tests.telegram.test_telegram_review import play_with_one_wrong

OTHER_GROUP = FakeChat(-100600, "supergroup", "Another group")


async def test_a_review_held_by_a_game_is_told_privately_not_to_another_group(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before: the other group read '<b>Aminata</b> · You're playing ... in a group game right now ...'."""
    async with running_bot(settings, clock) as engine:
        await api.command(AMINATA, "/quiz collectives")
        await play_with_one_wrong(api)
        clock.advance(timedelta(days=1))
        await api.command(AMINATA, "/review")
        await next_poll(api, AMINATA.id, 4)  # the review's question, in her private chat
        await api.command(JUMA, "/game collectives", GROUP)
        _call, game = await lobby(api, GROUP)
        await press(api, AMINATA, f"gj:{game}", GROUP)  # the game now holds her review's question
        private = len(api.sent_texts(AMINATA.id))
        await api.command(AMINATA, "/review", OTHER_GROUP)
        await api.settle()
        assert api.sent_texts(OTHER_GROUP.id) == []
        said = await api.wait_for("sendMessage", private + 1, for_chat(AMINATA.id))
        held = engine.localizer_for("fr")("You're playing {title} in a group game right now and this review "
                                          "question is from it, so your review waits until the game is over.",
                                          title="Collectives")
        assert said[-1].params["text"] == held
