"""Steps of a group game on the fake Discord: the lobby, the question messages, clicks and what they answered."""

from __future__ import annotations

import discord

from tests.discord.fake_discord import Call, FakeDiscord
from tests.discord.harness import LEARNER_ID, OTHER_ID
from tests.discord.payloads import ALL_PERMISSIONS
from tests.discord.support import buttons, first_answer, message_id

# A member who may not manage the server: no say over a game they didn't start.
PLAYER_PERMISSIONS = ALL_PERMISSIONS & ~discord.Permissions(manage_guild=True, administrator=True).value


def with_buttons(fake: FakeDiscord, prefix: str) -> list[Call]:
    """Channel messages whose buttons start with ``prefix`` (qt:gj lobbies, qt:ga questions)."""
    return [call for call in fake.channel_messages()
            if any(button["custom_id"].startswith(prefix) for button in buttons(call))]


async def lobby(fake: FakeDiscord) -> tuple[Call, str]:
    call = await fake.wait_until(lambda: next(iter(with_buttons(fake, "qt:gj:")), None))
    return call, buttons(call)[0]["custom_id"].split(":")[2]


async def question(fake: FakeDiscord, number: int) -> Call:
    """The ``number``-th question message (1 for the first)."""
    found = await fake.wait_until(lambda: (asked := with_buttons(fake, "qt:ga:")) and len(asked) >= number
                                  and asked)
    return found[number - 1]


def answer_button(question_call: Call, index: int) -> str:
    return buttons(question_call)[index]["custom_id"]


def correct_index(question_call: Call, right_text: str) -> int:
    """The option whose text contains ``right_text`` (the buttons carry letter and option)."""
    return next(index for index, button in enumerate(buttons(question_call)) if right_text in button["label"])


async def click(fake: FakeDiscord, message: int, custom_id: str, user_id: int, *, locale: str = "en-US",
                member_permissions: int = PLAYER_PERMISSIONS) -> str:
    """Click and wait until the click was answered; what the clicker was shown."""
    token = await fake.click(message, custom_id, user_id=user_id, locale=locale,
                             member_permissions=member_permissions)
    answer = await fake.wait_until(lambda: next((c for c in fake.answers(token) if c.content), None))
    return answer.content


async def open_lobby(fake: FakeDiscord, starter: int, quiz: str = "collectives") -> tuple[Call, str]:
    """``starter``, a player with no say over the server, opens a game of ``quiz``: its lobby and id."""
    await fake.slash("game", {"quiz": quiz}, subcommand="start", user_id=starter,
                     member_permissions=PLAYER_PERMISSIONS)
    return await lobby(fake)


async def open_and_begin(fake: FakeDiscord, starter: int, players: tuple[int, ...]) -> tuple[str, int]:
    """A game of collectives with ``players`` joined and begun; its id and the first question's message."""
    lobby_call, game_id = await open_lobby(fake, starter)
    for player in players:
        await click(fake, message_id(lobby_call), f"qt:gj:{game_id}", player)
    await fake.click(message_id(lobby_call), f"qt:gb:{game_id}", user_id=starter, member_permissions=PLAYER_PERMISSIONS)
    return game_id, message_id(await question(fake, 1))


async def lobby_with_a_player(fake: FakeDiscord, quiz: str = "collectives") -> tuple[Call, str]:
    """OTHER_ID starts ``quiz`` and LEARNER_ID joins: the lobby and the game's id."""
    lobby_call, game_id = await open_lobby(fake, OTHER_ID, quiz)
    await click(fake, message_id(lobby_call), f"qt:gj:{game_id}", LEARNER_ID)
    return lobby_call, game_id


async def two_player_game(fake: FakeDiscord, quiz: str = "collectives") -> tuple[Call, str, Call]:
    """lobby_with_a_player, then OTHER_ID begins: the lobby, the game's id, the first question."""
    lobby_call, game_id = await lobby_with_a_player(fake, quiz)
    await fake.click(message_id(lobby_call), f"qt:gb:{game_id}", user_id=OTHER_ID,
                     member_permissions=PLAYER_PERMISSIONS)
    return lobby_call, game_id, await question(fake, 1)


async def taken_away_mid_question(fake: FakeDiscord, taken_away: set[int]) -> tuple[Call, int]:
    """two_player_game, its first question's message kept (the question's clock starts as it appears), then its
    channel's id put in ``taken_away`` (the fake's deleted_channels or locked_threads), as a moderator does
    mid-question: the first question, and the channel's id."""
    _lobby_call, _game_id, first = await two_player_game(fake)
    await fake.quiet(0.2)
    channel_id = int(first.path.split("/")[2])
    taken_away.add(channel_id)
    return first, channel_id


def edits_of(fake: FakeDiscord, call: Call) -> list[Call]:
    return [c for c in fake.calls if c.method == "PATCH" and c.path.endswith(f"/messages/{message_id(call)}")]


async def a_new_lobby_opens(fake: FakeDiscord, starter: int) -> None:
    """The channel is free: no game left over stands in the way of a new one."""
    again = await fake.slash("game", {"quiz": "collectives"}, subcommand="start", user_id=starter,
                             member_permissions=PLAYER_PERMISSIONS)
    opened = await fake.wait_until(first_answer(fake, again))
    assert opened.content == "The lobby is open: everyone here can join."


async def assert_free(fake: FakeDiscord) -> None:
    """The learner plays the game's quiz on their own, in their DMs with the bot: no game holds it any more."""
    dm = fake.dm_channel(LEARNER_ID)
    token = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID, dm=True,
                             channel_id=dm)
    answer = await fake.wait_until(first_answer(fake, token))
    assert "group game" not in answer.content, answer.content


async def assert_free_and_untried(fake: FakeDiscord, chat_id: int) -> None:
    """assert_free; and nothing was tried in the chat the bot lost (deleted, or a server that removed it), which
    would only have refused it."""
    await assert_free(fake)
    assert not [call for call in fake.calls if call.status >= 400 and call.path.startswith(f"/channels/{chat_id}/")]
