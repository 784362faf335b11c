"""The storage contract, part 5: group games, their players, answers and poll messages.

Every test runs on the in-memory fake, a SQLite file and PostgreSQL (see conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta, timezone

import pytest

from bot.games.ports import GameAlreadyRunning
from bot.games.records import LIVE_STATES, GameAnswerRecord, GameMessageLink, GameState, PlayerRecord
from bot.ports import AlreadyAnswered, UnitOfWork
from storage.tables import LIVE_GAME_STATES
from tests.fakes.clock import START
from tests.storage.builders import a_game, stored_games, stored_user

Uow = Callable[[], UnitOfWork]
SECOND, MINUTE = timedelta(seconds=1), timedelta(minutes=1)
LAGOS = timezone(timedelta(hours=1))


def test_the_live_states_in_storage_are_the_live_states_of_a_game() -> None:
    assert {GameState(state) for state in LIVE_GAME_STATES} == LIVE_STATES


# -- games --------------------------------------------------------------------------------------


async def test_a_stored_game_comes_back_with_every_field_in_utc_and_changes_with_update(uow: Uow) -> None:
    starter = await stored_user(uow)
    game = replace(a_game(starter, state=GameState.ASKING, created_at=(START - MINUTE).astimezone(LAGOS)),
                   position=1, deadline=(START + 20 * SECOND).astimezone(LAGOS), asked_at=START.astimezone(LAGOS),
                   lobby_message="m-1", question_message="m-2", language="yo", question_seconds=30,
                   asked_question="q2", asked_answer="b")
    await stored_games(uow, game)
    async with uow() as work:
        stored = await work.games.get("g1")
        assert await work.games.get("missing") is None
    assert stored == game
    assert stored is not None and stored.option_orders == {"q1": ["b", "a", "c"], "q2": ["y", "x"], "q3": ["m", "n"]}
    for moment in (stored.created_at, stored.updated_at, stored.deadline, stored.asked_at):
        assert moment is not None and moment.utcoffset() == timedelta(0)
    changed = replace(stored, state=GameState.FINISHED, position=3, deadline=None, asked_at=None,
                      question_message=None, updated_at=START + MINUTE, finished_at=START + MINUTE,
                      question_ids=["q2", "q1"], option_orders={"q2": ["x", "y"]}, language="sw")
    async with uow() as work:
        await work.games.update(changed)
        await work.commit()
    async with uow() as work:
        assert await work.games.get("g1") == changed


async def test_a_game_read_back_is_a_copy(uow: Uow) -> None:
    await stored_games(uow, a_game(await stored_user(uow)))
    async with uow() as work:
        game = await work.games.get("g1")
        assert game is not None
        game.question_ids.append("q9")
        game.option_orders["q1"].reverse()
        game.position = 2
        await work.commit()
    async with uow() as work:
        assert await work.games.get("g1") == a_game(game.starter_id)


async def test_a_chat_has_one_live_game_and_a_refused_start_leaves_the_transaction_usable(uow: Uow) -> None:
    starter = await stored_user(uow)
    await stored_games(uow, a_game(starter, "first"))
    async with uow() as work:
        with pytest.raises(GameAlreadyRunning):
            await work.games.add(a_game(starter, "second", state=GameState.SHOWING))
        # The refusal must not poison the transaction (PostgreSQL aborts it without a savepoint).
        await work.games.add(a_game(starter, "other-chat", "chat-2"))
        await work.games.add(a_game(starter, "on-discord", platform="discord"))
        await work.games.add(a_game(starter, "old", state=GameState.FINISHED))  # only live games count
        await work.commit()
    async with uow() as work:
        assert await work.games.get("second") is None
        assert [await work.games.get(game_id) is not None for game_id in ("other-chat", "on-discord", "old")] == [
            True, True, True]
        first = await work.games.get("first")
        assert first is not None
        first.state = GameState.STOPPED
        await work.games.update(first)
        await work.commit()
    await stored_games(uow, a_game(starter, "next", state=GameState.ASKING))  # the chat is free again
    async with uow() as work:
        live = await work.games.live_in("telegram", "chat-1")
    assert live is not None and live.id == "next"


async def test_the_live_game_of_a_chat_is_found_by_platform_and_chat(uow: Uow) -> None:
    starter = await stored_user(uow)
    await stored_games(uow, a_game(starter, "done", state=GameState.FINISHED),
                       a_game(starter, "stopped", state=GameState.STOPPED),
                       a_game(starter, "playing", state=GameState.SHOWING),
                       a_game(starter, "elsewhere", "chat-2", platform="discord"))
    async with uow() as work:
        live = await work.games.live_in("telegram", "chat-1")
        assert live is not None and live.id == "playing"
        assert await work.games.live_in("telegram", "chat-2") is None
        assert await work.games.live_in("discord", "chat-1") is None
        on_discord = await work.games.live_in("discord", "chat-2")
        assert on_discord is not None and on_discord.id == "elsewhere"


async def test_the_live_games_in_a_chat_and_its_parts_are_found_by_their_ids_prefix(uow: Uow) -> None:
    """A Telegram forum's topics are chats "<group>/<topic>": a member who leaves the group leaves them all."""
    starter = await stored_user(uow)
    await stored_games(uow, a_game(starter, "general", "-100"), a_game(starter, "topic", "-100/7"),
                       a_game(starter, "over", "-100/8", state=GameState.FINISHED),
                       a_game(starter, "longer", "-1001"), a_game(starter, "like", "-100_7"),
                       a_game(starter, "discord", "-100/9", platform="discord"))
    async with uow() as work:
        assert await work.games.live_in_chat("telegram", "-100", "-100/") == ["general", "topic"]
        assert await work.games.live_in_chat("telegram", "-100", None) == ["general"]
        assert await work.games.live_in_chat("telegram", "-1", "-1%") == []  # the prefix is no pattern


