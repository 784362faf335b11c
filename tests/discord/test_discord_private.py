"""Private play: ephemeral questions with answer buttons, in the language the clicker chose or speaks."""

from __future__ import annotations

import copy
import time

import pytest
from sqlalchemy import text

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot, running_bot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import CUSTOM_ID, button_for, buttons, first_answer
from tests.support.write_lock import writes_held


async def test_private_mode_in_swahili_chosen_with_language_uses_buttons_and_ephemeral_replies(
        bot: RunningBot, fake: FakeDiscord) -> None:
    sw = bot.engine.localizer_for("sw")
    chosen = await fake.slash("language", {"language": "sw"}, user_id=LEARNER_ID)
    confirmation = await fake.wait_until(first_answer(fake, chosen))
    assert confirmation.content == sw("From now on I'll speak {name}.", name="Kiswahili")

    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    assert fake.interaction_calls(started)[0].body == {"type": 5, "data": {"flags": 64}}
    assert "Operesheni ipi huacha jumla ya gradients zote kwenye kila rank?" in question.content
    assert sorted(b["label"] for b in buttons(question)) == [
        "All-reduce (punguza-zote)", "Tawanya (scatter)", "Utangazaji (broadcast)"]
    assert all(CUSTOM_ID.fullmatch(b["custom_id"]) and len(b["custom_id"]) <= 100 for b in buttons(question))
    assert fake.polls() == []  # nothing public
    question_message = copy.deepcopy(fake.messages[int(question.response["id"])])

    right = button_for(question, "All-reduce (punguza-zote)")
    click = await fake.click(int(question.response["id"]), right, user_id=LEARNER_ID)
    next_question = await fake.wait_until(
        lambda: next((c for c in fake.interaction_calls(click) if buttons(c) and c.method == "POST"), None))
    calls = fake.interaction_calls(click)
    assert calls[0].body == {"type": 6}  # acknowledged at once, without a visible "thinking…"
    assert any(c.method == "PATCH" and c.body.get("components") == [] for c in calls)  # old buttons removed
    feedback = next(c for c in calls if "All-reduce hujumlisha" in c.content)
    assert feedback.flags & EPHEMERAL and next_question.flags & EPHEMERAL
    assert sw("Correct!") in feedback.content
    assert "Operesheni ipi hujenga upya tensor kamili" in next_question.content

    # The same old button clicked again (a double click): a polite refusal, only for the clicker.
    fake.messages[int(question.response["id"])] = question_message
    again = await fake.click(int(question.response["id"]), right, user_id=LEARNER_ID)
    refusal = await fake.wait_until(first_answer(fake, again))
    assert refusal.flags & EPHEMERAL
    assert refusal.content == sw("You already answered this question; your first answer counts.")

    # A forged custom_id pointing at someone else's session.
    forged = await fake.click(int(question.response["id"]), right, user_id=LEARNER_ID,
                              forge=f"qt:a:{'f' * 32}:sum-everywhere:0")
    refusal = await fake.wait_until(first_answer(fake, forged))
    assert refusal.content == sw("This question belongs to someone else's quiz. Start your own to play.")

    # A custom_id none of the bot's buttons has (an older version's): told, not left to "This interaction failed".
    stale = await fake.click(int(question.response["id"]), right, user_id=LEARNER_ID, forge="legacy_answer_1")
    refusal = await fake.wait_until(first_answer(fake, stale))
    assert refusal.flags & EPHEMERAL
    assert refusal.content.startswith("Kitufe hiki")  # in Swahili
    assert refusal.content == sw("This button no longer works. Send /quiz to carry on, or /help to see everything "
                                 "I can do.")

    # Finish: the last question is English-only; the summary comes privately, in Swahili.
    second = int(next_question.response["id"])
    click = await fake.click(second, buttons(next_question)[0]["custom_id"], user_id=LEARNER_ID)
    third = await fake.wait_until(
        lambda: next((c for c in fake.interaction_calls(click) if buttons(c) and c.method == "POST"), None))
    assert "Which link usually carries tensor-parallel traffic" in third.content
    click = await fake.click(int(third.response["id"]), button_for(third, "NVLink"), user_id=LEARNER_ID)
    summary = await fake.wait_until(lambda: next((c for c in fake.answers(click) if "🏁" in c.content), None))
    assert summary.flags & EPHEMERAL
    assert sw("Quiz finished: {title}", title="Mawasiliano ya pamoja") in summary.content


