"""In a group, every reply meant for one member names them (``<b>Ada</b> · ...``): several may be quizzing there
side by side, and a reply that names nobody leaves each wondering whose it is. Private chats name nobody."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from adapters.settings import Settings
from bot.replies import Actor, Notice
from tests.support.content import BROADCAST_WHY_NOT, give_broadcast_a_why_not
from tests.support.next_step import NEXT_STEP
from tests.telegram.fake_types import Failure
from tests.telegram.game_steps import lobby, press, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import (
    AMINATA,
    GROUP,
    correct,
    for_chat,
    next_poll,
    options,
    poll_id,
    running_bot,
)

ADA = FakeUser(201, "<Ada & Co>", "en")  # a name that would break HTML if it weren't escaped
BOLA = FakeUser(202, "Bola", "yo")
ADA_SAYS = "<b>&lt;Ada &amp; Co&gt;</b> · "
BOLA_SAYS = "<b>Bola</b> · "
NAMELESS = FakeUser(203, "", "en")  # a first name that came empty: a String to the Bot API, which allows ""
# Answers about one member go to their private chat when the bot may write there: Ada never started it.
NEVER_STARTED = Failure(403, "Forbidden: bot can't initiate conversation with a user")


async def reply_to(api: FakeBotApi, user: FakeUser, command: str, chat: FakeChat | None = None) -> str:
    """The first message the bot sends to the chat after ``command``."""
    chat_id = chat.id if chat is not None else user.id
    before = len(api.sent_texts(chat_id))
    await api.command(user, command, chat)
    return (await api.wait_for("sendMessage", before + 1, for_chat(chat_id)))[before].params["text"]


async def test_the_explanation_after_a_vote_in_a_group_names_whose_answer_it_explains(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    give_broadcast_a_why_not(content_dir)
    async with running_bot(settings) as engine:
        await api.command(ADA, "/quiz collectives", GROUP)
        ada_first = await next_poll(api, GROUP.id, 1)
        await api.command(BOLA, "/quiz collectives", GROUP)
        bola_first = await next_poll(api, GROUP.id, 2)

        await api.answer_poll(ADA, poll_id(ada_first), [correct(ada_first)])
        await next_poll(api, GROUP.id, 3)
        answer = engine.localizer_for("en")("The answer: {option}", option="All-reduce")
        assert api.sent_texts(GROUP.id)[-1].split("\n")[0] == ADA_SAYS + answer

        await api.answer_poll(BOLA, poll_id(bola_first), [options(bola_first).index("Ìgbéjáde (broadcast)")])
        await next_poll(api, GROUP.id, 4)
        assert api.sent_texts(GROUP.id)[-1].split("\n")[0] == "<b>Bola</b> · ❌ " + BROADCAST_WHY_NOT["yo"]


async def test_the_explanation_in_a_private_chat_names_nobody(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        await next_poll(api, AMINATA.id, 2)
        answer = engine.localizer_for("fr")("The answer: {option}", option="All-reduce (réduction totale)")
        assert api.sent_texts(AMINATA.id)[-1].split("\n")[0] == answer


async def test_personal_replies_in_a_group_name_whom_they_answer(api: FakeBotApi, settings: Settings) -> None:
    """/progress (its text and its chart), /quiz refused during a game, /review, /timezone, /reminders,
    /leaderboard hide, and the refusals of /game and of /language."""
    ada = Actor("telegram", str(ADA.id))
    api.refusing[ADA.id] = NEVER_STARTED
    async with running_bot(settings) as engine:
        en, yo = engine.localizer_for("en"), engine.localizer_for("yo")
        nothing_due = await engine.review(ada)  # Ada has answered nothing yet
        assert isinstance(nothing_due, Notice)
        assert await reply_to(api, ADA, "/review", GROUP) == ADA_SAYS + nothing_due.text

        await api.command(ADA, "/quiz collectives", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        await api.answer_poll(ADA, poll_id(first), [correct(first)])
        await next_poll(api, GROUP.id, 2)
        progress = await engine.progress(ada)
        assert progress.chart is not None
        said = await reply_to(api, ADA, "/progress", GROUP)
        assert said.split("\n")[0] == ADA_SAYS + f"<b>{progress.heading}</b>"
        chart = (await api.wait_for("sendPhoto", 1))[0].params
        assert chart["caption"] == ADA_SAYS + progress.chart.title and chart["parse_mode"] == "HTML"

        said = await reply_to(api, ADA, "/timezone", GROUP)
        assert said.startswith(ADA_SAYS + "Your time zone is UTC: it is ")  # then the time there now
        assert "\n" not in said and "send /timezone followed by" in said  # how to change it, said once
        said = await reply_to(api, ADA, "/timezone Africa/Lagos", GROUP)
        assert said.startswith(ADA_SAYS) and "Africa/Lagos" in said
        reminders = (await engine.set_reminders(ada, "")).text  # how they stand: changes nothing
        assert await reply_to(api, ADA, "/reminders", GROUP) == ADA_SAYS + reminders
        hidden = en("You're hidden from the leaderboards now.")
        assert await reply_to(api, ADA, "/leaderboard hide", GROUP) == ADA_SAYS + hidden

        no_such = en("There is no quiz called “{name}”.", name="nosuch") + " " + en(NEXT_STEP)
        assert await reply_to(api, ADA, "/game nosuch", GROUP) == ADA_SAYS + no_such
        before = len(api.sent_texts(GROUP.id))
        await api.press(ADA, "quiz:nosuch", GROUP)  # a quiz list's button, from a stale or forged list
        pressed = await api.wait_for("answerCallbackQuery", 1, lambda params: params.get("text") == no_such)
        assert pressed and len(api.sent_texts(GROUP.id)) == before  # the presser's popup: the group reads none
        await reply_to(api, ADA, "/game collectives", GROUP)  # the lobby: Ada plays Collectives in it
        aside = en("Your own round of {title} waits until the game is over, so I took its question away for now. "
                   "Send /quiz {quiz_id} after the game to carry on.", title="Collectives", quiz_id="collectives")
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == ADA_SAYS + aside)  # her own poll, taken away
        in_game = en("You're playing {title} in a group game right now. Play it on your own once the game is over.",
                     title="Collectives")
        assert await reply_to(api, ADA, "/quiz collectives", GROUP) == ADA_SAYS + in_game

        unset = yo("No language is set for this chat's games: each game speaks the language of whoever starts "
                   "it. Only an admin of this chat can set one. Set your own in a private chat with me.")
        assert await reply_to(api, BOLA, "/language", GROUP) == BOLA_SAYS + unset  # Bola is no admin: only asked
        chidi = FakeUser(204, "Chidi", "en")
        assert await reply_to(api, chidi, "/language sw", GROUP) == "<b>Chidi</b> · " + en(
            "Only an admin of this chat can change its language. Set your own in a private chat with me.")


async def test_personal_replies_in_a_private_chat_name_nobody(api: FakeBotApi, settings: Settings) -> None:
    aminata = Actor("telegram", str(AMINATA.id))
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        await next_poll(api, AMINATA.id, 2)
        progress = await engine.progress(aminata)
        assert progress.chart is not None
        said = await reply_to(api, AMINATA, "/progress")
        assert said.split("\n")[0] == f"<b>{progress.heading}</b>"
        assert (await api.wait_for("sendPhoto", 1))[0].params["caption"] == progress.chart.title
        reminders = (await engine.set_reminders(aminata, "")).text
        assert await reply_to(api, AMINATA, "/reminders") == reminders


async def test_progress_with_no_results_yet_bolds_only_the_name_in_a_group(api: FakeBotApi,
                                                                          settings: Settings) -> None:
    """With nothing below it the heading is a plain sentence ("No results yet. Start a quiz ..."): only whose
    reply it is stands out, as in every other reply to a member; it was all in bold."""
    api.refusing[ADA.id] = NEVER_STARTED
    async with running_bot(settings) as engine:
        nothing = (await engine.progress(Actor("telegram", str(ADA.id)))).heading
        assert await reply_to(api, ADA, "/progress", GROUP) == ADA_SAYS + nothing
        assert await reply_to(api, AMINATA, "/progress") == engine.localizer_for("fr")(
            "No results yet. Start a quiz to see your progress here.")


async def test_reload_and_preview_in_a_group_name_whom_they_answer(api: FakeBotApi, settings: Settings) -> None:
    """A non-admin's /reload refused, and /preview (its usage, an unknown quiz, which one, the preview itself):
    each answers one member, who is named as every other such reply names them (in the group: Ada never started
    the bot)."""
    api.refusing[ADA.id] = NEVER_STARTED
    async with running_bot(settings) as engine:
        en = engine.localizer_for("en")
        refused = en("Sorry, only the bot's admins can reload the content.")
        assert await reply_to(api, ADA, "/reload", GROUP) == ADA_SAYS + refused
        usage = en("Send /preview followed by a quiz id, for example: /preview {quiz_id}", quiz_id="collectives")
        assert await reply_to(api, ADA, "/preview", GROUP) == ADA_SAYS + usage
        no_such = en("There is no quiz called “{name}”.", name="nosuch") + " " + en(NEXT_STEP)
        assert await reply_to(api, ADA, "/preview nosuch", GROUP) == ADA_SAYS + no_such
        which = await reply_to(api, ADA, "/preview o", GROUP)
        assert which.startswith(ADA_SAYS) and "/preview long-options" in which
        assert (await reply_to(api, ADA, "/preview collectives", GROUP)).startswith(ADA_SAYS + "<b>Collectives</b>")


async def test_progress_in_a_group_that_forbids_photos_keeps_its_text_without_an_apology(
        api: FakeBotApi, settings: Settings) -> None:
    """The chart can't be sent there, and trying again never helps: "Sorry, something went wrong" after the text
    would be wrong on both counts."""
    api.refusing[ADA.id] = NEVER_STARTED
    async with running_bot(settings) as engine:
        await api.command(ADA, "/quiz collectives", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        await api.answer_poll(ADA, poll_id(first), [correct(first)])
        await next_poll(api, GROUP.id, 2)
        api.fail_next("sendPhoto", 400, "Bad Request: not enough rights to send photos to the chat")
        said = await reply_to(api, ADA, "/progress", GROUP)
        await api.settle()
        sorry = engine.localizer_for("en")("Sorry, something went wrong. Please try again in a moment.")
    assert said.startswith(ADA_SAYS + "<b>")
    assert api.sent_texts(GROUP.id)[-1] == said and sorry not in api.sent_texts(GROUP.id)


async def test_a_member_whose_first_name_is_empty_plays_a_game_as_a_question_mark(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """PTB's User.full_name, typed str, is None for such a name: opening, joining and voting failed on it."""
    async with running_bot(settings):
        await api.command(NAMELESS, "/game collectives", GROUP)
        lobby_call, game_id = await lobby(api, GROUP)
        assert "Players: ?" in lobby_call.params["text"]
        await press(api, BOLA, f"gj:{game_id}", GROUP)
        await press(api, NAMELESS, f"gb:{game_id}", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        assert api.calls("editMessageText")[-1].params["text"] == "Game on! 2 players: ?, Bola"
        await vote(api, first, NAMELESS, right=True)
        await vote(api, first, BOLA, right=False)
        results = (await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"]))[-1].params["text"]
        assert "1. ? — " in results
    assert not [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]
