"""A quiz reference that names several quizzes, through the real Application: the question which one, in the
learner's language, with the quizzes listed as /quizzes lists them; under /quiz a button starts each, and no quiz
is started by guessing. /preview and a group's /game ask the same, each with its own command under each quiz."""

from __future__ import annotations

import unicodedata

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import GROUP, WANJIRU, for_chat, next_poll, running_bot


async def test_quiz_naming_two_quizzes_asks_which_one_with_a_button_for_each(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        sw = engine.localizer_for("sw")
        # "n" is in long-options' id and in the collectives quiz's Swahili title.
        await api.command(WANJIRU, "/quiz n")
        asked = (await api.wait_for("sendMessage", 1, for_chat(WANJIRU.id)))[0]
        text = asked.params["text"]
        assert sw("Several quizzes match “{name}”. Which one do you mean?", name="n") in text
        assert "Chaguo ndefu" in text and "/quiz long-options" in text and "/quiz collectives" in text
        rows = asked.params["reply_markup"]["inline_keyboard"]
        assert [row[0]["callback_data"] for row in rows] == ["quiz:long-options", "quiz:collectives"]
        await api.settle()
        assert not api.polls(WANJIRU.id)  # the first it matched is not started

        await api.press(WANJIRU, "quiz:collectives")
        poll = await next_poll(api, WANJIRU.id, 1)
        assert poll.params["question"].startswith("1/3 · Operesheni ipi")


async def test_preview_and_a_group_game_ask_which_one_with_their_own_command(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        question = engine.localizer_for("sw")("Several quizzes match “{name}”. Which one do you mean?", name="o")
        await api.command(WANJIRU, "/preview o")
        previewed = (await api.wait_for("sendMessage", 1, for_chat(WANJIRU.id)))[0]
        text = previewed.params["text"]
        assert question in text and "/preview collectives" in text and "/preview long-options" in text
        assert "reply_markup" not in previewed.params  # the list's buttons would start a quiz, not preview it

        await api.command(WANJIRU, "/game o 20", GROUP)
        asked = (await api.wait_for("sendMessage", 1, for_chat(GROUP.id)))[0]
        assert question in asked.params["text"]
        assert "/game long-options 20" in asked.params["text"] and "/game collectives 20" in asked.params["text"]
        await api.settle()
        assert len(api.calls("sendMessage", for_chat(GROUP.id))) == 1  # no lobby opened with a guess


async def test_a_start_button_whose_quiz_is_gone_starts_no_other_quiz(api: FakeBotApi, settings: Settings) -> None:
    """A button's quiz id is taken exactly: "long", as a quiz a reload removed would be, is in long-options' id, but
    the button starts no quiz of its own."""
    async with running_bot(settings) as engine:
        await api.press(WANJIRU, "quiz:long")
        said = (await api.wait_for("sendMessage", 1, for_chat(WANJIRU.id)))[0]
        assert engine.localizer_for("sw")("There is no quiz called “{name}”.", name="long") in said.params["text"]
        await api.settle()
        assert not api.polls(WANJIRU.id)


async def test_a_quiz_named_in_full_width_or_with_its_tone_marks_apart_is_the_quiz_so_named(
        api: FakeBotApi, settings: Settings) -> None:
    """What a phone's or a Chinese or Japanese input method sends for ASCII, and a Yoruba title whose tone marks come
    as code points of their own: each was "There is no quiz called “ｃｏｌｌｅｃｔｉｖｅｓ”"."""
    async with running_bot(settings):
        await api.command(WANJIRU, "/preview ＬＯＮＧ\u3000ＯＰＴＩＯＮＳ")  # a title, as typed with the IME on
        said = await api.wait_for("sendMessage", 1, for_chat(WANJIRU.id))
        assert said[0].params["text"].startswith("<b>Chaguo ndefu</b>")
        await api.command(WANJIRU, "/preview " + unicodedata.normalize("NFD", "ìbánisọ̀rọ̀ ÀKÓJỌ"))  # a Yoruba title
        said = await api.wait_for("sendMessage", 2, for_chat(WANJIRU.id))
        assert said[1].params["text"].startswith("<b>Mawasiliano ya pamoja</b>")

        await api.command(WANJIRU, "/quiz ｃｏｌｌｅｃｔｉｖｅｓ")
        poll = await next_poll(api, WANJIRU.id, 1)
        assert poll.params["question"].startswith("1/3 · Operesheni ipi")
