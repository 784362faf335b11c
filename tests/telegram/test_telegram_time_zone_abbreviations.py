"""/timezone WAT, as a learner in Lagos or Dakar knows their clock, was refused as an unknown zone."""

from __future__ import annotations

import re

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, JUMA, for_chat, running_bot


async def test_an_abbreviation_sets_its_zone_and_the_reply_names_it_in_french(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/timezone WAT")
        reply = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0].params["text"]
        assert "Africa/Lagos (WAT)" in reply
        now = engine.localizer_for("fr")("Your time zone is {zone}: it is {time} there. To change it, send /timezone "
                                         "followed by a name like Africa/Lagos or Europe/Paris, or an offset like "
                                         "UTC+3.", zone="Africa/Lagos", time="")
        await api.command(AMINATA, "/timezone")
        shown = (await api.wait_for("sendMessage", 2, for_chat(AMINATA.id)))[1].params["text"]
        assert shown.startswith(now.split("Africa/Lagos")[0] + "Africa/Lagos")  # set, and said in French


async def test_est_is_new_york_with_its_summer_time_and_cst_asks_which_in_the_learners_language(
        api: FakeBotApi, settings: Settings) -> None:
    """The tz database's "EST" is a fixed UTC-5: a New Yorker's reminders came an hour late all summer."""
    async with running_bot(settings) as engine:
        await api.command(JUMA, "/timezone EST")
        reply = (await api.wait_for("sendMessage", 1, for_chat(JUMA.id)))[0].params["text"]
        assert reply.startswith("Your time zone is now America/New_York (EST): it is ")
        await api.command(AMINATA, "/timezone CST")
        asked = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0].params["text"]
        assert asked == engine.localizer_for("fr")(
            "“{name}” is used for more than one time zone: send your city or the name of your zone instead, like "
            "{zones}.", name="CST", zones="America/Chicago, Asia/Shanghai, America/Havana")


async def test_gmt_is_set_and_said_to_keep_no_summer_time_in_the_learners_language(
        api: FakeBotApi, settings: Settings) -> None:
    """The tz database's GMT keeps UTC+0 all year: a Londoner who typed it was an hour off all summer, unwarned."""
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/timezone GMT")
        reply = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0].params["text"]
        _ = engine.localizer_for("fr")
        assert reply.startswith(_("Your time zone is now {zone}: it is {time} there.", zone="GMT", time="")[:-1])
        assert reply.endswith(" " + _("It stays at {offset} all year, with no summer time: if your clock changes in "
                                      "summer, name your city instead, like {city}.", offset="UTC+0",
                                      city="Europe/London"))
        assert "\u00a0:" in reply


async def test_est_says_new_york_changes_for_summer_time_and_names_panama_in_the_learners_language(
        api: FakeBotApi, settings: Settings) -> None:
    """Panama, Jamaica and Cancún keep EST all year: their learners got New York's summer time, unwarned."""
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/timezone EST")
        reply = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0].params["text"]
        _ = engine.localizer_for("fr")
        time = re.findall(r"\d\d:\d\d", reply)[0]  # the bot's clock is the real one
        assert reply == _("Your time zone is now {zone} ({abbreviation}): it is {time} there. Its clock changes for "
                          "summer time: if yours shows another time, or stays on {abbreviation} all year, name your "
                          "city instead, like {city}.", zone="America/New_York", abbreviation="EST", time=time,
                          city="America/Panama")
        assert "summer" not in reply  # said in French


async def test_a_learner_in_quebec_writes_eastern_time_in_french(api: FakeBotApi, settings: Settings) -> None:
    """"HNE" (heure normale de l'Est) was refused as an unknown zone, while "EST" was read."""
    async with running_bot(settings):
        await api.command(AMINATA, "/timezone HNE")
        reply = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0].params["text"]
        assert reply.startswith("Votre fuseau horaire est désormais America/Toronto (HNE)\u00a0: il y est "), reply