async def test_due_games_are_the_platforms_live_ones_whose_phase_is_over_earliest_first(uow: Uow) -> None:
    starter = await stored_user(uow)
    await stored_games(
        uow,
        a_game(starter, "late", "c1", state=GameState.SHOWING, deadline=START - MINUTE),
        a_game(starter, "now", "c2", deadline=START),
        a_game(starter, "early", "c3", state=GameState.ASKING, deadline=(START - 2 * MINUTE).astimezone(LAGOS)),
        a_game(starter, "future", "c4", state=GameState.ASKING, deadline=START + SECOND),
        a_game(starter, "no-clock", "c5"),
        a_game(starter, "finished", "c6", state=GameState.FINISHED, deadline=START - 5 * MINUTE),
        a_game(starter, "stopped", "c7", state=GameState.STOPPED, deadline=START - 5 * MINUTE),
        a_game(starter, "discord", "c8", platform="discord", deadline=START - 9 * MINUTE))
    async with uow() as work:
        assert [game.id for game in await work.games.due("telegram", START, 10)] == ["early", "late", "now"]
        assert [game.id for game in await work.games.due("telegram", START, 2)] == ["early", "late"]
        assert [game.id for game in await work.games.due("discord", START, 10)] == ["discord"]
        assert await work.games.due("telegram", START - 3 * MINUTE, 10) == []


# -- players ------------------------------------------------------------------------------------


def a_player(user_id: int, name: str, joined_at_second: int, game_id: str = "g1") -> PlayerRecord:
    return PlayerRecord(game_id, user_id, name, (START + joined_at_second * SECOND).astimezone(LAGOS), 0)


async def test_players_join_once_and_come_back_in_the_order_they_joined(uow: Uow) -> None:
    alice, bola, chidi = [await stored_user(uow, name) for name in ("alice", "bola", "chidi")]
    await stored_games(uow, a_game(alice), a_game(alice, "g2", "chat-2"))
    async with uow() as work:
        assert await work.games.add_player(a_player(chidi, "Chidi", 5)) is True
        assert await work.games.add_player(a_player(alice, "Alice", 9)) is True
        assert await work.games.add_player(a_player(bola, "Bola", 5)) is True
        assert await work.games.add_player(a_player(alice, "Alice again", 12)) is False  # and nothing changed
        assert await work.games.add_player(a_player(alice, "Alice", 1, "g2")) is True  # another game
        await work.commit()
    async with uow() as work:
        joined = await work.games.players("g1")
        assert await work.games.players("missing") == []
    first, second = sorted([(bola, "Bola"), (chidi, "Chidi")])  # the same moment: the lower user id first
    assert joined == [a_player(first[0], first[1], 5), a_player(second[0], second[1], 5), a_player(alice, "Alice", 9)]
    assert all(player.joined_at.utcoffset() == timedelta(0) for player in joined)


