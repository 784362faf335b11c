"""A group game stopped while still in its lobby: the lobby's Join and Start go with it (before, they stayed under
a game that was over, inviting presses that could only be refused), and a press on a lobby sent before says how to
start a game as the presser's Discord client spells it, whichever button it was."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, click, edits_of, open_lobby
from tests.discord.harness import LEARNER_ID, OTHER_ID, RunningBot
from tests.discord.support import buttons, first_answer, message_id


async def test_a_game_stopped_in_its_lobby_takes_the_lobbys_buttons_away(bot: RunningBot, fake: FakeDiscord) -> None:
    lobby_call, _game_id = await open_lobby(fake, LEARNER_ID)
    stopped = await fake.slash("game", subcommand="stop", user_id=LEARNER_ID, member_permissions=PLAYER_PERMISSIONS)
    await fake.wait_until(first_answer(fake, stopped))
    edit = await fake.wait_until(lambda: next(iter(edits_of(fake, lobby_call)), None))
    assert not buttons(edit)
    assert lobby_call.content in fake.messages[message_id(lobby_call)]["content"]  # the lobby's words stay


async def test_start_and_join_on_a_game_that_is_over_both_say_the_command_as_the_client_spells_it(
        bot: RunningBot, fake: FakeDiscord) -> None:
    lobby_call, game_id = await open_lobby(fake, LEARNER_ID)
    stopped = await fake.slash("game", subcommand="stop", user_id=LEARNER_ID, member_permissions=PLAYER_PERMISSIONS)
    await fake.wait_until(first_answer(fake, stopped))
    await fake.quiet()
    # Presses that reached Discord before the lobby lost its buttons: they come with the lobby as it was.
    fake.messages[message_id(lobby_call)]["components"] = lobby_call.body["components"]
    fr = bot.engine.localizer_for("fr")
    over = fr("This game is over. Start a new one with /game.").replace("/game.", "/game lancer.")
    assert await click(fake, message_id(lobby_call), f"qt:gj:{game_id}", OTHER_ID, locale="fr") == over
    assert await click(fake, message_id(lobby_call), f"qt:gb:{game_id}", LEARNER_ID, locale="fr") == over
