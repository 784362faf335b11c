"""A review round left on Telegram days ago: /review asks today's round in a new poll numbered from 1, not the old
round's next question, and the old round's open poll is taken away (today's round may ask its question)."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import lobby, press
from tests.telegram.telegram_fake_api import Call, FakeBotApi
from tests.telegram.telegram_harness import (
    AMINATA,
    GROUP,
    JUMA,
    correct,
    for_chat,
    next_poll,
    poll_id,
    running_bot,
    wrong,
)

DAY = timedelta(days=1)


async def _review_begun_a_day_after_missing_all_three(api: FakeBotApi, clock: FixedClock) -> None:
    """Aminata misses collectives' three questions; the next day she sends /review (its first poll comes next)."""
    await api.command(AMINATA, "/quiz collectives")
    for number in (1, 2, 3):
        poll = await next_poll(api, AMINATA.id, number)
        await api.answer_poll(AMINATA, poll_id(poll), [wrong(poll)])
    await api.wait_for("sendMessage", 1, lambda p: for_chat(AMINATA.id)(p) and "❌" in p["text"])
    clock.advance(DAY + timedelta(hours=1))
    await api.command(AMINATA, "/review")


async def test_review_days_after_a_round_left_asks_todays_round(api: FakeBotApi, settings: Settings,
                                                                clock: FixedClock) -> None:
    async with running_bot(settings, clock):
        await _review_begun_a_day_after_missing_all_three(api, clock)
        first = await next_poll(api, AMINATA.id, 4)
        assert first.params["question"].startswith("1/3 · ")
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        left = await next_poll(api, AMINATA.id, 5)
        assert left.params["question"].startswith("2/3 · ")

        clock.advance(3 * DAY)
        await api.command(AMINATA, "/review")
        today = await next_poll(api, AMINATA.id, 6)
        # Before: "2/3 · " again, the old round carried on with what was due three days ago.
        assert today.params["question"].startswith("1/3 · "), today.params["question"]
        await api.wait_for("deleteMessage", 1, for_chat(AMINATA.id))
        assert (AMINATA.id, int(left.result["message_id"])) in api.deleted  # the old round's open poll
        intro = api.sent_texts(AMINATA.id)[-1]
        assert "Bon retour" not in intro and "3 questions" in intro, intro


async def _round_left_and_a_game_joined_the_next_day(api: FakeBotApi, clock: FixedClock) -> Call:
    """Aminata's review round of collectives' three, its first poll left open; the next day she joins a group game
    of collectives, which holds all she has due, and taking that poll away as she joins fails (the network, say).
    The old round's poll."""
    await _review_begun_a_day_after_missing_all_three(api, clock)
    left = await next_poll(api, AMINATA.id, 4)

    clock.advance(DAY)
    await api.command(JUMA, "/game collectives", GROUP)
    _call, game = await lobby(api, GROUP)
    api.fail_next("deleteMessage", 400, "Bad Request: message can't be deleted")
    await press(api, AMINATA, f"gj:{game}", GROUP)
    await api.settle()
    assert (AMINATA.id, int(left.result["message_id"])) not in api.deleted
    return left


async def test_review_with_nothing_to_ask_today_takes_away_the_poll_of_a_round_left_days_ago(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Days later all that is due waits for a group game she joined: /review says so, ends the old round, and
    takes its poll away (before: left open, a vote there answered "That question is no longer open.")."""
    async with running_bot(settings, clock) as engine:
        left = await _round_left_and_a_game_joined_the_next_day(api, clock)
        said = len(api.sent_texts(AMINATA.id))
        await api.command(AMINATA, "/review")
        await api.wait_for("sendMessage", said + 1, for_chat(AMINATA.id))
        held = engine.localizer_for("fr")("You're playing {title} in a group game right now, so its questions due "
                                          "for review wait until the game is over.", title="Collectives")
        assert api.sent_texts(AMINATA.id)[-1] == held
        await api.wait_for("deleteMessage", 1, for_chat(AMINATA.id))
        assert (AMINATA.id, int(left.result["message_id"])) in api.deleted  # the old round's open poll


async def test_quiz_alone_when_the_only_quiz_open_was_a_round_left_days_ago_lists_the_quizzes(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """/quiz alone says what it says with no quiz in progress, with the quizzes to choose from; before: the
    game's hold ("You're playing Collectives in a group game right now...") as /review says it."""
    async with running_bot(settings, clock) as engine:
        left = await _round_left_and_a_game_joined_the_next_day(api, clock)
        said = len(api.sent_texts(AMINATA.id))
        await api.command(AMINATA, "/quiz")
        listing = (await api.wait_for("sendMessage", said + 1, for_chat(AMINATA.id)))[said]
        _ = engine.localizer_for("fr")
        assert _("You have no quiz in progress. Choose one to start.") in listing.params["text"], listing.params
        assert listing.params["reply_markup"]["inline_keyboard"]
        await api.wait_for("deleteMessage", 1, for_chat(AMINATA.id))
        assert (AMINATA.id, int(left.result["message_id"])) in api.deleted



async def _all_of_collectives(api: FakeBotApi, polls: range, right: bool) -> None:
    """Aminata plays collectives to its summary, answering each of its ``polls`` (counted in her chat) as told."""
    await api.command(AMINATA, "/quiz collectives")
    for number in polls:
        poll = await next_poll(api, AMINATA.id, number)
        await api.answer_poll(AMINATA, poll_id(poll), [correct(poll) if right else wrong(poll)])
    await api.wait_for("sendMessage", 1, lambda p: for_chat(AMINATA.id)(p) and "✅❌"[not right] in p["text"]
                       and "Collectives" in p["text"])


async def test_quiz_alone_with_nothing_due_resumes_the_quiz_open_besides_a_round_left_days_ago(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """Long options left open for collectives, then for a review round the next day; the morning after nothing is
    due: /quiz alone asks Long options' question again and takes the old round's poll away (before: "Nothing is
    due for review right now...", no question asked)."""
    async with running_bot(settings, clock) as engine:
        await api.command(AMINATA, "/quiz long-options")
        await next_poll(api, AMINATA.id, 1)
        await _all_of_collectives(api, range(2, 5), right=False)
        clock.advance(DAY + timedelta(hours=1))
        await api.command(AMINATA, "/review")
        first = await next_poll(api, AMINATA.id, 5)
        assert first.params["question"].startswith("1/3 · "), first.params["question"]
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        left = await next_poll(api, AMINATA.id, 6)
        await _all_of_collectives(api, range(7, 10), right=True)  # all right: nothing due the next morning
        clock.advance(timedelta(hours=15))

        said = len(api.sent_texts(AMINATA.id))
        await api.command(AMINATA, "/quiz")
        again = await next_poll(api, AMINATA.id, 10)
        assert again.params["question"].startswith("1/1 · "), again.params["question"]
        welcome = engine.localizer_for("fr")("Welcome back! Carrying on with {title}.", title="Options longues")
        assert welcome in api.sent_texts(AMINATA.id)[said], api.sent_texts(AMINATA.id)[said:]
        old_poll = (AMINATA.id, int(left.result["message_id"]))
        await api.wait_for("deleteMessage", 1, lambda p: (int(p["chat_id"]), int(p["message_id"])) == old_poll)