async def test_a_players_score_and_rank_are_updated(uow: Uow) -> None:
    alice, bola = await stored_user(uow, "alice"), await stored_user(uow, "bola")
    await stored_games(uow, a_game(alice), a_game(alice, "g2", "chat-2"))
    async with uow() as work:
        await work.games.add_player(a_player(alice, "Alice", 0))
        await work.games.add_player(a_player(bola, "Bola", 1))
        await work.commit()
    async with uow() as work:
        alice_player, bola_player = await work.games.players("g1")
        alice_player.score, alice_player.correct, alice_player.answered = 1500, 2, 3
        alice_player.answer_ms, alice_player.rank, alice_player.name = 7250, 1, "Alice A."
        alice_player.away_questions = 2  # left the chat for two questions, then came back
        bola_player.score = 999  # read back, changed, never updated: not kept
        await work.games.update_player(alice_player)
        await work.commit()
    async with uow() as work:
        assert await work.games.players("g1") == [alice_player, a_player(bola, "Bola", 1)]
        alice_player.name = "Ⓐ" * 100  # a Telegram first and last name can be longer than the column
        await work.games.update_player(alice_player)
        assert await work.games.add_player(a_player(bola, "Ⓑ" * 65, 2, "g2")) is True
        assert [player.name for player in await work.games.players("g1")] == ["Ⓐ" * 64, "Bola"]
        assert [player.name for player in await work.games.players("g2")] == ["Ⓑ" * 64]


# -- answers and poll messages ------------------------------------------------------------------


async def test_the_first_answer_is_final_and_a_refused_one_leaves_the_transaction_usable(uow: Uow) -> None:
    alice, bola = await stored_user(uow, "alice"), await stored_user(uow, "bola")
    await stored_games(uow, a_game(alice, state=GameState.ASKING))
    first = GameAnswerRecord("g1", 0, alice, "a", True, 900, 1200, START)
    async with uow() as work:
        await work.games.add_answer(first)
        await work.commit()
    async with uow() as work:
        with pytest.raises(AlreadyAnswered):
            await work.games.add_answer(GameAnswerRecord("g1", 0, alice, "b", False, 0, 800, START + SECOND))
        await work.games.add_answer(GameAnswerRecord("g1", 0, bola, "b", False, 0, 3000, START + 3 * SECOND))
        await work.games.add_answer(GameAnswerRecord("g1", 1, alice, "x", True, 800, 2000, START + MINUTE))
        await work.commit()
    async with uow() as work:
        assert [(a.user_id, a.option_id) for a in await work.games.answers("g1", 0)] == [(alice, "a"), (bola, "b")]
        assert [(a.user_id, a.option_id) for a in await work.games.answers("g1", 1)] == [(alice, "x")]
        assert await work.games.answers("g1", 2) == []


async def test_one_player_is_found_and_all_answered_counts_this_games_players_and_this_question(uow: Uow) -> None:
    alice, bola = await stored_user(uow, "alice"), await stored_user(uow, "bola")
    await stored_games(uow, a_game(alice, state=GameState.ASKING), a_game(alice, "g2", "chat-2"))
    async with uow() as work:
        for player in (a_player(alice, "Alice", 1), a_player(bola, "Bola", 2), a_player(bola, "Bola", 3, "g2")):
            await work.games.add_player(player)
        await work.games.add_answer(GameAnswerRecord("g1", 0, alice, "a", True, 900, 1200, START))
        await work.games.add_answer(GameAnswerRecord("g1", 1, bola, "a", True, 900, 1200, START))  # another question
        await work.games.add_answer(GameAnswerRecord("g2", 0, bola, "a", True, 900, 1200, START))  # another game
        await work.commit()
    async with uow() as work:
        assert await work.games.player("g1", bola) == a_player(bola, "Bola", 2)
        assert await work.games.player("g2", alice) is None
        assert await work.games.all_answered("g1", 0) is False  # 1 of 2
        assert await work.games.all_answered("g2", 0) is True  # 1 of 1
        await work.games.add_answer(GameAnswerRecord("g1", 0, bola, "b", False, 0, 3000, START))
        assert await work.games.all_answered("g1", 0) is True  # in the same transaction, before its commit


