"""/timezone Sénégal, as a learner in Dakar knows where they live, was refused as an unknown zone: a country's name
sets its zone, named in the learner's language; one of several clocks asks for a city."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, JUMA, for_chat, running_bot


async def test_a_country_sets_its_zone_and_one_of_several_clocks_asks_which_in_the_learners_language(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/timezone Sénégal")
        reply = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0].params["text"]
        _ = engine.localizer_for("fr")
        assert reply.startswith(_("Your time zone is now {zone} ({country}): it is {time} there.",
                                  zone="Africa/Dakar", country="Sénégal", time="\0").partition("\0")[0])
        await api.command(AMINATA, "/timezone RDC")
        asked = (await api.wait_for("sendMessage", 2, for_chat(AMINATA.id)))[1].params["text"]
        assert asked == _("{country} has more than one time zone: send your city or the name of your zone instead, "
                          "like {zones}.", country="Congo-Kinshasa", zones="Africa/Lubumbashi, Africa/Kinshasa")

        await api.command(JUMA, "/timezone kenya")
        said = (await api.wait_for("sendMessage", 1, for_chat(JUMA.id)))[0].params["text"]
        assert said.startswith("Your time zone is now Africa/Nairobi (Kenya): it is ")


async def test_a_city_without_a_zone_of_its_own_is_told_its_country_would_do_in_the_learners_language(
        api: FakeBotApi, settings: Settings) -> None:
    """Ibadan has no zone of the tz database: the refusal named zones only, not that Nigeria is understood."""
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/timezone Ibadan")
        reply = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0].params["text"]
        assert reply == engine.localizer_for("fr")(
            "I don't know the time zone “{name}”. Use your country's name, like {country}, or a zone's, like "
            "Africa/Lagos, Africa/Nairobi, Africa/Harare or Europe/Paris, or an offset like UTC+3.", name="Ibadan",
            country="Nigeria")
        assert "\u00a0" in reply  # French's no-break spaces inside « »
