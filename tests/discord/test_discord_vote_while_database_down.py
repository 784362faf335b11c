"""A learner's vote on their quiz poll while PostgreSQL is out of reach (restarting, failing over): it can't be
kept, and they must not be left waiting in silence for a verdict. Discord lets a vote be taken back and cast again,
which, once the database is back, answers the question."""

from __future__ import annotations

from adapters.discord import render
from adapters.settings import Settings
from bot.replies import Actor
from tests.discord.endpoints import serving
from tests.discord.fake_votes import VotingFakeDiscord
from tests.discord.harness import LEARNER_ID, running_bot
from tests.discord.support import message_id, next_poll, poll_answers, reply_to, vote_for
from tests.support.tcp_proxy import proxied

NOT_SAVED = "{mention} Sorry, I couldn't save your vote just now. In a moment, take it back and vote again."


async def test_a_vote_while_the_database_is_down_is_answered_and_counts_once_cast_again(
        settings: Settings, postgres_url: str) -> None:
    proxy, through_proxy = await proxied(postgres_url)
    try:
        async with serving(VotingFakeDiscord()) as fake, \
                running_bot(settings.model_copy(update={"database_url": through_proxy}), fake) as bot:
            await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID, locale="fr")
            poll = await next_poll(fake, bot)
            answer = poll_answers(poll)[0]
            await proxy.cut()  # pooled connections die, new ones are refused: as during a restart

            mark = len(fake.calls)
            await vote_for(fake, poll, answer, LEARNER_ID)
            told = await reply_to(fake, poll, after=mark)
            fr = bot.engine.localizer_for("fr")
            assert told.body["content"] == fr(NOT_SAVED, mention=render.mention(LEARNER_ID)) \
                != NOT_SAVED.format(mention=render.mention(LEARNER_ID))  # in French, though it wasn't looked up

            await proxy.open()
            await fake.vote(message_id(poll), poll_answers(poll).index(answer) + 1, user_id=LEARNER_ID, add=False)
            mark = len(fake.calls)
            await vote_for(fake, poll, answer, LEARNER_ID)  # as told: now it counts
            await reply_to(fake, poll, after=mark)  # the verdict
            progress = await bot.engine.progress(Actor("discord", str(LEARNER_ID)))
        assert progress.lines[0].text in {fr("in progress: {answered} of {total} answered, {correct} right",
                                             answered=1, total=3, correct=right) for right in (0, 1)}
    finally:
        await proxy.cut()
