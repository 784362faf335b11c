"""/quizzes with a button that starts each quiz, as Telegram's /quizzes has (before: a list with no way to start one
from it). The button is the which-one reply's: a press starts exactly its quiz, for whoever pressed, in their
language; a press after a reload removed the quiz says it is gone and starts nothing."""

from __future__ import annotations

from pathlib import Path

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ADMIN_ID, LEARNER_ID, OTHER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL, WITHOUT_POLLS
from tests.discord.support import button_for, buttons, first_answer, message_id, next_poll, poll_question
from tests.support.next_step import NEXT_STEP


async def test_quizzes_has_a_button_that_starts_each_quiz_for_whoever_presses_it(
        bot: RunningBot, fake: FakeDiscord) -> None:
    listing = await fake.wait_until(first_answer(fake, await fake.slash("quizzes", user_id=LEARNER_ID,
                                                                        locale="sw")))
    assert "(`collectives`)" in listing.content and "(`long-options`)" in listing.content
    assert [button["label"] for button in buttons(listing)] == ["▶ Mawasiliano ya pamoja", "▶ Chaguo ndefu"]
    start = button_for(listing, "▶ Mawasiliano ya pamoja")
    assert start == "qt:q:p:collectives"  # played as /quiz plays it: polls in the channel
    await fake.quiet()
    assert fake.polls() == []

    # Someone else presses it, their client in French: the quiz is theirs, asked in French.
    mark = len(fake.calls)
    await fake.click(message_id(listing), start, user_id=OTHER_ID, locale="fr")
    poll = await next_poll(fake, bot, after=mark)
    assert poll_question(poll).startswith("1/3 · Quelle collective laisse")
    assert f"<@{OTHER_ID}>" in poll.body["content"]
    assert await bot.engine.message_link("discord", str(message_id(poll))) is not None
    token = await fake.slash("progress", user_id=LEARNER_ID)
    progress = await fake.wait_until(first_answer(fake, token))
    assert "in progress" not in progress.content  # the one who listed them started nothing


async def test_a_quizzes_button_whose_quiz_a_reload_removed_says_it_is_gone(
        bot: RunningBot, fake: FakeDiscord, content_dir: Path) -> None:
    listing = await fake.wait_until(first_answer(fake, await fake.slash("quizzes", user_id=LEARNER_ID,
                                                                        locale="fr")))
    start = button_for(listing, "▶ Collectives")
    (content_dir / "quizzes" / "collectives.yaml").unlink()
    await fake.wait_until(first_answer(fake, await fake.slash("reload", user_id=ADMIN_ID)))

    mark = len(fake.calls)
    await fake.click(message_id(listing), start, user_id=LEARNER_ID, locale="fr")
    fr = bot.engine.localizer_for("fr")
    gone = fr("There is no quiz called “{name}”.", name="collectives")
    said = await fake.wait_until(lambda: next((call for call in fake.calls[mark:]
                                               if gone in str((call.body or {}).get("content"))), None))
    assert said.body["content"].startswith("Aucun quiz")  # in French, for the presser
    # where to go next, its commands as a French client offers them
    assert said.body["content"] == f"{gone} {fr(NEXT_STEP).replace('/quizzes', '/liste-quiz')}"
    await fake.quiet()
    assert fake.polls() == []


async def test_quiz_with_nothing_in_progress_offers_a_button_for_each_quiz_played_as_that_quiz_asked(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """"Choose one to start" lists the quizzes as /quizzes does, buttons too (before: a list to retype from)."""
    token = await fake.slash("quiz", {"private": True}, user_id=LEARNER_ID, locale="yo")
    offer = await fake.wait_until(first_answer(fake, token))
    assert [button["custom_id"] for button in buttons(offer)] == ["qt:q:v:collectives", "qt:q:v:long-options"]

    mark = len(fake.calls)
    await fake.click(message_id(offer), "qt:q:v:collectives", user_id=LEARNER_ID, locale="yo")
    asked = await fake.wait_until(lambda: next((call for call in fake.calls[mark:]
                                                if "Èwo ló ń fi àpapọ̀" in str((call.body or {}).get("content"))),
                                               None))  # privately, with buttons, in Yoruba
    assert buttons(asked) and fake.polls() == []


async def test_quizzes_where_polls_are_refused_offers_buttons_that_play_privately(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """Before, each button was refused there with "play privately with /quiz private:True", which resumes the
    quiz in progress (Collectives here), not the one pressed."""
    await fake.wait_until(first_answer(fake, await fake.slash("quiz", {"quiz": "collectives", "private": True},
                                                              user_id=LEARNER_ID)))
    listing = await fake.wait_until(first_answer(fake, await fake.slash("quizzes", user_id=LEARNER_ID,
                                                                        permissions=WITHOUT_POLLS)))
    start = button_for(listing, "▶ Long options")
    assert start == "qt:q:v:long-options"

    mark = len(fake.calls)
    click = await fake.click(message_id(listing), start, user_id=LEARNER_ID, permissions=WITHOUT_POLLS)
    asked = await fake.wait_until(lambda: next((c for c in fake.answers(click) if buttons(c)), None))
    assert "Question 1 of 1" in asked.content and int(asked.response["flags"]) & EPHEMERAL
    await fake.quiet()
    assert fake.polls(after=mark) == []
