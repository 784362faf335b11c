"""A learner's quiz poll whose link was never stored (the process died in between), then the quiz played privately
(/quiz private:True, buttons only they see): a vote on that old poll must not post their private question in the
channel. Before, the vote was taken for one on the open question's lost poll, which was asked again as a poll
there: the private quiz went on in public."""

from __future__ import annotations

import asyncio

import pytest

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import buttons, message_id, next_poll, poll_question, reply_to
from tests.discord.test_discord_lost_polls import forget_links


@pytest.mark.parametrize("played_privately", ["collectives", "long-options"])  # the same quiz resumed, or another
async def test_a_vote_on_a_lost_poll_keeps_a_private_quiz_private(
        bot: RunningBot, fake: FakeDiscord, settings: Settings, played_privately: str) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID, locale="fr")
    poll = await next_poll(fake, bot)
    await asyncio.to_thread(forget_links, settings)  # as if killed between posting the poll and storing its link

    private = await fake.slash("quiz", {"quiz": played_privately, "private": True}, user_id=LEARNER_ID, locale="fr")
    await fake.wait_until(lambda: next((c for c in fake.answers(private) if buttons(c)), None))
    assert fake.interaction_calls(private)[0].body == {"type": 5, "data": {"flags": EPHEMERAL}}  # only they see it

    mark = len(fake.calls)
    await fake.vote(message_id(poll), 1, user_id=LEARNER_ID)
    told = await reply_to(fake, poll, after=mark)
    await fake.quiet()
    assert fake.polls(after=mark) == [], [poll_question(c) for c in fake.polls(after=mark)]
    _ = bot.engine.localizer_for("fr")  # in the learner's language, the command as their client spells it
    assert _("Your quiz goes on privately, with buttons only you can see: this poll counts for nothing now. "
             "Send {command} to see your question again.", command="/quiz privé:True") in told.content
    assert told.content.startswith(f"<@{LEARNER_ID}> Votre quiz continue en privé")
    assert fake.ended_polls(after=mark) == [message_id(poll)]  # no more votes taken on it
