"""A name is what its owner typed, and Telegram reads mentions and links in a bot's text by itself: "@victim" as
a first name, shown in a group's lobby, results, podium or leaderboard, would notify that member each time, and
"example.com" would be a link the bot seems to offer. Shown, they read the same but are neither."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from bot.games.rules import RESULTS_SECONDS
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import lobby, press, vote
from tests.telegram.telegram_entities import found_entities
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, for_chat, next_poll, running_bot
from tests.telegram.telegram_html import shown_text

MENTIONER = FakeUser(401, "@victim", "en")  # Telegram's mention of the member whose username is victim
LINKER = FakeUser(402, "t.me/x example.com tg://resolve", "en")
GAMES = 0.02  # seconds between looks for game phases that are due


def shown(text: str) -> str:
    """As the reader sees it: the word joiners that break an entity show nothing."""
    return shown_text(text, html_mode=True).replace("\u2060", "")


async def test_names_in_a_games_messages_mention_and_link_nobody(api: FakeBotApi, settings: Settings,
                                                                 clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        await api.command(MENTIONER, "/game collectives", GROUP)
        lobby_call, game_id = await lobby(api, GROUP)
        await press(api, LINKER, f"gj:{game_id}", GROUP)
        await press(api, AMINATA, f"gj:{game_id}", GROUP)
        await press(api, MENTIONER, f"gb:{game_id}", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        for user in (MENTIONER, LINKER, AMINATA):
            await vote(api, first, user, right=True)
        await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"])
        await api.command(MENTIONER, "/game stop", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: "Game stopped" in p["text"])
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await api.command(LINKER, "/leaderboard", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: "Leaderboard" in p["text"])

    group = [call.params["text"] for call in api.requests
             if call.method in ("sendMessage", "editMessageText") and for_chat(GROUP.id)(call.params)]
    named = [text for text in group if "victim" in text]
    assert len(named) >= 5  # the lobby, the players as it began, the results, the podium, the leaderboard
    assert "Players: @victim" in shown(lobby_call.params["text"])  # the name still reads as typed
    for text in group:
        assert found_entities(text) == [], text


async def test_a_group_members_reply_names_them_without_a_mention(api: FakeBotApi, settings: Settings) -> None:
    """"<b>@victim</b> · …", the prefix saying whose reply it is, in bold: Telegram reads a mention in it all the
    same."""
    async with running_bot(settings):
        await api.command(MENTIONER, "/game nosuch", GROUP)
        await api.command(LINKER, "/game nosuch", GROUP)
        said = await api.wait_for("sendMessage", 2, for_chat(GROUP.id))
    texts = [call.params["text"] for call in said]
    assert shown(texts[0]).startswith("@victim · ") and shown(texts[1]).startswith(LINKER.first_name + " · ")
    for text in texts:
        assert found_entities(text) == [], text
