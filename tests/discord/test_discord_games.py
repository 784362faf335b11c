"""A group game on Discord, end to end: three players in three languages, a lobby with Join and Start, questions
with buttons ("Locked in" said privately), results replacing each question, explanations in each player's
language, a podium and the leaderboard."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from bot.games.rules import GRACE, RESULTS_SECONDS
from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import (
    PLAYER_PERMISSIONS,
    a_new_lobby_opens,
    answer_button,
    click,
    edits_of,
    lobby,
    open_lobby,
    question,
)
from tests.discord.harness import ADMIN_ID, LEARNER_ID, OTHER_ID, running_bot
from tests.discord.payloads import CHANNEL_ID, EPHEMERAL
from tests.discord.support import buttons, first_answer, message_id
from tests.fakes.clock import FixedClock

STARTER = OTHER_ID  # "user870", English
FRENCH = LEARNER_ID  # "user860", a French Discord
YORUBA = ADMIN_ID  # "user850", chose Yorùbá with /language
RIGHT = "All-reduce"  # the first question's answer, in every language's option text


GAMES = 0.02  # seconds between looks for game phases that are due (the harness default waits an hour)


async def test_three_players_play_a_whole_game_in_a_channel(fake: FakeDiscord, settings: Settings,
                                                            clock: FixedClock) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES) as bot:
        fr, yo = bot.engine.localizer_for("fr"), bot.engine.localizer_for("yo")
        await fake.slash("language", {"language": "yo"}, user_id=YORUBA)
        started = await fake.slash("game", {"quiz": "collectives"}, subcommand="start", user_id=STARTER,
                                   member_permissions=PLAYER_PERMISSIONS)
        lobby_call, game_id = await lobby(fake)
        assert "Group game: Collectives" in lobby_call.content and "Players: user870" in lobby_call.content
        opened = await fake.wait_until(first_answer(fake, started))
        assert opened.content == "The lobby is open: everyone here can join."

        joined = await click(fake, message_id(lobby_call), f"qt:gj:{game_id}", FRENCH, locale="fr")
        assert joined == fr.ngettext("You're in! {n} player so far.", "You're in! {n} players so far.", 2)
        await click(fake, message_id(lobby_call), f"qt:gj:{game_id}", YORUBA)
        refused = await fake.click(message_id(lobby_call), f"qt:gb:{game_id}", user_id=FRENCH, locale="fr",
                                   member_permissions=PLAYER_PERMISSIONS)
        refusal = await fake.wait_until(lambda: next((c for c in fake.answers(refused) if c.content), None))
        assert refusal.flags & EPHEMERAL
        assert refusal.content == fr("Only the player who started this game, or a member who can manage this "
                                     "server, can do that.")
        await fake.click(message_id(lobby_call), f"qt:gb:{game_id}", user_id=STARTER,
                         member_permissions=PLAYER_PERMISSIONS)

        first = await question(fake, 1)
        assert "Question 1 of 3" in first.content and "<t:" in first.content  # a countdown in each reader's time
        assert not first.body.get("poll")  # buttons: a native poll would show how everyone voted
        lobby_edit = edits_of(fake, lobby_call)[-1].body
        heading, _colon, names = lobby_edit["content"].partition(": ")
        assert heading == "Game on! 3 players" and set(names.split(", ")) == {"user870", "user860", "user850"}
        assert not lobby_edit["components"]  # the lobby's buttons are gone
        right = next(index for index, button in enumerate(buttons(first)) if RIGHT in button["label"])
        wrong = (right + 1) % 3

        locked = await click(fake, message_id(first), answer_button(first, right), FRENCH, locale="fr")
        assert locked == fr("Locked in: {letter}", letter="ABC"[right])
        await click(fake, message_id(first), answer_button(first, right), STARTER)
        again = await click(fake, message_id(first), answer_button(first, wrong), STARTER)
        assert again == "You already answered this question; your first answer counts."
        assert not edits_of(fake, first)  # one player still to answer
        await click(fake, message_id(first), answer_button(first, wrong), YORUBA)
        results = await fake.wait_until(lambda: next(iter(edits_of(fake, first)), None))
        assert "Question 1: the answer is" in results.body["content"]
        standings = results.body["content"].split("**Standings:**\n")[1].splitlines()
        assert [line.split(" — ")[1] for line in standings] == ["150 points", "150 points", "0 points"]
        assert standings[2] == "3\\. user850 — 0 points"  # escaped: a list, Discord would number itself
        assert [button["custom_id"] for button in buttons(results)] == [f"qt:gx:{game_id}:0"]

        explained = await click(fake, message_id(first), f"qt:gx:{game_id}:0", YORUBA)
        assert explained.startswith(f"**{yo('You chose {letter}: not quite.', letter='ABC'[wrong])}**")
        assert "All-reduce ń ṣàkópọ̀" in explained  # the content, in Yoruba
        explained = await click(fake, message_id(first), f"qt:gx:{game_id}:0", FRENCH, locale="fr")
        assert "All-reduce additionne" in explained

        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        second = await question(fake, 2)
        for player in (STARTER, FRENCH):
            await click(fake, message_id(second), answer_button(second, 0), player)
        clock.advance(timedelta(seconds=30) + GRACE)  # the Yoruba player lets the time run out
        timed_out = await fake.wait_until(lambda: next(iter(edits_of(fake, second)), None))
        assert "Question 2: the answer is" in timed_out.body["content"]

        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        third = await question(fake, 3)
        for player in (STARTER, FRENCH, YORUBA):
            await click(fake, message_id(third), answer_button(third, 0), player)
        await fake.wait_until(lambda: edits_of(fake, third))
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        podium = await fake.wait_until(lambda: next((c for c in fake.channel_messages()
                                                     if "Final results" in c.content), None))
        assert podium.content.startswith("🏁 **Final results: Collectives**\n🥇 user8")
        assert "(100%)" in podium.content.splitlines()[1] or "(67%)" in podium.content.splitlines()[1]

        board = await fake.slash("leaderboard", {"period": "all"}, user_id=FRENCH, locale="fr")
        shown = await fake.wait_until(lambda: next((c for c in fake.answers(board) if "1\\. " in c.content), None))
        assert not shown.flags & EPHEMERAL  # for the channel to see
        podium_names = [line.split(" — ")[0][2:] for line in podium.content.splitlines()[1:4]]  # after the medal
        board_names = [line.split(" — ")[0].split("\\. ", 1)[1] for line in shown.content.splitlines()[1:]]
        assert board_names == podium_names


async def test_a_channel_that_stops_taking_messages_stops_the_game(fake: FakeDiscord, settings: Settings,
                                                                    clock: FixedClock) -> None:
    async with running_bot(settings, fake, clock, game_interval=GAMES):
        lobby_call, game_id = await open_lobby(fake, STARTER)
        fake.forbidden_channels.add(CHANNEL_ID)  # an admin locks the channel after the lobby
        pressed = await fake.click(message_id(lobby_call), f"qt:gb:{game_id}", user_id=STARTER,
                                   member_permissions=PLAYER_PERMISSIONS)
        await fake.wait_until(lambda: any(c.status == 403 for c in fake.calls))  # the question: refused
        told = await fake.wait_until(lambda: next((c for c in fake.answers(pressed) if c.content), None))
        assert told.content.startswith("I can't post the game's questions in this chat") and told.flags & EPHEMERAL
        clock.advance(timedelta(minutes=5))
        await fake.quiet(0.3)
        fake.forbidden_channels.clear()
        await a_new_lobby_opens(fake, STARTER)  # the refused game was stopped
        # No results for a question nobody saw: not even tried (the channel refused everything meanwhile).
        assert not any("qt:gx:" in str(call.body) for call in fake.calls)
