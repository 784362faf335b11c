"""Two processes (one per shard) on one database: a game question whose message one process's send held past the
question's time is asked again by the other's game sweep, which takes it for one never sent. The channel must not
keep two messages of one question, and an answer pressed on the one taken away, before it went, counts once."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from datetime import timedelta

from adapters.settings import Settings
from bot.games.rules import GRACE, QUESTION_SECONDS
from tests.discord.fake_discord import Call, FakeDiscord
from tests.discord.game_steps import (
    PLAYER_PERMISSIONS,
    answer_button,
    click,
    correct_index,
    edits_of,
    lobby_with_a_player,
    with_buttons,
)
from tests.discord.harness import LEARNER_ID, OTHER_ID, running_bot, sharded
from tests.discord.support import message_id
from tests.fakes.clock import FixedClock

RIGHT = "All-reduce"  # the first question's answer


class Held:
    """The first REST call ``picks`` chooses waits, unanswered, until ``release``."""

    def __init__(self, picks: Callable[[Call], bool]) -> None:
        self.picks = picks
        self.reached = asyncio.Event()
        self.released = asyncio.Event()
        self.call: Call | None = None  # the call held

    async def hold(self, call: Call) -> bool:
        if self.reached.is_set() or not self.picks(call):
            return False
        self.call = call
        self.reached.set()
        await self.released.wait()
        return True


def holding(fake: FakeDiscord, *held: Held) -> None:
    async def before(call: Call) -> None:
        for one in held:
            if await one.hold(call):
                return
    fake.before_call = before


def a_question(call: Call) -> bool:
    rows = call.body.get("components") or [] if call.method == "POST" and isinstance(call.body, dict) else []
    return any(button.get("custom_id", "").startswith("qt:ga:") for row in rows for button in row["components"])


def a_delete(call: Call) -> bool:
    return call.method == "DELETE"


async def test_a_question_asked_again_by_the_other_process_while_its_first_send_was_held_shows_one_message(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    held_ask, held_delete = Held(a_question), Held(a_delete)
    holding(fake, held_ask, held_delete)
    # The server is on shard 0 of 2: the first process serves it; the second, shard 1's, sweeps every game.
    async with running_bot(sharded(settings, 2, (0,)), fake, clock):
        lobby_call, game_id = await lobby_with_a_player(fake)
        await fake.click(message_id(lobby_call), f"qt:gb:{game_id}", user_id=OTHER_ID,
                         member_permissions=PLAYER_PERMISSIONS)
        await asyncio.wait_for(held_ask.reached.wait(), 5)  # its question's message, on its way
        clock.advance(timedelta(seconds=QUESTION_SECONDS) + GRACE)  # its time is up, and no message was kept
        async with running_bot(sharded(settings, 2, (1,)), fake, clock, game_interval=0.02):
            await fake.wait_until(lambda: with_buttons(fake, "qt:ga:"))  # asked again by the sweep
            held_ask.released.set()  # the first process's message goes up at last
            await asyncio.wait_for(held_delete.reached.wait(), 5)
            # The one taken away is the one whose link was stored second: either, as the two processes raced.
            assert held_delete.call is not None
            leaving_id = int(held_delete.call.path.rsplit("/", 1)[1])
            [leaving] = [call for call in with_buttons(fake, "qt:ga:") if message_id(call) == leaving_id]
            [kept] = [call for call in with_buttons(fake, "qt:ga:") if message_id(call) != leaving_id]
            # The learner answers on the message leaving_id away, before it goes (the bot has the click), then again on
            # the one kept. The process that has the click may be the one taking the message away: it answers all
            # the same, the delete going on beside it.
            right = correct_index(leaving, RIGHT)
            token = await fake.click(message_id(leaving), answer_button(leaving, right), user_id=LEARNER_ID,
                                     member_permissions=PLAYER_PERMISSIONS)
            await fake.wait_until(lambda: fake.interaction_calls(token))  # received: deferred, or answered already
            held_delete.released.set()
            locked = await fake.wait_until(lambda: next((c for c in fake.answers(token) if c.content), None))
            assert locked.content == f"Locked in: {'ABC'[right]}"
            again = await click(fake, message_id(kept), answer_button(kept, (right + 1) % 3), LEARNER_ID)
            assert again == "You already answered this question; your first answer counts."
            await fake.wait_until(lambda: fake.deleted_messages())
            assert fake.deleted_messages() == [message_id(leaving)] and message_id(leaving) not in fake.messages
            await click(fake, message_id(kept), answer_button(kept, (right + 1) % 3), OTHER_ID)
            results = await fake.wait_until(lambda: next(iter(edits_of(fake, kept)), None))
    standings = results.body["content"].split("**Standings:**\n")[1].splitlines()
    assert [line.split(" — ")[0].split(". ")[-1] for line in standings] == ["user860", "user870"], standings
    assert standings[0].endswith(" points") and not standings[0].endswith(" 0 points"), standings
    assert len(with_buttons(fake, "qt:ga:")) == 2  # no third: nobody asked it again after


def kept_question_message(settings: Settings, game_id: str) -> str | None:
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        row = database.execute("SELECT question_message FROM games WHERE id = ?", (game_id,)).fetchone()
    return row[0] if row else None


async def test_a_click_on_the_process_taking_its_second_message_away_is_answered_while_the_delete_is_held(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    held_ask, held_sweep, held_delete = Held(a_question), Held(a_question), Held(a_delete)
    holding(fake, held_ask, held_sweep, held_delete)
    async with running_bot(sharded(settings, 2, (0,)), fake, clock):
        lobby_call, game_id = await lobby_with_a_player(fake)
        await fake.click(message_id(lobby_call), f"qt:gb:{game_id}", user_id=OTHER_ID,
                         member_permissions=PLAYER_PERMISSIONS)
        await asyncio.wait_for(held_ask.reached.wait(), 5)
        clock.advance(timedelta(seconds=QUESTION_SECONDS) + GRACE)
        # The fake hands clicks to the process connected last: the second, whose sweep asks again
        async with running_bot(sharded(settings, 2, (1,)), fake, clock, game_interval=0.02):
            await asyncio.wait_for(held_sweep.reached.wait(), 5)
            held_ask.released.set()  # the first process's message kept first: the sweep's is the one to go
            [kept] = await fake.wait_until(lambda: with_buttons(fake, "qt:ga:"))
            await fake.wait_until(lambda: kept_question_message(settings, game_id) == str(message_id(kept)))
            held_sweep.released.set()
            await asyncio.wait_for(held_delete.reached.wait(), 5)
            assert held_delete.call is not None and not held_delete.call.path.endswith(f"/{message_id(kept)}")
            # Its DELETE held (a 429, a slow network): a vote on the game there is answered all the same
            answered = await click(fake, message_id(kept), answer_button(kept, correct_index(kept, RIGHT)),
                                   LEARNER_ID)
            assert answered.startswith("Locked in: ")
            held_delete.released.set()
            await fake.wait_until(lambda: fake.deleted_messages())
            assert message_id(kept) in fake.messages
