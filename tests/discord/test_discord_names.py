"""Players' names appear in lobbies, standings and podiums as typed: never as formatting or another member."""

from __future__ import annotations

from adapters.discord import game_render
from bot.games.replies import GameLobby

NAME = ("**Boss** @everyone <@810000000000000042> <@&810000000000000077> `code` </reload:810000000000000099> "
        "<#810000000000000001> <t:1700000000:R> <:party:810000000000000055>")


def test_a_name_cannot_draw_a_mention_or_formatting() -> None:
    lobby = GameLobby(game_id="g", chat_id="c", title="Group game: Collectives",
                      lines=(f"Players: {NAME}",), join_label="Join", start_label="Start")
    text = game_render.lobby(lobby)
    for mention in ("<@810000000000000042>", "<@&810000000000000077>", "@everyone", "</reload:", "<#8", "<t:1",
                    "<:party:"):
        # The client would draw it as a member, a role, everyone, a clickable command, a channel, a time, an emoji.
        assert mention not in text.replace("\\<", ""), mention
    assert "**Boss**" not in text and "`code`" not in text
    assert "Boss" in text and "everyone" in text and "810000000000000042" in text  # the name is still all there
