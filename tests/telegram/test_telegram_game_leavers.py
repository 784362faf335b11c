"""A player who leaves the Telegram group mid-game: the game stops waiting for their votes."""

from __future__ import annotations

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, leaves, press, results_messages, vote
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, JUMA, WANJIRU, running_bot
from tests.telegram.test_telegram_forum_topics import ADA, FORUM, GAME_TOPIC, in_forum, lobby_in, polls_in

GAMES = 0.02  # seconds between looks for game phases that are due


async def test_a_question_closes_early_once_the_players_still_in_the_group_have_voted(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        _game, first = await begun(api, JUMA, GROUP, (AMINATA, WANJIRU))
        await vote(api, first, JUMA, right=True)
        await leaves(api, WANJIRU, GROUP)  # they can't vote any more: the question must not wait out its 30 s
        await vote(api, first, AMINATA, right=False)
        await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"], within=5)
        assert len(api.calls("stopPoll")) == 1  # closed early, for everyone
        assert len(results_messages(api, GROUP)) == 1


async def test_a_member_who_leaves_a_forum_is_no_longer_waited_for_in_a_topic_s_game(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Telegram posts the 'left' message in the forum's General topic, while the game runs in another: the member
    left the whole group, so every topic's game stops waiting for them."""
    async with running_bot(settings, clock, game_interval=GAMES):
        await api.command(ADA, "/game collectives", FORUM, topic=GAME_TOPIC)
        game = await lobby_in(api, GAME_TOPIC)
        await press(api, WANJIRU, f"gj:{game}", FORUM)
        await api.press(ADA, f"gb:{game}", FORUM, topic=GAME_TOPIC)
        first = (await polls_in(api, GAME_TOPIC, 1))[0]
        await vote(api, first, ADA, right=True)
        await leaves(api, WANJIRU, FORUM)
        await api.wait_for("sendMessage", 1, lambda p: in_forum(GAME_TOPIC)(p) and "Answers: " in p["text"],
                           within=5)
        assert len(api.calls("stopPoll")) == 1  # closed early, without waiting out its 30 s


async def test_a_player_who_left_the_group_and_votes_on_a_forwarded_poll_is_told_to_rejoin_it(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Before: told "This game is played in another chat: join it there.", as if he had never been in it."""
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        _game, first = await begun(api, JUMA, GROUP, (AMINATA, WANJIRU))
        await leaves(api, WANJIRU, GROUP)
        await vote(api, first, WANJIRU, right=True)  # on a copy forwarded to him: Telegram carries it over
        await api.wait_for("sendMessage", 1, lambda p: p.get("chat_id") == str(WANJIRU.id))
        await api.settle()
        told = api.sent_texts(WANJIRU.id)
        assert len(told) == 1
        assert engine.localizer_for("sw")("You left this game's chat: rejoin it to play.") in told[0]
        assert "another chat" not in told[0]
