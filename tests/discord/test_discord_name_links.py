"""A nickname is what its owner typed, and Discord shows a preview (an embed) of each link in a message it can: a
nickname "https://example.com" in a game's lobby, standings or podium would put that site's preview under the
bot's message, as if the bot offered it. Wrapped in <>, a link shows as before but without a preview. And a
masked link, "[text](https://…)", would show only its text, a link to a site it doesn't name."""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Any

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, answer_button, edits_of, lobby, question
from tests.discord.harness import OTHER_ID, running_bot
from tests.discord.payloads import ALL_PERMISSIONS, CHANNEL_ID, command_options, interaction_payload
from tests.discord.support import first_answer, message_id
from tests.fakes.clock import FixedClock

NICK = "https://example.com"
MASKED_NICK = "[a](b) [Ada](https://example.com)"  # the second "[": a link behind "Ada"
# A link Discord previews: one not wrapped in an unescaped <...> (a "\<" shows a "<" and leaves the link bare).
LINK = re.compile(r"(\\?<)?(https?://[^\s<>]+)(>)?")
# A masked link Discord draws: an unescaped "[" (after an even run of backslashes), "](" and a web address.
MASKED = re.compile(r"(?<!\\)(?:\\\\)*\[[^\n]*?\]\(\s*<?https?://")
GAMES = 0.02  # seconds between looks for game phases that are due


def previewed(content: str) -> list[str]:
    return [found[2] for found in LINK.finditer(content) if not (found[1] == "<" and found[3])]


def masked(content: str) -> list[str]:
    return [found[0] for found in MASKED.finditer(content)]


async def as_nick(fake: FakeDiscord, kind: int, data: dict[str, Any], message: int | None = None,
                  nick: str = NICK) -> str:
    """A command (2) or a click (3) on ``message`` by the member whose nickname is ``nick``."""
    interaction_id = fake.snowflake()
    token = f"itoken-{interaction_id}"
    await fake.dispatch("INTERACTION_CREATE", interaction_payload(
        interaction_id, token, kind, data, user_id=OTHER_ID, locale="en-US", channel_id=CHANNEL_ID, dm=False,
        guild_locale="en-US", permissions=ALL_PERMISSIONS, member_permissions=PLAYER_PERMISSIONS, nick=nick,
        message=None if message is None else fake.messages[message]))
    return token


def game_command(fake: FakeDiscord, subcommand: str, options: dict[str, Any], nick: str = NICK) -> Awaitable[str]:
    return as_nick(fake, 2, {"id": str(fake.snowflake()), "name": "game", "type": 1,
                             "options": [{"name": subcommand, "type": 1, "options": command_options(options, None)}]},
                   nick=nick)


async def press(fake: FakeDiscord, message: int, custom_id: str, nick: str = NICK) -> None:
    token = await as_nick(fake, 3, {"custom_id": custom_id, "component_type": 2}, message, nick)
    await fake.wait_until(lambda: fake.interaction_calls(token))  # answered (a Start, with no words)


def test_the_previewed_links_are_those_discord_previews() -> None:
    assert previewed(f"Players: {NICK}") == [NICK] and previewed(f"Players: \\<{NICK}>") == [NICK]
    assert previewed(f"Players: <{NICK}>") == [] and previewed("Players: Ada") == []


def test_the_masked_links_are_those_discord_draws() -> None:
    assert masked("Players: [Ada](https://example.com)") == ["[Ada](https://"]
    assert masked("Players: \\\\[Ada](<https://example.com>)") == ["\\\\[Ada](<https://"]
    assert masked("Players: \\[Ada](https://example.com)") == [] and masked("[a](b), Ada") == []


async def game_messages(fake: FakeDiscord, settings: Settings, clock: FixedClock, nick: str) -> list[str]:
    """A game the member whose nickname is ``nick`` starts, plays and stops, and the leaderboard after it: the
    messages that show their nickname (the lobby as posted and as the game began, the results, the podium and the
    leaderboard)."""
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        await game_command(fake, "start", {"quiz": "collectives"}, nick)
        lobby_call, game_id = await lobby(fake)
        await press(fake, message_id(lobby_call), f"qt:gb:{game_id}", nick)
        first = await question(fake, 1)
        await press(fake, message_id(first), answer_button(first, 0), nick)
        results = await fake.wait_until(lambda: next(iter(edits_of(fake, first)), None))
        stopped = await game_command(fake, "stop", {}, nick)
        await fake.wait_until(first_answer(fake, stopped))
        podium = await fake.wait_until(lambda: next((c for c in fake.channel_messages() if "Stopped by" in c.content),
                                                    None))
        board = await fake.slash("leaderboard", {"period": "all"}, user_id=OTHER_ID)
        shown = await fake.wait_until(lambda: next((c for c in fake.answers(board) if "1\\. " in c.content), None))

    return [lobby_call.content, edits_of(fake, lobby_call)[-1].content, results.content, podium.content,
            shown.content]


async def test_a_nickname_holding_a_link_shows_no_preview_in_a_games_messages(
        fake: FakeDiscord, settings: Settings, clock: FixedClock) -> None:
    named = await game_messages(fake, settings, clock, NICK)
    assert f"Players: <{NICK}>" in named[0]  # shown as typed, and still a link
    assert all("example.com" in content for content in named), named
    for content in named:
        assert previewed(content) == [], content


async def test_a_nickname_holding_a_masked_link_shows_it_as_typed(
        fake: FakeDiscord, settings: Settings, clock: FixedClock) -> None:
    """"[a](b) [Ada](https://example.com)": the bot escaped the first "[" of a line, and the second drew "Ada" as a
    link to a site nobody saw named."""
    named = await game_messages(fake, settings, clock, MASKED_NICK)
    assert all("[Ada](<https://example.com>)" in content.replace("\\", "") for content in named), named
    for content in named:
        assert masked(content) == [], content
