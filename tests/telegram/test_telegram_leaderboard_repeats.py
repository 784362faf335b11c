"""/leaderboard in a group: the board is the same for everyone who reads that language, so one member sending it
again and again must not spend the group's 20 messages a minute (a running game's questions and results wait
behind them) on what is already on screen."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import ADMIN, GROUP, JUMA, running_bot

BOARD_ABOVE = "The leaderboard is just above: a group gets it at most once a minute."


async def test_a_leaderboard_asked_again_within_the_minute_is_one_line_then_nothing(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: every /leaderboard in a group posted the whole board again, however often one member sent it."""
    async with running_bot(settings) as engine:
        for _repeat in range(5):
            await api.command(JUMA, "/leaderboard", GROUP)
            await api.settle()
        await api.command(ADMIN, "/leaderboard", GROUP)  # another member: told too, once
        await api.settle()
        await api.command(JUMA, "/leaderboard all", GROUP)  # another board: in full
        await api.settle()
        texts = api.sent_texts(GROUP.id)
    en = engine.localizer_for("en")
    assert texts[0].startswith("🏆 <b>" + en("Leaderboard: this week (since Monday, 00:00 UTC)"))
    assert texts[1:3] == [f"<b>Juma</b> · {en(BOARD_ABOVE)}", f"<b>Admin</b> · {en(BOARD_ABOVE)}"]
    assert texts[3].startswith("🏆 <b>" + en("Leaderboard: all time"))
    assert len(texts) == 4

