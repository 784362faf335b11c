"""The everyday commands, each through the real Application: list, buttons, preview, skip, stop, language, help."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import (
    ADMIN,
    AMINATA,
    CLAIRE,
    GROUP,
    WANJIRU,
    correct,
    for_chat,
    next_poll,
    poll_id,
    running_bot,
    wrong,
)


async def test_the_quiz_list_has_a_button_per_quiz_that_starts_it(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(WANJIRU, "/quizzes")
        listing = (await api.wait_for("sendMessage", 1, for_chat(WANJIRU.id)))[0]
        assert "Mawasiliano ya pamoja" in listing.params["text"] and "/quiz long-options" in listing.params["text"]
        rows = listing.params["reply_markup"]["inline_keyboard"]
        assert [row[0]["callback_data"] for row in rows] == ["quiz:collectives", "quiz:long-options"]

        await api.press(WANJIRU, "quiz:collectives")
        poll = await next_poll(api, WANJIRU.id, 1)
        assert poll.params["question"].startswith("1/3 · Operesheni ipi")
        assert api.calls("answerCallbackQuery")


async def test_quiz_without_a_name_resumes_the_quiz_in_progress_or_lists_them_all(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz")
        listing = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0]
        _ = engine.localizer_for("fr")
        assert _("You have no quiz in progress. Choose one to start.") in listing.params["text"]
        assert listing.params["reply_markup"]["inline_keyboard"]

        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        await api.command(AMINATA, "/quiz")
        again = await next_poll(api, AMINATA.id, 2)
        assert again.params["question"] == first.params["question"]
        assert _("Carrying on with {title}.", title="Collectives") in api.sent_texts(AMINATA.id)[-1]
        # The question moved to a new poll: the old one is taken away, not left open to votes that count for
        # nothing, nor closed: a closed quiz poll shows its answer, which the learner would then pick in the new one.
        taken = await api.wait_for("deleteMessage", 1)
        assert [call.params["message_id"] for call in taken] == [str(first.result["message_id"])]
        assert not api.calls("stopPoll")


async def test_skip_moves_on_and_stop_closes_the_quiz_so_its_old_poll_no_longer_counts(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        await api.command(AMINATA, "/skip")
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 ")
        # The skipped question's poll is closed: left open, a vote there met silence and counted for nothing,
        # while Telegram's own popup still told right from wrong.
        skipped = await api.wait_for("stopPoll", 1)
        assert [(call.params["chat_id"], call.params["message_id"]) for call in skipped] == [
            (str(AMINATA.id), str(first.result["message_id"]))]

        await api.command(AMINATA, "/stop")
        _ = engine.localizer_for("fr")
        stopped = _("Quiz stopped: {title}. Your answers so far are saved.", title="Collectives")
        await api.wait_for("sendMessage", 1, lambda p: stopped in p["text"])
        closed = await api.wait_for("stopPoll", 2)  # and the open question's
        assert [(call.params["chat_id"], call.params["message_id"]) for call in closed[1:]] == [
            (str(AMINATA.id), str(second.result["message_id"]))]
        await api.answer_poll(AMINATA, poll_id(second), [correct(second)])
        await api.wait_for("sendMessage", 1, lambda p: p["text"] == _("That question is no longer open."))
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])  # skipped: already settled, stays silent
        await api.settle()
        assert len(api.polls(AMINATA.id)) == 2 and len(api.calls("stopPoll")) == 2
        assert sum(text == _("That question is no longer open.") for text in api.sent_texts(AMINATA.id)) == 1


async def test_a_retry_or_another_quiz_takes_away_the_poll_of_the_quiz_left_and_resuming_it_asks_again(
        api: FakeBotApi, settings: Settings) -> None:
    def taken() -> list[str]:  # deleted, not closed: resuming asks its question again, and closed it shows the answer
        return [call.params["message_id"] for call in api.calls("deleteMessage")]

    async with running_bot(settings):
        await api.command(AMINATA, "/quiz long-options")  # one question, answered wrong: a retry on offer
        missed = await next_poll(api, AMINATA.id, 1)
        await api.answer_poll(AMINATA, poll_id(missed), [wrong(missed)])
        summary = (await api.wait_for("sendMessage", 1, lambda p: "reply_markup" in p and "❌" in p["text"]))[0]
        await api.command(AMINATA, "/quiz collectives")
        collectives = await next_poll(api, AMINATA.id, 2)

        await api.press(AMINATA, summary.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"])
        retried = await next_poll(api, AMINATA.id, 3)
        # Left open, a vote there went to the paused quiz and posted its next poll beside the retry's.
        await api.wait_for("deleteMessage", 1)
        assert taken() == [str(collectives.result["message_id"])]

        await api.command(AMINATA, "/quiz collectives")  # resumed: its question again, the retry's poll taken away
        again = await next_poll(api, AMINATA.id, 4)
        assert again.params["question"] == collectives.params["question"]
        await api.wait_for("deleteMessage", 2)
        await api.settle()
        assert taken() == [str(poll.result["message_id"]) for poll in (collectives, retried)]  # each once
        assert not api.calls("stopPoll")


async def test_a_vote_reaching_the_left_quizs_poll_goes_back_to_it_and_takes_away_the_other_quizs_poll(
        api: FakeBotApi, settings: Settings) -> None:
    """In flight while the learner switched (or taking its poll away failed): it posted the left quiz's next poll and
    left the other quiz's open, two open polls."""
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        left = await next_poll(api, AMINATA.id, 1)
        await api.command(AMINATA, "/quiz long-options")
        playing = await next_poll(api, AMINATA.id, 2)
        await api.wait_for("deleteMessage", 1)
        await api.answer_poll(AMINATA, poll_id(left), [correct(left)])
        back = await next_poll(api, AMINATA.id, 3)
        assert back.params["question"].startswith("2/3 ")
        _ = engine.localizer_for("fr")
        assert _("Welcome back! Carrying on with {title}.", title="Collectives") in api.sent_texts(AMINATA.id)[-1]
        taken = await api.wait_for("deleteMessage", 2)
        assert [call.params["message_id"] for call in taken] == [
            str(left.result["message_id"]), str(playing.result["message_id"])]


