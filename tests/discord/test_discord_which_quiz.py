"""A quiz reference that names several quizzes, through discord.py against the fake Discord: the question which
one, in the user's language, with the quizzes listed as /quizzes lists them; under /quiz a button starts each,
played as that /quiz asked (polls here, or privately), and no quiz is started by guessing. /preview and
/game start ask the same."""

from __future__ import annotations

import re
import unicodedata

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import button_for, buttons, first_answer, message_id, next_poll, poll_question

SW_QUESTION = "Chemsha bongo kadhaa zinalingana na “{name}”. Unamaanisha ipi?"


async def test_quiz_naming_two_quizzes_asks_which_one_with_a_button_that_starts_each(
        bot: RunningBot, fake: FakeDiscord) -> None:
    # "n" is in long-options' id and in the collectives quiz's Swahili title.
    token = await fake.slash("quiz", {"quiz": "n"}, locale="sw", user_id=LEARNER_ID)
    asked = await fake.wait_until(first_answer(fake, token))
    assert asked.content.splitlines()[0] == SW_QUESTION.format(name="n")
    assert "**Chaguo ndefu** (`long-options`)" in asked.content and "(`collectives`)" in asked.content
    assert [button["label"] for button in buttons(asked)] == ["▶ Chaguo ndefu", "▶ Mawasiliano ya pamoja"]
    start = button_for(asked, "▶ Mawasiliano ya pamoja")
    assert re.fullmatch("qt:q:p:collectives", start)
    await fake.quiet()
    assert fake.polls() == []  # the first it matched is not started

    mark = len(fake.calls)
    await fake.click(message_id(asked), start, user_id=LEARNER_ID, locale="sw")
    poll = await next_poll(fake, bot, after=mark)
    assert poll_question(poll).startswith("1/3 · Operesheni ipi")


async def test_preview_and_a_game_ask_which_one_too(bot: RunningBot, fake: FakeDiscord) -> None:
    previewed = await fake.wait_until(first_answer(fake, await fake.slash("preview", {"quiz": "o"}, locale="sw")))
    assert previewed.content.splitlines()[0] == SW_QUESTION.format(name="o")
    assert "(`collectives`)" in previewed.content and "(`long-options`)" in previewed.content

    started = await fake.slash("game", {"quiz": "o"}, subcommand="start", locale="sw")
    asked = await fake.wait_until(first_answer(fake, started))
    assert asked.content.splitlines()[0] == SW_QUESTION.format(name="o")
    await fake.quiet()
    assert not fake.channel_messages()  # no lobby opened with a guess


async def test_a_start_button_whose_quiz_is_gone_starts_no_other_quiz(bot: RunningBot, fake: FakeDiscord) -> None:
    """A button's quiz id is taken exactly: "long", as a quiz a reload removed would be, is in long-options' id, but
    the button starts no quiz of its own."""
    asked = await fake.wait_until(first_answer(fake, await fake.slash("quiz", {"quiz": "o"}, user_id=LEARNER_ID)))
    mark = len(fake.calls)
    await fake.click(message_id(asked), button_for(asked, "▶ Long options"), user_id=LEARNER_ID,
                     forge="qt:q:p:long")
    said = await fake.wait_until(lambda: next((call for call in fake.calls[mark:]
                                               if "no quiz called" in str(call.body.get("content"))), None))
    assert "There is no quiz called “long”." in said.body["content"]
    await fake.quiet()
    assert fake.polls() == []


async def test_a_quiz_named_in_full_width_or_with_its_tone_marks_apart_is_the_quiz_so_named(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """What a phone's or a Chinese or Japanese input method sends for ASCII, and a Yoruba title whose tone marks come
    as code points of their own: each was "There is no quiz called “ｃｏｌｌｅｃｔｉｖｅｓ”"."""
    for typed, title in (("ＬＯＮＧ\u3000ＯＰＴＩＯＮＳ", "Chaguo ndefu"),
                         (unicodedata.normalize("NFD", "ìbánisọ̀rọ̀ ÀKÓJỌ"), "Mawasiliano ya pamoja")):
        previewed = await fake.wait_until(first_answer(fake, await fake.slash("preview", {"quiz": typed}, locale="sw")))
        assert previewed.content.startswith(f"**{title}**")
    suggested = await fake.slash("quiz", {"quiz": "ｃｏｌｌ"}, locale="sw", autocomplete="quiz")
    answer = await fake.wait_until(lambda: next(iter(fake.interaction_calls(suggested)), None))
    assert [choice["value"] for choice in answer.body["data"]["choices"]] == ["collectives"]

    mark = len(fake.calls)
    await fake.slash("quiz", {"quiz": "ｃｏｌｌｅｃｔｉｖｅｓ"}, locale="sw", user_id=LEARNER_ID)
    poll = await next_poll(fake, bot, after=mark)
    assert poll_question(poll).startswith("1/3 · Operesheni ipi")