async def test_without_a_chosen_language_private_feedback_follows_the_clickers_discord_language(
        bot: RunningBot, fake: FakeDiscord) -> None:
    fr = bot.engine.localizer_for("fr")
    started = await fake.slash("quiz", {"quiz": "long-options", "private": True}, user_id=LEARNER_ID, locale="fr")
    question = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    # Options longer than a button label (80): letters on the buttons, the full text in the message.
    assert [b["label"] for b in buttons(question)] == ["A", "B"]
    assert "Seulement son propre fragment des paramètres" in question.content

    click = await fake.click(int(question.response["id"]), buttons(question)[0]["custom_id"],
                             user_id=LEARNER_ID, locale="fr")
    summary = await fake.wait_until(lambda: next((c for c in fake.answers(click) if "🏁" in c.content), None))
    assert fr("Quiz finished: {title}", title="Options longues") in summary.content
    feedback = next(c for c in fake.answers(click) if "Le fragmentage garde" in c.content)
    assert feedback.flags & EPHEMERAL


async def test_answer_buttons_still_work_after_a_restart(settings: Settings, fake: FakeDiscord) -> None:
    async with running_bot(settings, fake) as before:
        started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
        question = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
        assert before.engine is not None

    async with running_bot(settings, fake):
        click = await fake.click(int(question.response["id"]), button_for(question, "All-reduce"),
                                 user_id=LEARNER_ID)
        feedback = await fake.wait_until(lambda: next((c for c in fake.answers(click) if "✅" in c.content), None))
        await fake.wait_until(lambda: any(buttons(c) for c in fake.answers(click)))  # and the next question
    assert feedback.flags & EPHEMERAL
    assert "All-reduce sums across ranks" in feedback.content


async def test_a_click_that_fails_is_apologized_for_in_the_clickers_language_and_the_next_works(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    fr = bot.engine.localizer_for("fr")
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID, locale="fr")
    question = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    right = next(b["custom_id"] for b in buttons(question) if b["label"].startswith("All-reduce"))
    async with bot.database.begin() as connection:  # the answer can't be stored: the click's handling fails
        await connection.execute(text("ALTER TABLE answers RENAME TO answers_away"))

    failed = await fake.click(int(question.response["id"]), right, user_id=LEARNER_ID, locale="fr")
    apology = await fake.wait_until(first_answer(fake, failed))
    assert apology.content == fr("Sorry, something went wrong. Please try again in a moment.")
    assert apology.flags & EPHEMERAL
    assert "answer click failed" in caplog.text

    async with bot.database.begin() as connection:
        await connection.execute(text("ALTER TABLE answers_away RENAME TO answers"))
    again = await fake.click(int(question.response["id"]), right, user_id=LEARNER_ID, locale="fr")
    feedback = await fake.wait_until(lambda: next((c for c in fake.answers(again) if "✅" in c.content), None))
    assert fr("Correct!") in feedback.content  # nothing was kept of the failed click: this one is scored


async def test_with_the_database_gone_a_failed_command_is_apologized_for_in_the_clients_language(
        bot: RunningBot, fake: FakeDiscord) -> None:
    async with bot.database.begin() as connection:  # every command reads its user first: all fail
        await connection.execute(text("ALTER TABLE users RENAME TO users_away"))
    failed = await fake.slash("progress", {}, user_id=LEARNER_ID, locale="fr")
    apology = await fake.wait_until(first_answer(fake, failed))
    fr = bot.engine.localizer_for("fr")
    assert apology.content == fr("Sorry, something went wrong. Please try again in a moment.")


async def test_a_stale_button_clicked_while_the_database_is_stuck_is_answered_in_time(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    """Discord gives a click 3 s for its first answer: the refusal doesn't wait for the stuck database to say the
    clicker's language (it waited its busy timeout and more, and the click "failed"); the language last read here."""
    sw = bot.engine.localizer_for("sw")
    await fake.wait_until(first_answer(fake, await fake.slash("language", {"language": "sw"}, user_id=LEARNER_ID)))
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    right = button_for(question, "All-reduce (punguza-zote)")
    async with writes_held(settings):
        began = time.monotonic()
        stale = await fake.click(int(question.response["id"]), right, user_id=LEARNER_ID, forge="legacy_answer_1")
        refusal = await fake.wait_until(first_answer(fake, stale), within=30)
        assert time.monotonic() - began < 3.0
    assert refusal.content == sw("This button no longer works. Send /quiz to carry on, or /help to see everything "
                                 "I can do.")