async def test_a_vote_back_in_the_left_quiz_takes_away_the_other_quizs_poll_even_when_its_next_poll_fails(
        api: FakeBotApi, settings: Settings) -> None:
    """The switch back is kept before its reply goes out: if sending it fails, the quiz left behind must still not
    stay open to votes that would switch the learner back and forth."""
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        left = await next_poll(api, AMINATA.id, 1)
        await api.command(AMINATA, "/quiz long-options")
        playing = await next_poll(api, AMINATA.id, 2)
        await api.wait_for("deleteMessage", 1)
        api.fail_next("sendPoll", 400, "Bad Request: not enough rights to send polls to the chat")
        await api.answer_poll(AMINATA, poll_id(left), [correct(left)])
        taken = await api.wait_for("deleteMessage", 2)
        assert [call.params["message_id"] for call in taken] == [
            str(left.result["message_id"]), str(playing.result["message_id"])]
        assert [call.ok for call in api.requests if call.method == "sendPoll"] == [True, True, False]


async def test_a_poll_that_cant_be_closed_still_lets_stop_say_so(api: FakeBotApi, settings: Settings) -> None:
    """Closing is best effort: the bot removed from the group the poll is in, say, refuses it."""
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        await next_poll(api, AMINATA.id, 1)
        api.fail_next("stopPoll", 403, "Forbidden: bot was kicked from the group chat")
        await api.command(AMINATA, "/stop")
        _ = engine.localizer_for("fr")
        stopped = _("Quiz stopped: {title}. Your answers so far are saved.", title="Collectives")
        await api.wait_for("sendMessage", 1, lambda p: stopped in p["text"])
        assert [call.ok for call in api.requests if call.method == "stopPoll"] == [False]


async def test_preview_shows_every_question_and_its_options_without_the_answers(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/preview")
        usage = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0]
        assert "/preview collectives" in usage.params["text"]
        await api.command(AMINATA, "/preview collectives")
        preview = (await api.wait_for("sendMessage", 2, for_chat(AMINATA.id)))[1].params["text"]
        assert "<b>Collectives</b>" in preview
        assert "<b>1.</b> Quelle collective laisse" in preview and "• Diffusion (broadcast)" in preview
        assert "<b>3.</b> Which link" in preview
        assert not api.calls("sendPoll")