async def test_answers_come_back_in_the_order_given_with_every_field(uow: Uow) -> None:
    ids = [await stored_user(uow, name) for name in ("alice", "bola", "chidi")]
    await stored_games(uow, a_game(ids[0], state=GameState.ASKING))
    late = GameAnswerRecord("g1", 0, ids[0], "c", False, 0, 9000, (START + 9 * SECOND).astimezone(LAGOS))
    tied = [GameAnswerRecord("g1", 0, user_id, "a", True, 700, 4000, START + 4 * SECOND) for user_id in ids[1:]]
    async with uow() as work:
        for answer in (late, *reversed(tied)):
            await work.games.add_answer(answer)
        await work.commit()
    async with uow() as work:
        answers = await work.games.answers("g1", 0)
    assert answers == [*tied, late]  # the same moment: the lower user id first
    assert answers[-1].answered_at.utcoffset() == timedelta(0)


async def test_a_poll_message_leads_back_to_its_game_and_question(uow: Uow) -> None:
    await stored_games(uow, a_game(await stored_user(uow)))
    link = GameMessageLink("telegram", "poll-42", "g1", 2)
    async with uow() as work:
        await work.games.add_link(link)
        await work.commit()
    async with uow() as work:
        assert await work.games.link("telegram", "poll-42") == link
        assert await work.games.link("discord", "poll-42") is None
        assert await work.games.link("telegram", "poll-43") is None


async def test_nothing_of_a_game_is_kept_unless_committed(uow: Uow) -> None:
    alice = await stored_user(uow)
    async with uow() as work:
        await work.games.add(a_game(alice))
        await work.games.add_player(a_player(alice, "Alice", 0))
        await work.games.add_answer(GameAnswerRecord("g1", 0, alice, "a", True, 900, 1200, START))
        await work.games.add_link(GameMessageLink("telegram", "poll-1", "g1", 0))
        await work.chats.set_language("telegram", "chat-1", "fr")
    async with uow() as work:
        assert await work.games.get("g1") is None
        assert await work.games.live_in("telegram", "chat-1") is None
        assert await work.games.players("g1") == []
        assert await work.games.answers("g1", 0) == []
        assert await work.games.link("telegram", "poll-1") is None
        assert await work.chats.language("telegram", "chat-1") is None
        assert (await work.games.totals(alice)).played == 0


async def test_all_answered_waits_for_no_player_who_left_the_chat_and_counts_no_answer_of_theirs(uow: Uow) -> None:
    alice, bola, chidi = [await stored_user(uow, name) for name in ("alice", "bola", "chidi")]
    await stored_games(uow, a_game(alice, state=GameState.ASKING))
    async with uow() as work:
        for player in (a_player(alice, "Alice", 1), a_player(bola, "Bola", 2), a_player(chidi, "Chidi", 3)):
            await work.games.add_player(player)
        await work.games.add_answer(GameAnswerRecord("g1", 0, bola, "a", True, 900, 1200, START))
        await work.games.update_player(replace(a_player(bola, "Bola", 2), left_position=1))  # answered, then left
        await work.games.add_answer(GameAnswerRecord("g1", 0, alice, "a", True, 900, 1200, START))
        await work.commit()
    async with uow() as work:
        assert await work.games.player("g1", bola) == replace(a_player(bola, "Bola", 2), left_position=1)
        assert await work.games.all_answered("g1", 0) is False  # Chidi is still there: Bola's answer isn't his
        await work.games.update_player(replace(a_player(chidi, "Chidi", 3), left_position=0))
        assert await work.games.all_answered("g1", 0) is True
