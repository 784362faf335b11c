"""Steering a Discord group game: who may stop it, the server's language for games, and a restart mid-question."""

from __future__ import annotations

import logging

import pytest

from adapters.settings import Settings
from bot.replies import Actor
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import (
    PLAYER_PERMISSIONS,
    a_new_lobby_opens,
    answer_button,
    click,
    edits_of,
    lobby,
    open_and_begin,
)
from tests.discord.harness import ADMIN_ID, LEARNER_ID, OTHER_ID, running_bot
from tests.discord.payloads import ALL_PERMISSIONS, CHANNEL_ID, EPHEMERAL
from tests.discord.support import first_answer, message_id
from tests.fakes.clock import FixedClock

GAMES = 0.02  # seconds between looks for game phases that are due (the harness default waits an hour)


async def test_a_stop_by_a_player_is_refused_and_by_a_server_manager_accepted(
        fake: FakeDiscord, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES) as bot:
        _game, first = await open_and_begin(fake, OTHER_ID, (LEARNER_ID,))
        refused = await fake.slash("game", subcommand="stop", user_id=LEARNER_ID, locale="fr",
                                   member_permissions=PLAYER_PERMISSIONS)
        answer = await fake.wait_until(first_answer(fake, refused))
        assert fake.interaction_calls(refused)[0].body == {"type": 5, "data": {"flags": EPHEMERAL}}  # only to them
        fr = bot.engine.localizer_for("fr")
        # What Discord checks (Manage Server), not Telegram's "an admin of this chat"
        assert answer.content == fr("Only the player who started this game, or a member who can manage this "
                                    "server, can do that.")
        skipped = await fake.slash("game", subcommand="skip", user_id=LEARNER_ID, member_permissions=PLAYER_PERMISSIONS)
        assert (await fake.wait_until(first_answer(fake, skipped))).content == (
            "Only the player who started this game, or a member who can manage this server, can do that.")
        assert not any("Game stopped" in c.content for c in fake.channel_messages())

        await fake.slash("game", subcommand="stop", user_id=ADMIN_ID, member_permissions=ALL_PERMISSIONS)
        podium = await fake.wait_until(lambda: next((c for c in fake.channel_messages()
                                                     if "Game stopped" in c.content), None))
        assert "Stopped by user850." in podium.content
        assert edits_of(fake, fake.channel_messages()[1])  # the open question lost its buttons
        assert fake.messages[first]["components"] == []


async def test_a_server_manager_sets_the_language_of_the_servers_games(
        fake: FakeDiscord, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES) as bot:
        refused = await fake.slash("language", {"language": "sw", "server": True}, user_id=LEARNER_ID,
                                   member_permissions=PLAYER_PERMISSIONS)
        answer = await fake.wait_until(first_answer(fake, refused))
        # Discord's words, not Telegram's "an admin of this chat ... in a private chat with me"
        assert answer.content == ("Only members who can manage this server can change its language. Set your own "
                                  "with /language.")
        done = await fake.slash("language", {"language": "sw", "server": True}, user_id=ADMIN_ID)
        answer = await fake.wait_until(first_answer(fake, done))
        sw = bot.engine.localizer_for("sw")
        assert answer.content == sw("Games in this chat are in {name} from now on.", name="Kiswahili")
        assert answer.content.startswith("Kuanzia sasa")  # translated, not the English fallback
        await fake.slash("game", {"quiz": "collectives"}, subcommand="start", user_id=OTHER_ID)
        lobby_call, _game = await lobby(fake)
        assert sw("Group game: {quiz}", quiz="Mawasiliano ya pamoja") in lobby_call.content
        assert (await bot.engine.localizer(bot_actor(LEARNER_ID))).language == "en"  # their own is unchanged


async def test_a_restart_mid_question_keeps_the_votes_and_the_timer(fake: FakeDiscord, settings: Settings,
                                                                    clock: FixedClock) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        _game, first = await open_and_begin(fake, OTHER_ID, (LEARNER_ID, ADMIN_ID))
        question_call = next(c for c in fake.channel_messages() if message_id(c) == first)
        await click(fake, first, answer_button(question_call, 0), OTHER_ID)
    async with running_bot(settings, fake, clock, game_interval=GAMES):  # same database and moment: still open
        await click(fake, first, answer_button(question_call, 1), LEARNER_ID)
        again = await click(fake, first, answer_button(question_call, 2), OTHER_ID)
        assert again == "You already answered this question; your first answer counts."  # kept across the restart
        await click(fake, first, answer_button(question_call, 2), ADMIN_ID)
        results = await fake.wait_until(lambda: next(iter(edits_of(fake, question_call)), None))
    assert "Answers: A 1 · B 1 · C 1" in results.body["content"]


def bot_actor(user_id: int) -> Actor:
    return Actor("discord", str(user_id))


async def test_a_lobby_the_channel_refuses_leaves_no_game_behind_to_block_the_next(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES) as bot:
        fake.forbidden_channels.add(CHANNEL_ID)
        refused = await fake.slash("game", {"quiz": "collectives"}, subcommand="start", user_id=OTHER_ID,
                                   locale="yo", member_permissions=PLAYER_PERMISSIONS)
        answer = await fake.wait_until(first_answer(fake, refused))
        yo = bot.engine.localizer_for("yo")
        assert answer.content == yo("I can't post the game's questions in this chat: I'm missing the “{permission}” "
                                    "permission. Ask an admin to grant it, then start a new game.",
                                    permission=yo("Send Messages"))
        fake.forbidden_channels.clear()  # an admin lets the bot in: the game starts at once, none is "running"
        await a_new_lobby_opens(fake, OTHER_ID)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_stop_the_channel_refuses_to_show_is_still_a_stop_said_in_the_starters_language(
        fake: FakeDiscord, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES) as bot:
        await open_and_begin(fake, OTHER_ID, (LEARNER_ID,))
        fake.forbidden_channels.add(CHANNEL_ID)  # the podium will be refused
        stop = await fake.slash("game", subcommand="stop", user_id=OTHER_ID, locale="sn",
                                member_permissions=PLAYER_PERMISSIONS)
        answer = await fake.wait_until(first_answer(fake, stop))
        sn = bot.engine.localizer_for("sn")
        assert answer.content == sn("Game stopped.") + " " + sn(  # and why the channel shows no podium
            "I can't post the game's questions in this chat: I'm missing the “{permission}” permission. Ask an admin "
            "to grant it, then start a new game.", permission=sn("Send Messages"))
        assert not answer.content.startswith("Game stopped.")
        fake.forbidden_channels.clear()
        await a_new_lobby_opens(fake, OTHER_ID)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_skip_to_a_question_the_channel_refuses_says_the_game_stopped_and_why(
        fake: FakeDiscord, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        await open_and_begin(fake, OTHER_ID, (LEARNER_ID,))
        skip = await fake.slash("game", subcommand="skip", user_id=OTHER_ID, member_permissions=PLAYER_PERMISSIONS)
        answer = await fake.wait_until(first_answer(fake, skip))
        assert answer.content == "Question skipped."  # to its results, shown in the question's own message
        fake.forbidden_channels.add(CHANNEL_ID)  # the next question will be refused
        skip = await fake.slash("game", subcommand="skip", user_id=OTHER_ID, member_permissions=PLAYER_PERMISSIONS)
        answer = await fake.wait_until(first_answer(fake, skip))
        assert answer.content.startswith("I can't post the game's questions in this chat")  # not "Question skipped."
