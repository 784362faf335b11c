"""A member's own poll of a quiz, open in the channel since before its group game opened there, takes no votes
while the game is on: its reply would post the answer to a question of the game while the game asks it."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import open_and_begin
from tests.discord.harness import OTHER_ID, RunningBot
from tests.discord.payloads import OWNER_ID
from tests.discord.support import message_id, next_poll, vote_for


async def test_a_vote_on_a_solo_poll_of_the_games_quiz_is_refused_and_gives_no_answer_away(
        bot: RunningBot, fake: FakeDiscord) -> None:
    _ = bot.engine.localizer_for("en")
    await fake.slash("quiz", {"quiz": "collectives"})  # the owner's own round, before the game opens here
    solo = await next_poll(fake, bot)
    await open_and_begin(fake, OTHER_ID, (OWNER_ID,))

    await vote_for(fake, solo, "All-reduce", OWNER_ID)
    waits = _("You're playing {title} in a group game right now, so this answer to your own round of it "
              "doesn't count. That round waits for you until the game is over.", title="Collectives")
    said = await fake.wait_until(lambda: next((c for c in fake.channel_messages() if waits in c.content), None))
    assert said.content == f"<@{OWNER_ID}> {waits}"
    assert not [c for c in fake.channel_messages() if "All-reduce sums" in c.content]  # no feedback, no answer
    assert len(fake.polls()) == 1  # nothing moved on


async def test_a_solo_poll_held_by_the_game_is_ended_when_its_round_is_stopped(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """Left open, it would take votes that count for nothing, now or after the game. An ended Discord poll shows
    vote counts, not an answer (no quiz mode), so it is ended as any other."""
    await fake.slash("quiz", {"quiz": "collectives"})
    solo = await next_poll(fake, bot)
    await open_and_begin(fake, OTHER_ID, (OWNER_ID,))
    assert fake.ended_polls() == []

    await fake.slash("stop")
    assert await fake.wait_until(lambda: fake.ended_polls() == [message_id(solo)] or None)
