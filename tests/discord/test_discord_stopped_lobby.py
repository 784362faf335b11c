"""A group game stopped while still in its lobby: the lobby's Join and Start go with it (before, they stayed under
a game that was over, inviting presses that could only be refused)."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, edits_of, lobby
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import buttons, first_answer, message_id


async def test_a_game_stopped_in_its_lobby_takes_the_lobbys_buttons_away(bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("game", {"quiz": "collectives"}, subcommand="start", user_id=LEARNER_ID,
                     member_permissions=PLAYER_PERMISSIONS)
    lobby_call, _game_id = await lobby(fake)
    stopped = await fake.slash("game", subcommand="stop", user_id=LEARNER_ID, member_permissions=PLAYER_PERMISSIONS)
    await fake.wait_until(first_answer(fake, stopped))
    edit = await fake.wait_until(lambda: next(iter(edits_of(fake, lobby_call)), None))
    assert not buttons(edit)
    assert lobby_call.content in fake.messages[message_id(lobby_call)]["content"]  # the lobby's words stay

