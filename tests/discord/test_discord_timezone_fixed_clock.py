"""/timezone GMT on Discord: the tz database's GMT keeps UTC+0 all year, so a Londoner who chose it was an hour off
their clock all summer, and nothing said so. It is set, and the reply says so and names a city that keeps summer
time; UTC, chosen as such, is set without it."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import first_answer


async def test_gmt_is_set_and_said_to_keep_no_summer_time(bot: RunningBot, fake: FakeDiscord) -> None:
    reply = await fake.wait_until(first_answer(fake, await fake.slash("timezone", {"zone": "GMT"},
                                                                      user_id=LEARNER_ID, locale="fr")))
    _ = bot.engine.localizer_for("fr")
    assert reply.content.startswith(_("Your time zone is now {zone}: it is {time} there.", zone="GMT", time="")[:-1])
    assert reply.content.endswith(" " + _("It stays at {offset} all year, with no summer time: if your clock changes "
                                          "in summer, name your city instead, like {city}.", offset="UTC+0",
                                          city="Europe/London"))

    reply = await fake.wait_until(first_answer(fake, await fake.slash("timezone", {"zone": "UTC"}, user_id=LEARNER_ID)))
    assert reply.content.startswith("Your time zone is now UTC: it is ") and "summer" not in reply.content