async def test_language_with_a_code_switches_at_once_and_the_next_quiz_follows_it(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/language sn")
        await api.wait_for("sendMessage", 1, lambda p: "chiShona" in p["text"])
        await api.command(AMINATA, "/language klingon")
        refusal = (await api.wait_for("sendMessage", 2, for_chat(AMINATA.id)))[1].params["text"]
        assert "klingon" in refusal and "Kiswahili" in refusal
        await api.command(AMINATA, "/quiz collectives")
        poll = await next_poll(api, AMINATA.id, 1)
        assert poll.params["question"].startswith("1/3 · Ndeipi inosiya")


async def test_help_lists_the_commands_and_shows_reload_only_to_admins(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/help")
        await api.command(ADMIN, "/help")
        learner = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0].params["text"]
        admin = (await api.wait_for("sendMessage", 1, for_chat(ADMIN.id)))[0].params["text"]
        assert "/quiz — " in learner and "/language — " in learner and "/reload" not in learner
        assert "/reload — " in admin


async def test_help_in_a_group_is_sent_once_a_minute_and_a_repeat_hears_once_that_it_is_just_above(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: every /help in a group sent the whole help again, out of the group's 20 messages a minute."""
    above = ("My help is just above: a group gets it at most once a minute. For your own copy, open {link} and send "
             "/help.")
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/help", GROUP)
        await api.wait_for("sendMessage", 1, for_chat(GROUP.id))
        for member in (AMINATA, CLAIRE, AMINATA):  # each member's in order; the two members' side by side
            await api.command(member, "/help", GROUP)
        await api.settle()
        texts = api.sent_texts(GROUP.id)
        assert len(texts) == 3 and "/quiz — " in texts[0]
        assert sorted(texts[1:]) == [f"<b>{member.first_name}</b> · "
                                     + engine.localizer_for(language)(above, link="https://t.me/QuizTutorBot")
                                     for member, language in ((AMINATA, "fr"), (CLAIRE, "fr"))]
        for _time in range(2):  # in a private chat: every time
            await api.command(AMINATA, "/help")
        assert all("/quiz — " in call.params["text"] for call in await api.wait_for("sendMessage", 2,
                                                                                   for_chat(AMINATA.id)))


async def test_a_button_pressed_while_the_bot_was_down_still_starts_the_quiz_and_sets_the_language(
        api: FakeBotApi, settings: Settings) -> None:
    too_old = "Bad Request: query is too old and response timeout expired or query id is invalid"
    async with running_bot(settings):
        api.fail_next("answerCallbackQuery", 400, too_old)
        await api.press(WANJIRU, "quiz:collectives")
        poll = await next_poll(api, WANJIRU.id, 1)
        assert poll.params["question"].startswith("1/3 · Operesheni ipi")

        api.fail_next("answerCallbackQuery", 400, too_old)
        await api.press(WANJIRU, "lang:yo")
        again = await next_poll(api, WANJIRU.id, 2)  # the question waiting, asked again in it, under the confirmation
        assert again.params["question"].startswith("1/3 · Èwo ló")
        assert "Èdè Yorùbá" in api.sent_texts(WANJIRU.id)[-1]


async def test_timezone_alone_says_the_zone_in_use_and_the_command_that_changes_it_once(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/timezone Africa/Lagos")
        await api.command(AMINATA, "/timezone")
        shown = (await api.wait_for("sendMessage", 2, for_chat(AMINATA.id)))[1].params["text"]
    assert shown.startswith("Votre fuseau horaire est Africa/Lagos\u00a0: il y est ")  # in her language
    # How to change it, said once (it was said twice: the engine's way, then Telegram's own).
    assert shown.endswith("Pour le changer, envoyez /timezone suivi d’un nom comme Africa/Lagos ou Europe/Paris, ou "
                          "d’un décalage par rapport à UTC comme UTC+3.")
    assert "\n" not in shown and shown.count("/timezone") == 1, shown
