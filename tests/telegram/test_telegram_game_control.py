"""Steering a Telegram group game: who may stop it, the group's language, a restart mid-question, and the pace
that keeps a game under Telegram's 20 messages a minute per group."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from adapters.settings import Settings
from bot.games.rules import RESULTS_SECONDS
from bot.replies import Actor
from content import default_content_dir
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, group_calls, lobby, press, results_messages, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, WANJIRU, next_poll, running_bot

ADA = FakeUser(301, "Ada", "en")
TELEGRAM_GROUP_LIMIT = 20  # messages a minute in one group


GAMES = 0.02  # seconds between looks for game phases that are due (the harness default waits an hour)


async def test_a_stop_by_a_player_is_refused_and_by_a_group_admin_it_ends_with_the_podium(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    api.admins[GROUP.id] = {WANJIRU.id}
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        _game_id, first = await begun(api, ADA, GROUP, (AMINATA,))
        await vote(api, first, AMINATA, right=True)

        await api.command(AMINATA, "/game stop", GROUP)
        fr = engine.localizer_for("fr")
        refusal = "<b>Aminata</b> · " + fr("Only the player who started this game, or an admin of this chat, "
                                          "can do that.")  # in the group: to whom
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == refusal)
        await api.command(AMINATA, "/game stop", GROUP)  # asking again gets no second refusal in the group
        await api.settle()
        assert len(api.calls("sendMessage", lambda p: p["text"] == refusal)) == 1

        await api.command(WANJIRU, "/game stop", GROUP)  # an admin of the group, not even playing
        podium = (await api.wait_for("sendMessage", 1, lambda p: "Game stopped" in p["text"]))[-1].params["text"]
        assert "Stopped by Wanjiru." in podium and "🥇 Aminata" in podium
        assert len(api.calls("stopPoll")) == 1  # the open question's poll is closed for everyone
        await api.command(ADA, "/game collectives", GROUP)  # the group is free for a new game
        await api.wait_for("sendMessage", 2, lambda p: "Group game: Collectives" in p["text"])


async def test_a_different_refusal_is_answered_at_once_the_same_one_not(api: FakeBotApi, settings: Settings) -> None:
    """A mistyped quiz right after the usage hint was met with silence: one refusal a person a half minute."""
    async with running_bot(settings):
        await api.command(ADA, "/game", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: p["text"].startswith("<b>Ada</b> · Send /game followed by"))
        await api.command(ADA, "/game colectives", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: "colectives" in p["text"])
        await api.command(ADA, "/game colective", GROUP)  # another typo: a refusal of the same kind, not the same
        await api.wait_for("sendMessage", 1, lambda p: "colective»" in p["text"] or "“colective”" in p["text"])
        await api.command(ADA, "/game", GROUP)
        await api.settle()
        assert len(api.calls("sendMessage", lambda p: "Send /game followed by" in p["text"])) == 1


async def test_a_leaderboard_word_it_doesnt_know_is_answered_with_the_usage_not_this_weeks_board(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/leaderboard nonsense", GROUP)
        fr = engine.localizer_for("fr")  # Aminata's language
        usage = fr("Send /leaderboard week or /leaderboard all for this group's points, or /leaderboard hide or "
                   "/leaderboard show to leave the leaderboards or come back.")
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == "<b>Aminata</b> · " + usage)  # in a group: to whom
        await api.command(AMINATA, "/leaderboard all", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: p["text"].startswith("🏆"))
        assert len(api.calls("sendMessage", lambda p: p["text"].startswith("🏆"))) == 1  # only the one asked for


async def test_a_leaderboard_word_it_doesnt_know_in_a_private_chat_says_where_leaderboards_are(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        fr = engine.localizer_for("fr")  # Aminata's language
        private = fr("Leaderboards belong to groups: send /leaderboard in a group where you play. To leave them, "
                     "send /leaderboard hide.")
        for typed in ("/leaderboard", "/leaderboard nonsense"):  # the same answer: not the group's usage
            mark = len(api.calls("sendMessage"))
            await api.command(AMINATA, typed)
            await api.wait_for("sendMessage", mark + 1)
            await api.settle()
            assert [call.params["text"] for call in api.calls("sendMessage")[mark:]] == [private]


async def test_a_groups_admin_sets_the_language_everyone_sees(api: FakeBotApi, settings: Settings) -> None:
    api.admins[GROUP.id] = {ADA.id}
    async with running_bot(settings, game_interval=GAMES) as engine:
        fr = engine.localizer_for("fr")
        await api.command(AMINATA, "/language", GROUP)  # asked before any is set: games follow who starts them
        unset = fr("No language is set for this chat's games: each game speaks the language of whoever starts it. "
                   "Only an admin of this chat can set one. Set your own in a private chat with me.")
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == "<b>Aminata</b> · " + unset)
        await api.command(AMINATA, "/language sw", GROUP)
        refusal = fr("Only an admin of this chat can change its language. Set your own in a private chat with me.")
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == "<b>Aminata</b> · " + refusal)
        await api.command(ADA, "/language sw", GROUP)
        sw = engine.localizer_for("sw")
        confirmed = sw("Games in this chat are in {name} from now on.", name="Kiswahili")
        assert confirmed.startswith("Kuanzia sasa")  # translated, not the English fallback
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == confirmed)
        await api.command(AMINATA, "/game collectives", GROUP)
        lobby_call, _game = await lobby(api, GROUP)
        assert lobby_call.params["text"].startswith("🎲 <b>" + sw("Group game: {quiz}", quiz="Mawasiliano ya pamoja"))
        progress = await engine.progress(Actor("telegram", str(AMINATA.id), str(AMINATA.id), "fr"))
        assert progress.language == "fr"  # her own language is hers still

        # /language alone from someone who may not set it only asked: the group's language and where to set their
        # own, not a refusal, nor a picker that refuses every press.
        mark = len(api.calls("sendMessage"))
        await api.command(WANJIRU, "/language", GROUP)
        await api.settle()
        told = api.calls("sendMessage")[mark:]
        answer = sw("Games in this chat are in {name}. Only an admin of this chat can change that. Set your own "
                    "language in a private chat with me.", name="Kiswahili")
        assert answer.startswith("Michezo")  # translated, not the English fallback
        assert [call.params["text"] for call in told] == ["<b>Wanjiru</b> · " + answer]
        assert "reply_markup" not in told[0].params
        # The picker of /language alone in the group is the typed command: the admin's press sets the group's.
        await api.command(ADA, "/language", GROUP)
        picker = (await api.wait_for("sendMessage", 1, lambda p: "reply_markup" in p and "clang:" in str(p)))[-1]
        assert "clang:yo" in str(picker.params["reply_markup"])
        await api.press(AMINATA, "clang:yo", GROUP)
        refused = await api.wait_for("answerCallbackQuery", 1, lambda p: p.get("show_alert") is True)
        assert refused[0].params["text"] == refusal
        await api.press(ADA, "clang:yo", GROUP)
        yo = engine.localizer_for("yo")
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == yo("Games in this chat are in {name} from now on.",
                                                                        name="Èdè Yorùbá"))
        assert (await engine.localizer(Actor("telegram", str(ADA.id)))).language == "en"  # not the admin's own


async def test_votes_sent_while_the_bot_was_down_count_once_after_a_restart_mid_question(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        _game_id, first = await begun(api, ADA, GROUP, (AMINATA, WANJIRU))
        await vote(api, first, ADA, right=True)
        await api.settle()
    # The bot is down: two more players vote (Telegram keeps the updates), and one of them votes twice.
    await vote(api, first, AMINATA, right=True)
    await vote(api, first, WANJIRU, right=False)
    await vote(api, first, AMINATA, right=False)
    clock.advance(timedelta(seconds=10))  # still within the question's time
    async with running_bot(settings, clock, game_interval=GAMES):
        results = (await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"]))[-1].params["text"]
        await api.settle()
    assert len(results_messages(api, GROUP)) == 1  # closed once, when the last player's vote came in
    counts = results.split("Answers: ")[1].splitlines()[0]
    assert sum(int(part.split()[1]) for part in counts.split(" · ")) == 3  # each player once
    assert "Aminata — " in results and "Aminata — 0 points" not in results  # her first vote is final


async def test_a_game_played_as_fast_as_possible_stays_under_20_messages_a_minute_in_the_group(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    api.clock = lambda: clock.now.timestamp()  # the group's messages are timed on the game's clock
    # The game's own pace is under test, on its own clock: PTB's limiter, which would hold messages back by the
    # real clock (compressed here), must not hide it.
    shipped = settings.model_copy(update={"content_dir": default_content_dir()})
    async with running_bot(shipped, clock, game_interval=GAMES, group_per_minute=10_000):
        await api.command(ADA, "/game fsdp 10", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        for user in (AMINATA, WANJIRU):
            await press(api, user, f"gj:{game_id}", GROUP)
        await press(api, ADA, f"gb:{game_id}", GROUP)
        number = 1
        while not api.calls("sendMessage", lambda p: "Final results" in p["text"]):
            poll = await next_poll(api, GROUP.id, number)
            for user in (ADA, AMINATA, WANJIRU):  # everyone answers at once: the question closes at once
                await vote(api, poll, user, right=True)
            await api.wait_for("sendMessage", number, lambda p: "Answers: " in p["text"])
            clock.advance(timedelta(seconds=RESULTS_SECONDS))
            await api.settle(quiet=0.15)
            number += 1
    sent = [call.at for call in group_calls(api, GROUP)]
    assert number == 10 and len(sent) > TELEGRAM_GROUP_LIMIT  # nine questions: the whole game is over the limit
    busiest = max(sum(1 for other in sent if start <= other < start + 60) for start in sent)
    assert busiest < TELEGRAM_GROUP_LIMIT


async def test_one_persons_commands_are_done_in_the_order_they_were_sent(
        api: FakeBotApi, settings: Settings) -> None:
    """``/game stop`` asks Telegram whether its sender is an admin before it stops anything; ``/game`` with a quiz
    asks nothing. Sent one after the other, the new game must still come after the stop."""
    async def slow_member_lookup(_member: object) -> None:
        await asyncio.sleep(0.3)

    api.before_reply["getChatMember"] = slow_member_lookup
    async with running_bot(settings, game_interval=GAMES):
        await api.command(ADA, "/game collectives", GROUP)
        await lobby(api, GROUP)
        await api.command(ADA, "/game stop", GROUP)
        await api.command(ADA, "/game collectives", GROUP)
        await api.wait_for("sendMessage", 2, lambda p: "Group game: Collectives" in p["text"])
        await api.settle()
        texts = api.sent_texts(GROUP.id)
        assert not any("already running" in text for text in texts)
        stopped = next(n for n, text in enumerate(texts) if "Game stopped" in text)
        lobbies = [n for n, text in enumerate(texts) if "Group game: Collectives" in text]
        assert lobbies[0] < stopped < lobbies[1]


async def test_a_game_is_named_by_every_word_before_its_seconds(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(ADA, "/game mawasiliano ya pamoja 20", GROUP)  # a Swahili title, three words
        lobby_call, _game = await lobby(api, GROUP)
        assert "Collectives" in lobby_call.params["text"] and "20 seconds" in lobby_call.params["text"]


async def test_mistyped_seconds_after_a_known_quiz_are_said_to_be_the_seconds_not_an_unknown_quiz(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        for user, typed in ((AMINATA, "/game collectives -3"), (WANJIRU, "/game collectives 10.5"),
                            (ADA, "/game mawasiliano ya pamoja abc")):  # a title of several words, then a word
            _ = engine.localizer_for((user.language_code or "en")[:2])
            usage = _("The seconds per question must be a whole number from {low} to {high}, for example: "
                      "/game {quiz_id} {seconds}", low=10, high=300, quiz_id="collectives", seconds=30)
            mark = len(api.calls("sendMessage"))
            await api.command(user, typed, GROUP)
            await api.wait_for("sendMessage", mark + 1)
            await api.settle()
            assert [call.params["text"] for call in api.calls("sendMessage")[mark:]] == [
                f"<b>{user.first_name}</b> · {usage}"]
            assert user is ADA or not usage.startswith("The seconds")  # translated, not the English fallback
        # An unknown name is still said to be unknown, whatever its last word; no lobby opened by any of these.
        await api.command(AMINATA, "/game colectives -3", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: "colectives -3" in p["text"])
        assert not api.calls("sendMessage", lambda p: "Group game" in p["text"])


async def test_a_question_held_back_by_flood_control_gets_its_full_time_from_when_its_poll_appears(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Telegram's open_period starts when the poll arrives: a clock started before the send closed the question,
    and posted its answer, while the poll still took votes (refused, though Telegram told the voter right)."""
    async with running_bot(settings, clock, game_interval=GAMES):
        await api.command(ADA, "/game collectives", GROUP)  # 30 seconds a question
        _lobby, game_id = await lobby(api, GROUP)
        api.fail_next("sendPoll", 429, "Too Many Requests: retry after 1", retry_after=1)
        pressed = asyncio.ensure_future(press(api, ADA, f"gb:{game_id}", GROUP))  # answered before it shows
        await api.wait_for("editMessageText", 1)  # the players listed: the question is asked next
        clock.advance(timedelta(seconds=25))  # while flood control holds its poll back
        poll = await next_poll(api, GROUP.id, 1)
        await pressed
        await api.settle()  # the poll kept as it appeared, 25 s late
        assert poll.params["open_period"] == "30"
        clock.advance(timedelta(seconds=20))  # the poll has been up 20 of its 30 seconds
        await api.settle()
        assert not results_messages(api, GROUP) and not api.calls("stopPoll")
        clock.advance(timedelta(seconds=15))  # its 30 seconds and the grace are over
        await api.wait_for("sendMessage", 1, lambda params: "Nobody answered" in params["text"])


async def test_a_game_stopped_in_its_lobby_takes_the_lobbys_buttons_away(api: FakeBotApi, settings: Settings) -> None:
    """Join and Start under a game that is over could only be refused (Discord: test_discord_stopped_lobby.py)."""
    async with running_bot(settings):
        await api.command(ADA, "/game collectives", GROUP)
        lobby_call, _game_id = await lobby(api, GROUP)
        await api.command(ADA, "/game stop", GROUP)

        edited = await api.wait_for("editMessageReplyMarkup", 1)
        assert [(call.params["chat_id"], call.params["message_id"]) for call in edited] == [
            (str(GROUP.id), str(lobby_call.result["message_id"]))]
        assert "reply_markup" not in edited[0].params or not edited[0].params["reply_markup"]
