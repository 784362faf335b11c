"""/timezone Nigeria on Discord was refused as an unknown zone: a country's name sets its zone, the reply naming
the country in the learner's language; a country of several clocks asks for a city."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import first_answer


async def test_a_country_sets_its_zone_named_in_the_learners_language(bot: RunningBot, fake: FakeDiscord) -> None:
    reply = await fake.wait_until(first_answer(fake, await fake.slash("timezone", {"zone": "Nigeria"},
                                                                      user_id=LEARNER_ID, locale="fr")))
    _ = bot.engine.localizer_for("fr")
    assert reply.content.startswith(_("Your time zone is now {zone} ({country}): it is {time} there.",
                                      zone="Africa/Lagos", country="Nigeria", time="\0").partition("\0")[0])

    reply = await fake.wait_until(first_answer(fake, await fake.slash("timezone", {"zone": "Canada"},
                                                                      user_id=LEARNER_ID, locale="fr")))
    assert reply.content.startswith(_("{country} has more than one time zone: send your city or the name of your zone "
                                      "instead, like {zones}.", country="Canada", zones="\0").partition("\0")[0])
