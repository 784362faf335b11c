"""A name is what its owner typed, and Telegram reads mentions, links, bot commands, hashtags, cashtags and card
numbers in a bot's text by itself: "@victim" as a first name, shown in a group's lobby, results, podium or
leaderboard, would notify that member each time, "example.com" would be a link the bot seems to offer, and
"/reload@QuizTutorBot" a command that anyone who clicks it sends as their own. Shown, they read the same but are
none of those."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.settings import Settings
from adapters.telegram import render
from adapters.telegram.html_text import CAPTION_LIMIT, named
from bot.games.rules import RESULTS_SECONDS
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import lobby, press, vote
from tests.telegram.telegram_entities import found_entities
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, for_chat, next_poll, running_bot
from tests.telegram.telegram_html import problem, shown_text

MENTIONER = FakeUser(401, "@victim", "en")  # Telegram's mention of the member whose username is victim
LINKER = FakeUser(402, "t.me/x example.com tg://resolve", "en")
COMMANDER = FakeUser(403, "/reload@QuizTutorBot /start #winner", "en")
CASHIER = FakeUser(404, "$USD 4111 1111 1111 1111", "en")
OWN_COMMANDS = ["/quizzes", "/help"]  # the refusal's next step, the bot's own words: commands to tap
GAMES = 0.02  # seconds between looks for game phases that are due


def shown(text: str) -> str:
    """As the reader sees it: the word joiners that break an entity show nothing."""
    return shown_text(text, html_mode=True).replace("\u2060", "")


@pytest.mark.parametrize(("starter", "joiner"), [(MENTIONER, LINKER), (COMMANDER, CASHIER)])
async def test_names_in_a_games_messages_make_no_entity(api: FakeBotApi, settings: Settings, clock: FixedClock,
                                                        starter: FakeUser, joiner: FakeUser) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        await api.command(starter, "/game collectives", GROUP)
        lobby_call, game_id = await lobby(api, GROUP)
        await press(api, joiner, f"gj:{game_id}", GROUP)
        await press(api, AMINATA, f"gj:{game_id}", GROUP)
        await press(api, starter, f"gb:{game_id}", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        for user in (starter, joiner, AMINATA):
            await vote(api, first, user, right=True)
        await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"])
        await api.command(starter, "/game stop", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: "Game stopped" in p["text"])
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        await api.command(joiner, "/leaderboard", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: "Leaderboard" in p["text"])

    group = [call.params["text"] for call in api.requests
             if call.method in ("sendMessage", "editMessageText") and for_chat(GROUP.id)(call.params)]
    naming = [text for text in group if starter.first_name in shown(text) and joiner.first_name in shown(text)]
    assert len(naming) >= 4  # the players as the game began, the results, the podium, the leaderboard
    # Each name still reads as typed.
    assert f"Players: {starter.first_name}" in shown(lobby_call.params["text"])
    for text in group:
        assert found_entities(text) == [], text


async def test_a_group_members_reply_names_them_without_an_entity(api: FakeBotApi, settings: Settings) -> None:
    """"<b>@victim</b> · …", the prefix saying whose reply it is, in bold: Telegram reads a mention in it all the
    same."""
    members = (MENTIONER, LINKER, COMMANDER, CASHIER)
    async with running_bot(settings):
        for member in members:
            await api.command(member, "/game nosuch", GROUP)
        said = await api.wait_for("sendMessage", len(members), for_chat(GROUP.id))
    texts = [call.params["text"] for call in said]
    # Each member's reply names them; the four are answered side by side, so in any order.
    assert sorted(shown(text).split(" · ", 1)[0] for text in texts) == sorted(member.first_name for member in members)
    for text in texts:
        assert found_entities(text) == OWN_COMMANDS, text


@pytest.mark.parametrize("name", [
    "@victim", "a@b.co", "t.me/x", "tg://resolve", "/start", "/reload@QuizTutorBot", "#tag", "#·tag", "#ලංකා",
    "#123a@somebot", "$USD", "$1INCH", "4111111111111111", "4111 1111 1111 1111", "4111-1111-1111-1111",
    "1 2 3 4 5 6 7 8 9 0 1 2 8",
])
def test_a_name_makes_no_entity_and_reads_the_same(name: str) -> None:
    assert found_entities(name, html_mode=False) != []  # what Telegram would make of it as typed
    assert found_entities(named(name)) == [] and shown(named(name)) == name


# First names of Telegram's longest (64 characters), each holding what a word joiner breaks.
LONGEST_NAMES = ["Adébáyọ̀ Olúwaṣeun #1 fan of /x and all-reduce, ring & tree alike!!"[:64],
                 "#a" * 32, "4" * 64, "a.b" * 21 + "c"]


@pytest.mark.parametrize("name", LONGEST_NAMES)
def test_a_name_of_telegrams_longest_is_shown_whole_before_a_reply_and_a_caption_still_fits(name: str) -> None:
    """The word joiners went in before the name was cut to its 64 characters, so "#1" or "/x" in such a name had
    it shown cut ("…"): no letter of it needed to go. The joiners count toward a caption's limit as any character
    (Telegram removes none of them), so the caption's text leaves room for them."""
    assert len(name) == render.OWNER_LIMIT
    assert shown(render.owner_prefix(name)) == name + " · "
    caption = render.caption("R&D <progress> 🏆 " * 200, owner=name)
    assert problem("sendPhoto", {"chat_id": "1", "caption": caption, "parse_mode": "HTML"}) is None
    assert shown(caption).startswith(name + " · ") and found_entities(caption) == []
    # The text took all the room the name left (but a space before its cut, dropped).
    assert len(shown_text(caption, html_mode=True)) >= CAPTION_LIMIT - 1


async def test_what_a_member_typed_said_back_in_the_group_mentions_and_links_nobody(api: FakeBotApi,
                                                                                  settings: Settings) -> None:
    """"There is no quiz called “@victim”.": the words a member typed after /game, echoed in the group's refusal,
    would notify that member (or offer a link) in the bot's name, as often as anyone typed them."""
    async with running_bot(settings):
        await api.command(AMINATA, "/game @victim", GROUP)
        await api.command(MENTIONER, "/game t.me/x example.com tg://resolve", GROUP)
        said = await api.wait_for("sendMessage", 2, for_chat(GROUP.id))
    texts = [call.params["text"] for call in said]
    assert "@victim" in shown(texts[0]) and "t.me/x example.com tg://resolve" in shown(texts[1])
    for text in texts:
        assert found_entities(text) == OWN_COMMANDS, text


async def test_the_bots_own_commands_in_a_notice_stay_commands(api: FakeBotApi, settings: Settings) -> None:
    """"Start one with /game.": the bot's own words name its commands to tap; only what someone typed, said back
    in a notice, is kept from making an entity."""
    async with running_bot(settings):
        await api.command(AMINATA, "/game stop", GROUP)
        said = await api.wait_for("sendMessage", 1, for_chat(GROUP.id))
    text = said[0].params["text"]
    assert "/game" in shown(text) and found_entities(text) == ["/game"], text
