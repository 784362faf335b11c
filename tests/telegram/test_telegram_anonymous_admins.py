"""An anonymous admin's commands come in the group's own name: nobody to keep a quiz or a score for, but an admin
of the group all the same (only admins may post as it). So what steers the group itself, /game stop, /game skip
and the group's /language, works for them, with no user kept; /quiz and the like still say why not."""

from __future__ import annotations

from adapters.settings import Settings
from bot.replies import Actor
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, buttons_data, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, for_chat, running_bot

ANONYMOUS_ADMIN = FakeUser(1087968824, "Group", is_bot=True)  # Telegram's GroupAnonymousBot: one for every group's
ADA = FakeUser(301, "Ada", "en")
NAMELESS = "I can't tell who you are while you post as the group"
GAMES = 0.02  # seconds between looks for game phases that are due


async def test_an_anonymous_admin_skips_and_stops_the_groups_game(api: FakeBotApi, settings: Settings,
                                                                  clock: FixedClock) -> None:
    """Before: both were refused with "I can't tell who you are ... can't keep your quiz or your score"."""
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        _game_id, first = await begun(api, ADA, GROUP, (AMINATA,))
        await vote(api, first, AMINATA, right=True)
        await api.command(ANONYMOUS_ADMIN, "/game skip", GROUP, as_chat=GROUP)
        await api.wait_for("stopPoll", 1)  # the question closed before its time: its results follow
        await api.command(ANONYMOUS_ADMIN, "/game stop", GROUP, as_chat=GROUP)
        podium = (await api.wait_for("sendMessage", 1, lambda p: "Game stopped" in p["text"]))[-1].params["text"]
        assert "Stopped by Study group." in podium and "🥇 Aminata" in podium
        await api.command(ANONYMOUS_ADMIN, "/game stop", GROUP, as_chat=GROUP)  # nothing left to stop: said so
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == "No game is running in this chat. Start one "
                                                                    "with /game.")
        await api.settle()
        assert not api.calls("sendMessage", lambda p: NAMELESS in p["text"])
        # Posting as the group is an admin's right already: the placeholder's own rights are none of it.
        assert not api.calls("getChatMember", lambda p: p["user_id"] == str(ANONYMOUS_ADMIN.id))
        assert not (await engine.progress(Actor("telegram", str(ANONYMOUS_ADMIN.id)))).lines


async def test_an_anonymous_admin_sets_the_groups_language(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(ANONYMOUS_ADMIN, "/language fr", GROUP, as_chat=GROUP)
        fr = engine.localizer_for("fr")
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == fr(
            "Games in this chat are in {name} from now on.", name="Français"))
        await api.command(ANONYMOUS_ADMIN, "/language", GROUP, as_chat=GROUP)  # the group's picker, in French
        picker = (await api.wait_for("sendMessage", 2, for_chat(GROUP.id)))[1].params
        assert picker["text"] == fr("Which language should I speak?")
        assert all(data.startswith("clang:") for data in buttons_data(picker))
        await api.command(ANONYMOUS_ADMIN, "/language xx", GROUP, as_chat=GROUP)  # said in the group, plainly
        refused = (await api.wait_for("sendMessage", 3, for_chat(GROUP.id)))[2].params["text"]
        assert refused.startswith(fr("I don't speak “{choice}”. Choose one of: {names}.", choice="xx",
                                     names="")[:20])
        await api.command(ANONYMOUS_ADMIN, "/quiz collectives", GROUP, as_chat=GROUP)  # a quiz needs a person
        said = (await api.wait_for("sendMessage", 4, for_chat(GROUP.id)))[3].params["text"]
        assert said.startswith("Je ne sais pas qui vous êtes")
        await api.settle()
        assert api.calls("sendMessage", for_chat(ANONYMOUS_ADMIN.id)) == [] and api.polls(GROUP.id) == []
        assert not (await engine.progress(Actor("telegram", str(ANONYMOUS_ADMIN.id)))).lines
