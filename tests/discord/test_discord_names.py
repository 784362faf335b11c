"""Players' names appear in lobbies, standings and podiums as typed: never as formatting or another member."""

from __future__ import annotations

from adapters.discord import game_render
from bot.games.replies import GameBegins, GameLobby
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot
from tests.discord.payloads import CHANNEL_ID

NAME = ("**Boss** @everyone <@810000000000000042> <@&810000000000000077> `code` </reload:810000000000000099> "
        "<#810000000000000001> <t:1700000000:R> <:party:810000000000000055>")


def test_a_name_cannot_draw_a_mention_or_formatting() -> None:
    lobby = GameLobby(game_id="g", chat_id="c", title="Group game: Collectives",
                      lines=(f"Players: {NAME}",), join_label="Join", start_label="Start")
    text = game_render.lobby(lobby)
    for mention in ("<@810000000000000042>", "<@&810000000000000077>", "@everyone", "</reload:", "<#8", "<t:1",
                    "<:party:"):
        # The client would draw it as a member, a role, everyone, a clickable command, a channel, a time, an emoji.
        assert mention not in text.replace("\\<", "").replace("\\@", ""), mention
    assert "**Boss**" not in text and "`code`" not in text
    assert "Boss" in text and "everyone" in text and "810000000000000042" in text  # the name is still all there


async def test_a_game_of_many_players_with_long_names_still_takes_the_buttons_off_its_lobby(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """Nicknames are up to 32 characters: sixty of them listed as the game begins are past Discord's 2,000."""
    surface = bot.adapter.game_surface(str(CHANNEL_ID))
    game_id = "0" * 32
    posted = await surface.lobby(GameLobby(game_id, str(CHANNEL_ID), "Group game: Collectives", ("Players: …",),
                                           "Join", "Start"))
    assert posted.message_id is not None
    names = ", ".join(f"Study group member, number {n:02d} :)" for n in range(60))  # 32 characters each
    await surface.begins(GameBegins(game_id, str(CHANNEL_ID), posted.message_id, f"Game on! 60 players: {names}"))
    lobby = fake.messages[int(posted.message_id)]
    assert lobby["content"].startswith("Game on! 60 players: Study group member, number 00 :)")
    assert not lobby["components"]  # no Join or Start left to press in a game under way
