"""A group game on Telegram, end to end: three players in three languages, a lobby, quiz polls, results with
explanations in each player's own language, the podium and the leaderboard."""

from __future__ import annotations

import logging
from datetime import timedelta
from pathlib import Path

import pytest

from adapters.settings import Settings
from bot.games.rules import GRACE, RESULTS_SECONDS
from tests.fakes.clock import FixedClock
from tests.telegram.fake_types import Failure
from tests.telegram.game_steps import begun, lobby, press, results_messages, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, JUMA, WANJIRU, correct, next_poll, poll_id, running_bot

ADA = FakeUser(301, "Ada <Lovelace>", "en")  # escaped wherever it is shown


GAMES = 0.02  # seconds between looks for game phases that are due (the harness default waits an hour)


async def test_three_players_play_a_whole_game_with_early_closes_a_timer_and_a_podium(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        fr, sw = engine.localizer_for("fr"), engine.localizer_for("sw")
        await api.command(ADA, "/game collectives", GROUP)
        lobby_call, game_id = await lobby(api, GROUP)
        assert "Group game: Collectives" in lobby_call.params["text"]
        assert "Players: Ada &lt;Lovelace&gt;" in lobby_call.params["text"]

        joined = await press(api, AMINATA, f"gj:{game_id}", GROUP)
        assert joined["text"] == fr.ngettext("You're in! {n} player so far.", "You're in! {n} players so far.", 2)
        await press(api, WANJIRU, f"gj:{game_id}", GROUP)
        refused = await press(api, AMINATA, f"gb:{game_id}", GROUP)  # only the starter (or an admin) may start
        assert refused["text"] == fr("Only the player who started this game, or an admin of this chat, can do that.")
        assert refused["show_alert"] is True and not api.polls(GROUP.id)

        await press(api, ADA, f"gb:{game_id}", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        assert first.params["is_anonymous"] is False and first.params["type"] == "quiz"
        assert first.params["open_period"] == "30" and first.params["question"].startswith("1/3 · Which collective")
        players = api.calls("editMessageText")[-1].params["text"]
        assert players == "Game on! 3 players: Ada &lt;Lovelace&gt;, Aminata, Wanjiru"

        await vote(api, first, ADA, right=True)
        await vote(api, first, AMINATA, right=True)
        await api.settle()
        assert not results_messages(api, GROUP)  # Wanjiru hasn't answered: the question stays open
        await vote(api, first, WANJIRU, right=False)
        results = (await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"]))[-1].params["text"]
        assert len(api.calls("stopPoll")) == 1  # closed early: the poll is stopped for everyone
        assert "1. Ada &lt;Lovelace&gt; — 150 points" in results and "3. Wanjiru — 0 points" in results

        wanjiru = await press(api, WANJIRU, f"gx:{game_id}/0", GROUP)  # only Wanjiru sees it, in Swahili
        letter = wanjiru["text"].split(":")[0][-1]
        assert wanjiru["show_alert"] is True
        assert wanjiru["text"].startswith(sw("You chose {letter}: not quite.", letter=letter))
        aminata = await press(api, AMINATA, f"gx:{game_id}/0", GROUP)
        assert aminata["text"].startswith(fr("You chose {letter}: correct!", letter="ABC"[correct(first)]))
        assert aminata["text"].split("\n")[1].startswith("All-reduce additionne")  # the content in French

        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        second = await next_poll(api, GROUP.id, 2)
        await vote(api, second, ADA, right=False)
        await vote(api, second, AMINATA, right=True)
        await api.settle()  # both votes scored before the time moves on
        clock.advance(timedelta(seconds=30) + GRACE)  # Wanjiru lets the time run out
        await api.wait_for("sendMessage", 2, lambda p: "Answers: " in p["text"])
        assert len(api.calls("stopPoll")) == 1  # Telegram closed that poll itself (open_period)

        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        third = await next_poll(api, GROUP.id, 3)
        for user in (ADA, AMINATA, WANJIRU):
            await vote(api, third, user, right=True)
        await api.wait_for("sendMessage", 3, lambda p: "Answers: " in p["text"])
        clock.advance(timedelta(seconds=RESULTS_SECONDS))
        podium = (await api.wait_for("sendMessage", 1, lambda p: "Final results" in p["text"]))[-1].params["text"]
        lines = podium.splitlines()
        assert lines[0] == "🏁 <b>Final results: Collectives</b>"
        assert lines[1].startswith("🥇 Aminata — 450 points · 3 of 3 right (100%)")
        assert lines[2].startswith("🥈 Ada &lt;Lovelace&gt; — 300 points · 2 of 3 right (67%)")
        assert lines[3].startswith("🥉 Wanjiru — 150 points · 1 of 3 right (33%)")

        await api.command(ADA, "/leaderboard", GROUP)
        board = (await api.wait_for("sendMessage", 1, lambda p: "Leaderboard" in p["text"]))[-1].params["text"]
        assert board.splitlines()[1:] == ["1. Aminata — 450 points", "2. Ada &lt;Lovelace&gt; — 300 points",
                                          "3. Wanjiru — 150 points"]


async def test_an_explanation_too_long_for_an_alert_opens_in_a_private_chat(
        api: FakeBotApi, settings: Settings, clock: FixedClock, content_dir: Path) -> None:
    quiz = content_dir / "quizzes" / "collectives.yaml"
    short = "All-reduce sums across ranks and gives everyone the result; broadcast only copies one rank's data."
    longer = short + " Reduce-scatter leaves one shard per rank; all-gather rebuilds the whole sum from shards."
    quiz.write_text(quiz.read_text().replace(short, longer))
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        game_id, first = await begun(api, ADA, GROUP)
        await vote(api, first, ADA, right=False)
        await results_wait(api)
        opened = await press(api, ADA, f"gx:{game_id}/0", GROUP)
        assert opened["url"] == f"https://t.me/QuizTutorBot?start=gx_{game_id}_0" and "text" not in opened
        en = engine.localizer_for("en")
        api.fail_next("answerCallbackQuery", 400, "Bad Request: URL_INVALID")  # a link Telegram won't open:
        said = await press(api, ADA, f"gx:{game_id}/0", GROUP)  # the verdict alone, answered after the refusal
        assert said["show_alert"] is True and said["text"].startswith(en("You chose {letter}: not quite.",
                                                                         letter="")[:10]) and "url" not in said
        await api.command(ADA, f"/start gx_{game_id}_0")  # what that link sends
        private = (await api.wait_for("sendMessage", 1, lambda p: p["chat_id"] == str(ADA.id)))[-1].params["text"]
        assert private.startswith(f"<b>{en('You chose {letter}: not quite.', letter='')[:10]}")
        assert "All-reduce sums across ranks" in private and "📖 NCCL collective operations" in private
        await api.command(ADA, f"/start@QuizTutorBot gx_{game_id}_0", GROUP)  # typed in the group: a welcome
        welcome = (await api.wait_for("sendMessage", 1, lambda p: p["chat_id"] == str(ADA.id)  # (privately), no
                                      and "QuizTutor" in p["text"]))[-1].params["text"]  # one's answer
        assert "All-reduce" not in welcome and "You chose" not in welcome


async def results_wait(api: FakeBotApi) -> None:
    await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"])


async def test_a_group_that_refuses_polls_gets_the_game_stopped_with_the_missing_right_named(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        await api.command(ADA, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        api.fail_next("sendPoll", 400, "Bad Request: not enough rights to send polls to the chat")
        started = await press(api, ADA, f"gb:{game_id}", GROUP)  # answered as the game began: before the refusal
        assert "text" not in started
        # the presser reads why where they pressed, as everyone does: the podium names the right to grant
        stopped = (await api.wait_for("sendMessage", 1, lambda p: "Game stopped" in p["text"]))[-1].params["text"]
        assert "I'm missing the “Send Polls” permission. Ask an admin to grant it, then start a new game." in stopped
        assert not any("went wrong" in text for text in api.sent_texts(GROUP.id))
        clock.advance(timedelta(minutes=2))
        await api.settle()
        assert not results_messages(api, GROUP)  # no results for a question nobody saw
        await api.command(ADA, "/game collectives", GROUP)  # the group is free for a new game
        _again, second = await api.wait_for("sendMessage", 2, lambda p: "reply_markup" in p and "gj:" in str(p))
        assert second.params["chat_id"] == str(GROUP.id)


@pytest.mark.parametrize("everyone_answered", [False, True])
async def test_a_group_that_removed_the_bot_mid_game_gets_the_game_ended_without_errors(
        api: FakeBotApi, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture,
        everyone_answered: bool) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, ADA, GROUP)
        api.refusing[GROUP.id] = Failure(403, "Forbidden: bot was kicked from the supergroup chat")
        if everyone_answered:  # the question closes early: closing its poll is what Telegram refuses first
            await vote(api, first, ADA, right=True)
            await api.settle()
        for _question in range(4):  # long past every question the game had left
            clock.advance(timedelta(minutes=2))
            await api.settle()
        refused = [call.method for call in api.requests if not call.ok]
        assert refused[0] == ("stopPoll" if everyone_answered else "sendMessage")  # the first results
        assert refused[1:] == ["sendMessage"]  # then the podium, saying why
        assert len(api.polls(GROUP.id)) == 1
        assert "stopped: its chat refused a message (missing Send Messages)" in caplog.text
        assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_lobby_the_group_refuses_leaves_no_game_behind_to_block_the_next(
        api: FakeBotApi, settings: Settings, clock: FixedClock, caplog: pytest.LogCaptureFixture) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        api.refusing[GROUP.id] = Failure(403, "Forbidden: bot is not a member of the supergroup chat")
        await api.command(ADA, "/game collectives", GROUP)
        await api.settle()
        del api.refusing[GROUP.id]  # let back in: a new game opens, none is "already running"
        await api.command(ADA, "/game collectives", GROUP)
        await lobby(api, GROUP)
        assert not api.calls("sendMessage", lambda p: "already" in p["text"])
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_skip_to_a_question_the_group_refuses_says_why_once(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, _first = await begun(api, ADA, GROUP)
        await api.command(ADA, "/game skip", GROUP)  # to the first question's results
        await api.settle()
        api.fail_next("sendPoll", 400, "Bad Request: not enough rights to send polls to the chat")
        await api.command(ADA, "/game skip", GROUP)  # to the second question, which the group refuses
        await api.wait_for("sendMessage", 1, lambda p: "Game stopped" in p["text"])
        await api.settle()
        said = api.calls("sendMessage", lambda p: "I'm missing the “Send Polls” permission" in p["text"])
        assert len(said) == 1  # on the podium; not once more as a reply to the skip


async def test_seconds_out_of_range_are_changed_and_the_lobby_says_so(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        await api.command(ADA, "/game collectives 1000", GROUP)
        lobby_call, game_id = await lobby(api, GROUP)
        lines = lobby_call.params["text"].split("\n")
        assert lines[1:3] == ["Seconds per question must be between 10 and 300; using 300.",
                              "3 questions, 300 seconds each."]
        await press(api, ADA, f"gb:{game_id}", GROUP)
        assert (await next_poll(api, GROUP.id, 1)).params["open_period"] == "300"


async def test_equal_points_share_a_place_or_the_standings_say_why_not(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Three right answers, Ada's at once, Aminata's and Wanjiru's 0.2 s later: 150 points each. Ada ranks first
    on time, and the standings say so; Aminata and Wanjiru took the same time, so they share second place (who
    joined first only lists first). The leaderboard, which counts points alone, puts all three first. Both read
    1, 2, 3 with nothing said."""
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, ADA, GROUP, (AMINATA, WANJIRU))
        await vote(api, first, ADA, right=True)
        await api.settle()
        clock.advance(timedelta(milliseconds=200))  # still the full speed bonus (it is rounded)
        await vote(api, first, AMINATA, right=True)
        await vote(api, first, WANJIRU, right=True)
        results = (await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"]))[-1].params["text"]
        tied = ["1. Ada &lt;Lovelace&gt; — 150 points", "2. Aminata — 150 points", "2. Wanjiru — 150 points",
                "Equal points: whoever answered in less time in all ranks higher."]
        assert results.splitlines()[-4:] == tied
        await api.command(ADA, "/game stop", GROUP)
        podium = (await api.wait_for("sendMessage", 1, lambda p: "Game stopped" in p["text"]))[-1].params["text"]
        assert [line.split(" · ")[0] for line in podium.splitlines()[2:]] == [
            "🥇 Ada &lt;Lovelace&gt; — 150 points", "🥈 Aminata — 150 points", "🥈 Wanjiru — 150 points", tied[-1]]
        await api.command(ADA, "/leaderboard", GROUP)  # its points alone tell players apart: equal ones share
        board = (await api.wait_for("sendMessage", 1, lambda p: "Leaderboard" in p["text"]))[-1].params["text"]
        assert board.splitlines()[1:] == ["1. Ada &lt;Lovelace&gt; — 150 points", "1. Aminata — 150 points",
                                          "1. Wanjiru — 150 points"]


CHANNEL_BOT = {"id": 136817688, "is_bot": True, "first_name": "Channel", "username": "Channel_Bot"}


async def test_a_vote_cast_in_a_channels_name_is_nobodys_not_a_shared_player_called_channel(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Telegram puts its placeholder user (@Channel_Bot) in such a vote, the same for every channel everywhere:
    scored, it joined games as one player "Channel" and blocked every other channel voter as already answered."""
    channel = {"id": -100777, "type": "channel", "title": "Someone's channel"}
    async with running_bot(settings, clock, game_interval=GAMES):
        _game, first = await begun(api, ADA, GROUP)
        await api.push({"poll_answer": {"poll_id": poll_id(first), "user": CHANNEL_BOT, "voter_chat": channel,
                                        "option_ids": [correct(first)],
                                        "option_persistent_ids": [str(correct(first))]}})
        await api.settle()
        await vote(api, first, ADA, right=True)
        [results] = await api.wait_for("sendMessage", 1, lambda params: "Answers: " in params["text"])
    assert "Channel" not in results.params["text"]
    assert not api.calls("sendMessage", lambda params: params["chat_id"] == str(CHANNEL_BOT["id"]))


async def test_an_onlookers_own_round_of_the_games_quiz_is_refused_in_its_group_but_plays_privately(
        api: FakeBotApi, settings: Settings) -> None:
    """Its polls and feedback in the group would show the players the answers while the game asks them."""
    async with running_bot(settings, game_interval=GAMES):
        await begun(api, ADA, GROUP, (AMINATA,))
        await api.command(JUMA, "/quiz collectives", GROUP)  # Juma doesn't play
        refused = "A group game of Collectives is on in this chat. Play it on your own in a private chat, or here"
        await api.wait_for("sendMessage", 1, lambda p: refused in p["text"])
        await api.command(JUMA, "/quiz collectives")
        assert (await next_poll(api, JUMA.id, 1)).params["question"].startswith("1/3 · Which collective")
        await api.settle()
        assert len(api.polls(GROUP.id)) == 1  # the game's question alone
