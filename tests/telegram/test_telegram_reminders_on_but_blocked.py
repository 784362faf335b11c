"""/reminders asked in a group by a learner whose reminders are on but who has blocked the bot since: the answer
can't go to their private chat (refused), so it comes in the group; it said "I remind you at 19:00", though each
reminder would now be refused, unseen, and reminders then paused. The bot knows, having just been refused: it says
so, as it does to /reminders on there, and how to let reminders through: Telegram's refusal tells which way (a
learner who blocked the bot presses Restart; one who never started it, Start)."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.fake_types import Failure
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import AMINATA, GROUP, WANJIRU, for_chat, running_bot
from tests.telegram.test_telegram_review import reminder_of

BLOCKED = Failure(403, "Forbidden: bot was blocked by the user")
NEVER_STARTED = Failure(403, "Forbidden: bot can't initiate conversation with a user")
LINK = "https://t.me/QuizTutorBot"
BLOCKED_WARNING = ("But you have blocked me, so I can't write to you in a private chat, and that is where reminders "
                   "come: open {link} and press Restart (or Unblock).")
NOT_STARTED_WARNING = ("But I can't write to you in a private chat yet, and that is where reminders come: open {link} "
                       "and press Start.")


async def test_reminders_on_asked_in_a_group_by_someone_who_blocked_the_bot_warn_they_cant_come(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/reminders on 19:00")
        await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))
        api.refusing[AMINATA.id] = BLOCKED  # she blocks the bot, then asks in the group
        await api.command(AMINATA, "/reminders", GROUP)
        said = (await api.wait_for("sendMessage", 1, for_chat(GROUP.id)))[0].params["text"]
        _ = engine.localizer_for("fr")
        stands = _("I remind you at {time} ({zone}) on days when questions are due.", time="19:00", zone="UTC")
        assert said == "<b>Aminata</b> · " + stands + " " + _(BLOCKED_WARNING, link=LINK)
        assert _(BLOCKED_WARNING, link=LINK).startswith("Mais")  # said in French
        assert reminder_of(settings, AMINATA.id)[0] == "19:00"  # still on: only a refused reminder pauses them


async def test_reminders_turned_on_in_a_group_by_someone_who_blocked_the_bot_say_restart_not_start(
        api: FakeBotApi, settings: Settings) -> None:
    """It said "I can't write to you in a private chat yet … press Start", as to someone who never started the bot:
    she had, and blocked it; the chat she opens shows Restart (or Unblock), no Start."""
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/start")
        await api.wait_for("sendMessage", 1, for_chat(AMINATA.id))
        api.refusing[AMINATA.id] = BLOCKED
        await api.command(AMINATA, "/reminders on 19:00", GROUP)
        said = (await api.wait_for("sendMessage", 1, for_chat(GROUP.id)))[0].params["text"]
        _ = engine.localizer_for("fr")
        set_ = _("I'll remind you at {time} ({zone}) on days when questions are due. Change your time zone with "
                 "/timezone.", time="19:00", zone="UTC")
        assert said == "<b>Aminata</b> · " + set_ + " " + _(BLOCKED_WARNING, link=LINK)
        assert "Redémarrer" in said and "encore" not in said


async def test_reminders_standing_on_for_someone_who_never_started_the_bot_say_press_start(
        api: FakeBotApi, settings: Settings) -> None:
    """Set in a group by a learner who never opened the bot's private chat, then asked about: Telegram says it can't
    initiate the conversation, so Start is the button to press; nothing was blocked."""
    api.refusing[AMINATA.id] = NEVER_STARTED
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/reminders on 19:00", GROUP)
        await api.wait_for("sendMessage", 1, for_chat(GROUP.id))
        await api.command(AMINATA, "/reminders", GROUP)
        said = (await api.wait_for("sendMessage", 2, for_chat(GROUP.id)))[1].params["text"]
        _ = engine.localizer_for("fr")
        stands = _("I remind you at {time} ({zone}) on days when questions are due.", time="19:00", zone="UTC")
        assert said == "<b>Aminata</b> · " + stands + " " + _(NOT_STARTED_WARNING, link=LINK)


async def test_reminders_on_asked_in_a_group_by_someone_the_bot_reaches_are_answered_privately_without_a_warning(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(WANJIRU, "/reminders on 19:00")
        await api.wait_for("sendMessage", 1, for_chat(WANJIRU.id))
        await api.command(WANJIRU, "/reminders", GROUP)
        said = (await api.wait_for("sendMessage", 2, for_chat(WANJIRU.id)))[1].params["text"]
        assert said == engine.localizer_for("sw")("I remind you at {time} ({zone}) on days when questions are due.",
                                                  time="19:00", zone="UTC")
        await api.settle()
        assert api.sent_texts(GROUP.id) == []
