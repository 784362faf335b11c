"""/reminders with the time as a learner says it in Swahili, Yorùbá or Shona, whatever language the bot speaks to
them: it was refused ("I didn't understand"). Read where the words say one time, confirmed on the 24-hour clock;
asked about, in the learner's language, where they could say two."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, WANJIRU, for_chat, running_bot
from tests.telegram.test_telegram_review import reminder_of

SET = "I'll remind you at {time} ({zone}) on days when questions are due. Change your time zone with /timezone."
UNCLEAR = ("I can't tell which time “{text}” is: say the part of the day, as in {examples} (each is 19:00), or "
           "write it on the 24-hour clock, as in /reminders on 19:00.")


async def test_swahili_time_is_read_from_sunrise_and_sunset_and_confirmed_on_the_24_hour_clock(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(WANJIRU, "/reminders saa mbili usiku")
        reply = (await api.wait_for("sendMessage", 1, for_chat(WANJIRU.id)))[0].params["text"]
        assert reply == engine.localizer_for("sw")(SET, time="20:00", zone="UTC")
        assert "20:00 kwa mfumo wa saa 24" in reply
        assert reminder_of(settings, WANJIRU.id)[0] == "20:00"


async def test_a_yoruba_time_is_read_while_the_bot_speaks_french(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/reminders on aago méje alẹ́")
        reply = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0].params["text"]
        assert reply == engine.localizer_for("fr")(SET, time="19:00", zone="UTC")
        assert reminder_of(settings, AMINATA.id)[0] == "19:00"


async def test_a_time_that_could_be_two_is_asked_about_in_the_learners_language(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(WANJIRU, "/reminders saa moja")
        reply = (await api.wait_for("sendMessage", 1, for_chat(WANJIRU.id)))[0].params["text"]
        asked = engine.localizer_for("sw")(UNCLEAR, text="saa moja",
                                           examples="saa moja usiku, 7 pm, aago méje alẹ́, na-7 manheru")
        assert asked != UNCLEAR.format(text="saa moja", examples="saa moja usiku, 7 pm, aago méje alẹ́, na-7 manheru")
        assert reply == asked
        assert reminder_of(settings, WANJIRU.id)[0] is None


async def test_a_swahili_hour_said_sharp_is_read(api: FakeBotApi, settings: Settings) -> None:
    """"saa mbili kamili asubuhi" (eight o'clock sharp in the morning), as often said as without "kamili", was
    answered "I didn't understand"."""
    async with running_bot(settings) as engine:
        await api.command(WANJIRU, "/reminders saa mbili kamili asubuhi")
        reply = (await api.wait_for("sendMessage", 1, for_chat(WANJIRU.id)))[0].params["text"]
        assert reply == engine.localizer_for("sw")(SET, time="08:00", zone="UTC")
        assert reminder_of(settings, WANJIRU.id)[0] == "08:00"


async def test_a_shona_learner_is_shown_the_evening_as_the_bot_writes_a_time_and_can_type_it_back(
        api: FakeBotApi, settings: Settings) -> None:
    """The example in the learner's own language comes first. Shona's was "na7 manheru" beside "(zvese ndi-19:00)"
    in the same line, where every other line writes a prefix onto a number with a hyphen (tests/i18n's house
    style); the hyphen is read as before."""
    rudo = FakeUser(381, "Rudo", "en")
    async with running_bot(settings):
        await api.command(rudo, "/language sn")
        await api.command(rudo, "/reminders on 7")
        [_chosen, asked] = await api.wait_for("sendMessage", 2, for_chat(rudo.id))
        assert "sezvi na-7 manheru, 7 pm," in asked.params["text"], asked.params["text"]
        await api.command(rudo, "/reminders on na-7 manheru")
        await api.wait_for("sendMessage", 3, for_chat(rudo.id))
    assert reminder_of(settings, rudo.id)[0] == "19:00"
