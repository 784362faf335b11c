"""What /quiz, /stop, /skip, /retry, /review, /reload and /language say to one member in a group when they do
nothing for them (a refusal, nothing to stop or review) is theirs alone: privately when the bot may write there,
else in the group once a minute per member, as /progress. Words about the group itself stay there."""

from __future__ import annotations

from adapters.settings import Settings
from tests.support.next_step import NEXT_STEP
from tests.telegram.fake_types import Failure
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, WANJIRU, ZAWADI, for_chat, next_poll, running_bot

NEVER_STARTED = Failure(403, "Forbidden: bot can't initiate conversation with a user")
NOTHING = ("/stop", "/skip", "/retry", "/review", "/reload", "/quiz nosuch")


async def test_a_members_refusals_in_a_group_go_to_their_private_chat(api: FakeBotApi, settings: Settings) -> None:
    """Before: each was said in the group, every time."""
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives", GROUP)  # the group plays: its poll is all it sees
        await next_poll(api, GROUP.id, 1)
        in_group = len(api.sent_texts(GROUP.id))
        for command in NOTHING:
            await api.command(WANJIRU, command, GROUP)
        await api.wait_for("sendMessage", len(NOTHING), for_chat(WANJIRU.id))
        await api.settle()
        sw = engine.localizer_for("sw")
        private = api.sent_texts(WANJIRU.id)
        none = sw("You have no quiz in progress.") + " " + sw(NEXT_STEP)
        assert private[:3] == [none, none, sw("There is nothing to retry.") + " " + sw(NEXT_STEP)]
        assert private[4] == sw("Sorry, only the bot's admins can reload the content.")  # named for nobody
        assert len(private) == len(NOTHING) and len(api.sent_texts(GROUP.id)) == in_group


async def test_one_the_bot_cant_write_to_hears_each_refusal_in_the_group_once_a_minute(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: three /skip and two /reload were five messages in the group."""
    api.refusing[WANJIRU.id] = NEVER_STARTED
    async with running_bot(settings) as engine:
        for command in ("/skip", "/skip", "/reload", "/skip", "/reload"):
            await api.command(WANJIRU, command, GROUP)
        await api.wait_for("sendMessage", 2, for_chat(GROUP.id))
        await api.settle()
        sw = engine.localizer_for("sw")
        assert api.sent_texts(GROUP.id) == [
            "<b>Wanjiru</b> · " + sw("You have no quiz in progress.") + " " + sw(NEXT_STEP),
            "<b>Wanjiru</b> · " + sw("Sorry, only the bot's admins can reload the content.")]


async def test_words_about_the_group_stay_there_once_a_minute_per_member(api: FakeBotApi,
                                                                         settings: Settings) -> None:
    """"The game in this chat ...", the group's language refused, an admin's picker of it: in the group, where
    they mean something, but a repeat within the minute is not said again. Before: every time."""
    api.admins[GROUP.id] = {ZAWADI.id}
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/game collectives", GROUP)
        await api.wait_for("sendMessage", 1, for_chat(GROUP.id))  # the lobby
        lobby = len(api.sent_texts(GROUP.id))
        for command in ("/stop", "/stop", "/language", "/language", "/language sw", "/language sw"):
            await api.command(WANJIRU, command, GROUP)
        for _time in range(2):
            await api.command(ZAWADI, "/language", GROUP)
        await api.wait_for("sendMessage", lobby + 4, for_chat(GROUP.id))
        await api.settle()
        sw = engine.localizer_for("sw")
        said = api.sent_texts(GROUP.id)[lobby:]  # two members' commands: handled side by side
        wanjiru = ["<b>Wanjiru</b> · " + sw(text) for text in (
            "You have no quiz of your own in progress. The game in this chat is stopped with /game stop, or moved "
            "on with /game skip, by the player who started it or an admin.",
            "No language is set for this chat's games: each game speaks the language of whoever starts it. Only an "
            "admin of this chat can set one. Set your own in a private chat with me.",
            "Only an admin of this chat can change its language. Set your own in a private chat with me.")]
        assert sorted(said) == sorted([*wanjiru, sw("Which language should I speak?")])
        assert api.sent_texts(WANJIRU.id) == [] and api.sent_texts(ZAWADI.id) == []


async def test_a_preview_asked_for_in_a_group_is_read_in_private(api: FakeBotApi, settings: Settings) -> None:
    """A quiz's every question, perhaps over several messages, is one member's read. Before: each /preview in a
    group was sent there in full (and its "Which one?" list there too)."""
    api.refusing[ZAWADI.id] = NEVER_STARTED
    async with running_bot(settings):
        for member, command in ((WANJIRU, "/preview collectives"), (WANJIRU, "/preview n"),
                                (ZAWADI, "/preview collectives"), (ZAWADI, "/preview collectives")):
            await api.command(member, command, GROUP)
        await api.wait_for("sendMessage", 2, for_chat(WANJIRU.id))
        await api.wait_for("sendMessage", 1, for_chat(GROUP.id))
        await api.settle()
        private = api.sent_texts(WANJIRU.id)
        assert private[0].startswith("<b>Mawasiliano ya pamoja</b>")  # named for nobody
        assert "/preview collectives" in private[1] and len(private) == 2
        group = api.sent_texts(GROUP.id)  # Zawadi never started the bot: there, once
        assert len(group) == 1 and group[0].startswith("<b>Zawadi</b> · <b>Mawasiliano ya pamoja</b>")


async def test_the_help_in_a_group_says_where_a_members_own_answers_go(api: FakeBotApi, settings: Settings) -> None:
    """Else a member whose /preview or /stop the group never answers thinks the bot ignored it."""
    async with running_bot(settings) as engine:
        await api.command(WANJIRU, "/help", GROUP)
        said = (await api.wait_for("sendMessage", 1, for_chat(GROUP.id)))[0].params["text"]
        line = engine.localizer_for("sw")(PRIVATELY)
        assert line != PRIVATELY and line in said  # translated
        await api.command(WANJIRU, "/help")
        assert line not in (await api.wait_for("sendMessage", 1, for_chat(WANJIRU.id)))[0].params["text"]


PRIVATELY = ("In a group, what is for you alone (/progress, /preview, and what a command says when there is nothing "
             "to do for you) comes in your private chat with me, once you have pressed Start there.")
