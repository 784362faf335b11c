"""A reload that fixes the answer key of a question whose quiz poll is open: the poll already showed its key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import select, update

from adapters.settings import Settings
from bot.replies import Actor
from storage import tables
from storage.database import create_engine, sqlite_url
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import ADMIN, AMINATA, correct, for_chat, next_poll, options, poll_id, running_bot
from tests.telegram.test_telegram_admin import edit_quiz


async def test_a_vote_for_the_key_the_poll_showed_before_a_reload_changed_it_is_asked_again_not_scored_wrong(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    """Telegram's quiz poll marked the learner's pick right (its key was all-reduce), and then the bot said
    "Wrong", scored it wrong and moved on: the author had changed the key to broadcast before the vote."""
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        shown_right = options(first)[correct(first)]
        edit_quiz(content_dir, "collectives", lambda quiz: quiz["questions"][0].update(answer="broadcast"))
        await api.command(ADMIN, "/reload")
        report = (await api.wait_for("sendMessage", 1, for_chat(ADMIN.id)))[0].params["text"]
        assert "changed: 1" in report

        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])  # the option the poll showed as right
        again = await next_poll(api, AMINATA.id, 2)
        fr = engine.localizer_for("fr")
        assert again.params["question"].startswith("1/3 ")  # the same question, in a poll with the new key
        assert options(again)[correct(again)] != shown_right
        assert fr("This question changed since I showed it to you, so here it is again.") in api.sent_texts(
            AMINATA.id)
        # Its answer is the vote on the new poll, judged by the new key: right, as a first answer is final.
        await api.answer_poll(AMINATA, poll_id(again), [correct(again)])
        await next_poll(api, AMINATA.id, 3)
        progress = await engine.progress(Actor("telegram", str(AMINATA.id)))
        assert [line.text for line in progress.lines] == [
            fr("in progress: {answered} of {total} answered, {correct} right", answered=1, total=3, correct=1)]


async def _asked_columns(url: str, values: dict[str, Any] | None = None) -> dict[str, Any]:
    """The columns of the learner's session that keep its open question's key as shown (asked_*), after writing
    ``values`` into them straight, as another process's update leaves them."""
    database = create_engine(url)
    try:
        async with database.begin() as connection:
            if values:
                await connection.execute(update(tables.table_of(tables.Session)).values(**values))
            row = (await connection.execute(select(tables.table_of(tables.Session)))).one()._asdict()
    finally:
        await database.dispose()
    return {name: value for name, value in row.items() if name.startswith("asked_")}


async def test_a_vote_on_a_question_an_older_replica_asked_is_scored_though_it_left_the_last_questions_key(
        api: FakeBotApi, settings: Settings) -> None:
    """A rolling deploy: a replica of the release before keeps serving, and knows nothing of the key kept as shown,
    so moving the session on it leaves the previous question's there. A vote on the question it asked, whose key
    nobody changed, was refused as changed ("here it is again") by a new replica, the same poll sent again."""
    url = sqlite_url(settings.data_dir)
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        as_first_shown = await _asked_columns(url)
        assert as_first_shown  # the key the first question was shown with is kept
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ")
        # As the older replica's step to the second question leaves the row: its key as the first was shown.
        await _asked_columns(url, as_first_shown)

        await api.answer_poll(AMINATA, poll_id(second), [correct(second)])
        third = await next_poll(api, AMINATA.id, 3)
        fr = engine.localizer_for("fr")
        assert third.params["question"].startswith("3/3 ")
        assert fr("This question changed since I showed it to you, so here it is again.") not in api.sent_texts(
            AMINATA.id)
        progress = await engine.progress(Actor("telegram", str(AMINATA.id)))
        assert [line.text for line in progress.lines] == [
            fr("in progress: {answered} of {total} answered, {correct} right", answered=2, total=3, correct=2)]


def _swap_first_two_texts(quiz: dict[str, Any]) -> None:
    """The first question's all-reduce (its answer) and broadcast options swap their texts; ids and key stay."""
    options = {option["id"]: option for option in quiz["questions"][0]["options"]}
    options["all-reduce"]["text"], options["broadcast"]["text"] = (options["broadcast"]["text"],
                                                                    options["all-reduce"]["text"])


async def test_a_vote_on_a_poll_whose_option_texts_a_reload_swapped_is_asked_again_not_scored(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    """The poll showed All-reduce as right; after the swap the option all-reduce says Broadcast: the vote was
    "Correct! The answer: Broadcast (diffusion)", for a pick of All-reduce."""
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        edit_quiz(content_dir, "collectives", _swap_first_two_texts)
        await api.command(ADMIN, "/reload")
        assert "changed: 1" in (await api.wait_for("sendMessage", 1, for_chat(ADMIN.id)))[0].params["text"]

        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        again = await next_poll(api, AMINATA.id, 2)
        fr = engine.localizer_for("fr")
        assert again.params["question"].startswith("1/3 ")
        assert options(again)[correct(again)] == options(first)[options(first).index("Diffusion (broadcast)")]
        assert fr("This question changed since I showed it to you, so here it is again.") in api.sent_texts(
            AMINATA.id)
        assert not any(fr("Correct!") in text for text in api.sent_texts(AMINATA.id))
