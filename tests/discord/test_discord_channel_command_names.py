"""What the bot posts in a channel after a vote names commands as a client in the reply's language shows them: a vote
carries no locale, so the learner's language stands for their client's (English names where Discord has no client in
that language). Else a French learner read "/quizzes" and "/quiz private:True", which their client lists as
"/liste-quiz" and "/quiz privé:True"."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot
from tests.discord.payloads import CHANNEL_ID, OWNER_ID
from tests.discord.support import next_poll, vote_for

RIGHT = ("All-reduce (réduction totale)", "All-gather (collecte totale)", "NVLink")


async def test_a_summary_posted_after_a_french_learners_last_vote_names_the_commands_as_their_client_does(
        bot: RunningBot, fake: FakeDiscord) -> None:
    fr = bot.engine.localizer_for("fr")
    await fake.slash("quiz", {"quiz": "collectives"}, locale="fr", guild_locale="fr")
    mark = 0
    for answer in RIGHT:
        poll = await next_poll(fake, bot, after=mark)
        mark = len(fake.calls)
        await vote_for(fake, poll, answer, OWNER_ID)
    summary = await fake.wait_until(
        lambda: next((c for c in fake.channel_messages(after=mark) if "🏁" in c.content), None))
    step = fr("Send /quizzes to choose a quiz, or /help to see everything I can do.")
    assert step.replace("/quizzes", "/liste-quiz") in summary.content, summary.content


async def test_polls_refused_after_a_french_learners_vote_name_the_private_option_as_their_client_does(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, locale="fr", guild_locale="fr")
    poll = await next_poll(fake, bot)
    fake.poll_refusing_channels.add(CHANNEL_ID)
    mark = len(fake.calls)
    await vote_for(fake, poll, RIGHT[0], OWNER_ID)
    told = await fake.wait_until(lambda: next((c for c in fake.channel_messages(after=mark)
                                               if "/quiz" in c.content), None))
    assert "/quiz privé:True" in told.content, told.content


async def test_an_english_or_swahili_learner_reads_the_english_names(bot: RunningBot, fake: FakeDiscord) -> None:
    """Swahili has names in the catalog, but no Discord client speaks it: the names it lists are the English ones."""
    chosen = await fake.slash("language", {"language": "sw"})
    await fake.wait_until(lambda: fake.answers(chosen))
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    fake.poll_refusing_channels.add(CHANNEL_ID)
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce (punguza-zote)", OWNER_ID)
    told = await fake.wait_until(lambda: next((c for c in fake.channel_messages(after=mark)
                                               if "/quiz" in c.content), None))
    assert "/quiz private:True" in told.content, told.content
