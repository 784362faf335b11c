"""Answers about one member asked for in a group (/progress, /timezone, /reminders, /start) spend none of the
group's 20 messages a minute when the bot may write to that member privately, and a repeat of the same command
within the minute is answered once: a few members typing /progress would otherwise delay a game's questions."""

from __future__ import annotations

from adapters.settings import Settings
from bot.replies import Actor
from tests.telegram.fake_types import Failure
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, WANJIRU, correct, for_chat, next_poll, poll_id, running_bot

NEVER_STARTED = Failure(403, "Forbidden: bot can't initiate conversation with a user")
CHAT_NOT_FOUND = Failure(400, "Bad Request: chat not found")


def in_group(params: dict[str, object]) -> bool:
    return params["chat_id"] == str(GROUP.id)


async def test_personal_answers_asked_in_a_group_go_to_the_members_private_chat_and_the_group_sees_none(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: each went to the group, /progress as two messages (its text and its chart)."""
    async with running_bot(settings) as engine:
        await api.command(WANJIRU, "/quiz collectives", GROUP)
        first = await next_poll(api, GROUP.id, 1)
        await api.answer_poll(WANJIRU, poll_id(first), [correct(first)])
        await next_poll(api, GROUP.id, 2)
        sent_to_group = len(api.calls("sendMessage", in_group))
        for command in ("/progress", "/timezone Africa/Nairobi", "/reminders on 19:00", "/start"):
            await api.command(WANJIRU, command, GROUP)
        await api.wait_for("sendPhoto", 1)  # the chart is drawn last, off the event loop
        await api.wait_for("sendMessage", 4, for_chat(WANJIRU.id))
        await api.settle()
        progress = await engine.progress(Actor("telegram", str(WANJIRU.id)))
        private = api.sent_texts(WANJIRU.id)
        assert len(private) == 4 and private[0].startswith(f"<b>{progress.heading}</b>")  # named for nobody
        assert "Africa/Nairobi" in private[1] and "19:00" in private[2] and "QuizTutor" in private[3]
        assert [call.params["chat_id"] for call in api.calls("sendPhoto")] == [str(WANJIRU.id)]
        assert len(api.calls("sendMessage", in_group)) == sent_to_group  # nothing more in the group
        assert not api.calls("sendPhoto", in_group)


async def test_a_member_the_bot_cant_write_to_is_answered_in_the_group_once_a_minute_per_command(
        api: FakeBotApi, settings: Settings) -> None:
    """Before: every /progress typed in the group was answered there in full, repeats included."""
    api.refusing[AMINATA.id] = NEVER_STARTED  # she never started the bot: Telegram refuses her private chat
    async with running_bot(settings):
        for _time in range(3):
            await api.command(AMINATA, "/progress", GROUP)
        await api.command(AMINATA, "/timezone Africa/Lagos", GROUP)
        await api.command(AMINATA, "/timezone Africa/Lagos", GROUP)  # the same again: ignored
        await api.command(AMINATA, "/timezone Europe/Paris", GROUP)  # another: answered
        await api.wait_for("sendMessage", 3, for_chat(GROUP.id))
        await api.settle()
        texts = api.sent_texts(GROUP.id)
        assert len(texts) == 3 and all(text.startswith("<b>Aminata</b> · ") for text in texts)
        assert "Africa/Lagos" in texts[1] and "Europe/Paris" in texts[2]
        assert api.sent_texts(AMINATA.id) == []


async def test_a_chat_never_opened_is_answered_in_the_group_and_a_failed_answer_may_be_asked_again(
        api: FakeBotApi, settings: Settings) -> None:
    """Telegram's other answer for a private chat never opened; and a repeat after an answer that failed is no
    repeat: the member was told to try again."""
    api.refusing[AMINATA.id] = CHAT_NOT_FOUND
    async with running_bot(settings):
        api.fail_next("sendMessage", 400, "Bad Request: can't parse entities")  # her private chat's refusal comes
        await api.command(AMINATA, "/timezone", GROUP)  # first, then this one, for the group's answer
        await api.wait_for("sendMessage", 1, for_chat(GROUP.id))  # the apology
        await api.command(AMINATA, "/timezone", GROUP)
        await api.wait_for("sendMessage", 2, for_chat(GROUP.id))
        await api.settle()
        texts = api.sent_texts(GROUP.id)
        assert len(texts) == 2 and "UTC" in texts[1] and texts[1].startswith("<b>Aminata</b> · ")


async def test_a_setting_changed_back_within_the_minute_is_changed_back_and_answered(
        api: FakeBotApi, settings: Settings) -> None:
    """Lagos, Paris, then Lagos again: the third is no repeat of the answer before it. Before, it was ignored as
    one of the first, unseen and undone, and the member was left in Paris's time."""
    async with running_bot(settings) as engine:
        for zone in ("Africa/Lagos", "Europe/Paris", "Africa/Lagos"):
            await api.command(WANJIRU, f"/timezone {zone}", GROUP)
            await api.settle()
        private = api.sent_texts(WANJIRU.id)
        assert len(private) == 3 and "Africa/Lagos" in private[2]
        in_use = await engine.set_time_zone(Actor("telegram", str(WANJIRU.id)), "")
        assert "Africa/Lagos" in in_use.text


async def test_leaving_the_leaderboards_from_a_group_is_answered_privately_and_a_repeat_once(
        api: FakeBotApi, settings: Settings) -> None:
    """/leaderboard hide (or show) is a member's own choice, as /reminders is. Before: each one typed in the group
    was answered there, the same words again for every repeat, each spending the group's messages a game needs."""
    async with running_bot(settings) as engine:
        sw = engine.localizer_for("sw")
        for command in ("/leaderboard hide", "/leaderboard hide", "/leaderboard show"):
            await api.command(WANJIRU, command, GROUP)
        await api.wait_for("sendMessage", 2, for_chat(WANJIRU.id))
        await api.settle()
        assert api.sent_texts(WANJIRU.id) == [sw("You're hidden from the leaderboards now."),
                                              sw("You're on the leaderboards again.")]
        assert not api.calls("sendMessage", in_group)
