"""A group game's poll whose link was lost: Telegram made it, but sendPoll's answer failed (a 502 from its front),
so the bot never learnt the poll's id. The players see it and vote on it: their votes count for the question it
asks, as on any of the game's polls, instead of being dropped unheard while the game waits out its time."""

from __future__ import annotations

from typing import Any

from adapters.settings import Settings
from tests.telegram.game_steps import buttons_data, lobby, press, results_messages, vote
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, JUMA, for_chat, running_bot, unheard_poll

BAD_GATEWAY = (502, "Bad Gateway")  # Telegram's front, for a server that made the poll all the same


def is_results(params: dict[str, Any]) -> bool:
    return for_chat(GROUP.id)(params) and "reply_markup" in params and any(
        data.startswith("gx:") for data in buttons_data(params))


async def test_votes_on_a_game_poll_never_linked_count_and_close_its_question(api: FakeBotApi,
                                                                              settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(JUMA, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        await press(api, AMINATA, f"gj:{game_id}", GROUP)
        api.fail_next("sendPoll", *BAD_GATEWAY, carried_out=True)  # the first question's: made, never linked
        await press(api, JUMA, f"gb:{game_id}", GROUP)
        lost = await unheard_poll(api, GROUP.id)
        await api.settle()
        await vote(api, lost, AMINATA, right=True)
        await vote(api, lost, JUMA, right=False)  # the last: the question closes now
        results = await api.wait_for("sendMessage", 1, is_results)  # before its time: both answered
        text = results[0].params["text"]
        assert "Aminata" in text and "Juma" in text, text
        assert [call.params["text"] for call in results_messages(api, GROUP)] == [text]
