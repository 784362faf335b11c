"""The storage contract, part 6: group leaderboards, a learner's game totals, chat settings, hiding oneself.

Every test runs on the in-memory fake, a SQLite file and PostgreSQL (see conftest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

from bot.games.records import GameAnswerRecord, GameState, GameTotals, LeaderboardEntry, PlayerRecord
from bot.ports import UnitOfWork
from bot.records import MessageLink, UserRecord
from tests.fakes.clock import START
from tests.storage.builders import a_game, a_session, stored_games, stored_session, stored_user

Uow = Callable[[], UnitOfWork]
HOUR, DAY = timedelta(hours=1), timedelta(days=1)


async def _played(uow: Uow, game_id: str, user_id: int, name: str, joined_after: timedelta,
                  *answers: tuple[int, int]) -> None:
    """The player joins, then answers questions 0, 1... with (points, answer ms), an hour after they joined."""
    async with uow() as work:
        await work.games.add_player(PlayerRecord(game_id, user_id, name, START + joined_after, 0))
        for position, (points, answer_ms) in enumerate(answers):
            await work.games.add_answer(GameAnswerRecord(game_id, position, user_id, "a", points > 0, points,
                                                         answer_ms, START + joined_after + HOUR))
        await work.commit()


async def _hide(uow: Uow, name: str, hidden: bool) -> None:
    async with uow() as work:
        user = await work.users.get("telegram", name)
        assert user is not None
        user.leaderboard_hidden = hidden
        await work.users.update(user)
        await work.commit()


async def test_the_leaderboard_sums_the_scopes_points_most_first_faster_first_on_a_tie(uow: Uow) -> None:
    alice, bola, chidi, dayo = [await stored_user(uow, name) for name in ("alice", "bola", "chidi", "dayo")]
    fola = await stored_user(uow, "fola", platform="discord")
    await stored_games(uow, a_game(alice, "old", state=GameState.FINISHED),
                       a_game(alice, "new", state=GameState.ASKING),
                       a_game(alice, "elsewhere", "chat-9", scope_id="group-2", state=GameState.FINISHED),
                       a_game(fola, "on-discord", platform="discord", state=GameState.FINISHED))
    await _played(uow, "old", alice, "Alice", -10 * DAY, (100, 3000))
    await _played(uow, "old", bola, "Bola", -10 * DAY, (150, 2500), (0, 1500))
    await _played(uow, "old", dayo, "Dayo", -10 * DAY, (1000, 500))
    await _played(uow, "new", alice, "Ally", -HOUR, (50, 2000))  # her latest name in the group
    await _played(uow, "new", chidi, "Chidi", -HOUR, (0, 9000))  # answered, scored nothing: still listed
    await _played(uow, "elsewhere", alice, "Alice Two", HOUR, (70, 100))  # later, but another group
    await _played(uow, "on-discord", fola, "Fola", -HOUR, (700, 100))
    await _hide(uow, "dayo", True)
    async with uow() as work:
        all_time = await work.games.leaderboard("telegram", "group-1", None, 10)
        top_two = await work.games.leaderboard("telegram", "group-1", None, 2)
        this_week = await work.games.leaderboard("telegram", "group-1", START - 7 * DAY, 10)
        from_their_answers = await work.games.leaderboard("telegram", "group-1", START, 10)  # answered at START
        other_group = await work.games.leaderboard("telegram", "group-2", None, 10)
        on_discord = await work.games.leaderboard("discord", "group-1", None, 10)
        nobody = await work.games.leaderboard("telegram", "group-3", None, 10)
    # 150 each: Bola took 4000 ms in all, Alice 5000.
    assert all_time == [LeaderboardEntry(bola, "Bola", 150), LeaderboardEntry(alice, "Ally", 150),
                        LeaderboardEntry(chidi, "Chidi", 0)]
    assert top_two == all_time[:2]
    assert this_week == from_their_answers == [LeaderboardEntry(alice, "Ally", 50), LeaderboardEntry(chidi, "Chidi", 0)]
    assert other_group == [LeaderboardEntry(alice, "Alice Two", 70)]
    assert on_discord == [LeaderboardEntry(fola, "Fola", 700)]
    assert nobody == []
    await _hide(uow, "dayo", False)
    async with uow() as work:
        shown_again = await work.games.leaderboard("telegram", "group-1", None, 1)
    assert shown_again == [LeaderboardEntry(dayo, "Dayo", 1000)]


async def test_totals_count_every_game_joined_and_wins_with_points_against_someone_in_finished_games(
        uow: Uow) -> None:
    alice, bola = await stored_user(uow, "alice"), await stored_user(uow, "bola")
    # game: alice's (score, rank), bola's (score, rank) or None if she didn't play
    games = {"won": (GameState.FINISHED, (300, 1), (100, 2)),
             "alone": (GameState.FINISHED, (200, 1), None),  # first of one: not a win
             "stopped": (GameState.STOPPED, (50, 1), (20, 2)),  # never finished: not a win
             "playing": (GameState.ASKING, (10, None), (5, None)),
             "lost": (GameState.FINISHED, (40, 2), (90, 1)),
             "tied": (GameState.FINISHED, (70, 1), (70, 1)),
             "nobody-scored": (GameState.FINISHED, (0, 1), (0, 2))}  # first with nothing: not a win
    await stored_games(uow, *(a_game(alice, game_id, f"chat-{game_id}", state=state)
                              for game_id, (state, _, _) in games.items()))
    async with uow() as work:
        for game_id, (_, *results) in games.items():
            for user_id, result in zip((alice, bola), results, strict=True):
                if result is not None:
                    player = PlayerRecord(game_id, user_id, "x", START, 0)
                    assert await work.games.add_player(player)
                    player.score, player.rank = result
                    await work.games.update_player(player)
        await work.commit()
    async with uow() as work:
        assert await work.games.totals(alice) == GameTotals(played=7, points=670, wins=2)
        assert await work.games.totals(bola) == GameTotals(played=6, points=285, wins=2)
        assert await work.games.totals(alice + bola + 1000) == GameTotals(0, 0, 0)


async def test_a_chats_language_is_set_changed_and_cleared(uow: Uow) -> None:
    async with uow() as work:
        assert await work.chats.language("telegram", "chat-1") is None
        await work.chats.set_language("telegram", "chat-1", "fr")
        await work.chats.set_language("discord", "chat-2", "sw")
        await work.commit()
    async with uow() as work:
        assert await work.chats.language("telegram", "chat-1") == "fr"
        assert await work.chats.language("discord", "chat-1") is None
        await work.chats.set_language("telegram", "chat-1", "yo")
        await work.commit()
    async with uow() as work:
        assert await work.chats.language("telegram", "chat-1") == "yo"
        await work.chats.set_language("telegram", "chat-1", None)
        await work.commit()
    async with uow() as work:
        assert await work.chats.language("telegram", "chat-1") is None
        assert await work.chats.language("discord", "chat-2") == "sw"


async def test_hiding_from_leaderboards_is_kept_and_read_back_everywhere_a_user_is(uow: Uow) -> None:
    async with uow() as work:
        added = await work.users.add(UserRecord("telegram", "42", language="fr"))
        await work.commit()
    assert added.leaderboard_hidden is False and added.id is not None
    session = await stored_session(uow, a_session(added.id, question_deadline=START))
    await _hide(uow, "42", True)
    async with uow() as work:
        found = await work.users.get("telegram", "42")
        with_owner = await work.sessions.claim_overdue(session.id, START)
    assert found == UserRecord("telegram", "42", language="fr", id=added.id, leaderboard_hidden=True)
    assert with_owner is not None and with_owner[1] == found
    await _hide(uow, "42", False)
    async with uow() as work:
        shown = await work.users.get("telegram", "42")
    assert shown is not None and shown.leaderboard_hidden is False


async def test_the_live_game_of_a_quiz_a_learner_joined_is_found_and_no_other(uow: Uow) -> None:
    """Playing that quiz alone meanwhile would show them its answers before they vote in the game."""
    ada, bayo = await stored_user(uow, "ada"), await stored_user(uow, "bayo")
    await stored_games(uow, a_game(ada, "live", "chat-1", state=GameState.ASKING),
                       a_game(ada, "over", "chat-2", state=GameState.FINISHED),
                       replace(a_game(ada, "other-quiz", "chat-3"), quiz_id="fsdp"))
    for game_id in ("live", "over", "other-quiz"):
        await _played(uow, game_id, ada, "Ada", HOUR)
    async with uow() as work:
        live = await work.games.live_played_by(ada, "collectives")
        assert live is not None and live.id == "live"
        other = await work.games.live_played_by(ada, "fsdp")  # a lobby is live too
        assert other is not None and other.id == "other-quiz"
        assert await work.games.live_played_by(bayo, "collectives") is None  # not a player of it
        assert await work.games.live_played_by(ada, "zero") is None
        assert await work.games.live_quizzes_played_by(ada) == {"collectives", "fsdp"}  # not the game that is over
        assert await work.games.live_quizzes_played_by(bayo) == set()
        # A server's language reaches the live games of each of its channels (all three share group-1).
        assert await work.games.live_in_scope("telegram", "group-1") == ["live", "other-quiz"]
        assert await work.games.live_in_scope("discord", "group-1") == []
        assert await work.games.live_in_scope("telegram", "group-2") == []
        assert await work.games.live_quiz_in("telegram", "chat-1") == "collectives"  # what a chat's game plays
        assert await work.games.live_quiz_in("telegram", "chat-2") is None  # that game is over
        assert await work.games.live_quiz_in("discord", "chat-1") is None


async def test_a_session_to_answer_says_whether_its_owner_plays_its_quiz_in_a_live_game(uow: Uow) -> None:
    """An answer to it then would show them the game's answers: the engine refuses it. So it does to a session
    played in a chat where a live game plays its quiz, whoever plays the game (its feedback would go there)."""
    ada, bayo, cyd = (await stored_user(uow, "ada"), await stored_user(uow, "bayo"), await stored_user(uow, "cyd"))
    await stored_games(uow, a_game(ada, "lobby", "chat-1"),  # Collectives, not yet begun: live all the same
                       replace(a_game(ada, "over", "chat-2", state=GameState.FINISHED), quiz_id="fsdp"),
                       a_game(ada, "discord", "chat-9", platform="discord"))  # Cyd's chat id, on another platform
    for game_id in ("lobby", "over"):
        await _played(uow, game_id, ada, "Ada", HOUR)
    for session in (a_session(ada, "ada-collectives"), a_session(ada, "ada-fsdp", "fsdp"),
                    a_session(bayo, "bayo-collectives"), replace(a_session(cyd, "cyd-elsewhere"), chat_id="chat-9")):
        await stored_session(uow, session)
    async with uow() as work:
        found = {session_id: await work.sessions.get_with_owner_activity(session_id)
                 for session_id in ("ada-collectives", "ada-fsdp", "bayo-collectives", "cyd-elsewhere")}
    assert {session_id: (to_answer.owner_in_game, to_answer.game_in_its_chat)
            for session_id, to_answer in found.items() if to_answer} == {
        "ada-collectives": (True, True),  # the lobby is in chat-1, where all but Cyd's are played
        "ada-fsdp": (False, False),  # that game is over, and the lobby plays another quiz
        "bayo-collectives": (False, True),  # not a player of the lobby in his chat, which plays his quiz
        "cyd-elsewhere": (False, False),  # no game in her chat on her platform
    }
    async with uow() as work:  # a vote on each session's poll reads the same with the poll's link
        for session_id in found:
            await work.links.add(MessageLink("telegram", f"poll-{session_id}", session_id, "q1", None, START))
        await work.commit()
    async with uow() as work:
        by_poll = {session_id: await work.sessions.get_by_message("telegram", f"poll-{session_id}")
                   for session_id in found}
    assert {session_id: read[1] for session_id, read in by_poll.items() if read} == found
