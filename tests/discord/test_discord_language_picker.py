"""/help offers the languages as buttons, each under its native name, to a learner who never chose one: Discord's
client speaks en and fr of QuizTutor's languages only, so a Swahili, Yoruba or Shona speaker (their Discord in
English, pt-BR, anything) read English and had to find /language themselves. A press sets their language as
/language does, after a restart too; once they chose (by button or /language) it is not offered again."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable

from adapters.settings import Settings
from tests.discord.fake_discord import Call, FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot, running_bot
from tests.discord.payloads import EPHEMERAL
from tests.discord.support import button_for, buttons, first_answer, message_id, next_poll, poll_question

PICKER = ["English", "Français", "Kiswahili", "Èdè Yorùbá", "chiShona"]


async def help_reply(fake: FakeDiscord, user_id: int, locale: str) -> Call:
    return await fake.wait_until(first_answer(fake, await fake.slash("help", {}, user_id=user_id, locale=locale)))


def picker_taken_away(fake: FakeDiscord, press: str) -> Callable[[], bool]:
    """Whether the press was acknowledged (deferred) and the picker removed from the message it was under."""
    return lambda: any(c.body.get("type") == 6 for c in fake.interaction_calls(press)) \
        and any(c.method == "PATCH" for c in fake.interaction_calls(press))


def stored_choice(settings: Settings, user_id: int) -> str | None:
    with sqlite3.connect(settings.data_dir / "quiztutor.sqlite3") as database:
        row = database.execute("SELECT language FROM users WHERE platform_user_id = ?", (str(user_id),)).fetchone()
    return row[0] if row else None


async def test_a_pt_br_learner_picks_kiswahili_under_help_and_is_answered_in_swahili_after_a_restart(
        settings: Settings, fake: FakeDiscord) -> None:
    async with running_bot(settings, fake) as first:
        sw = first.engine.localizer_for("sw")
        shown = await help_reply(fake, LEARNER_ID, "pt-BR")
        assert "**/quiz** — start or resume a quiz" in shown.content  # English, as before
        assert shown.content.endswith("Which language should I speak?")
        assert [button["label"] for button in buttons(shown)] == PICKER
        assert len(shown.body["components"]) == 1  # one row, under the reply
        kiswahili = button_for(shown, "Kiswahili")
        assert kiswahili == "qt:l:sw"

    async with running_bot(settings, fake):  # the picker's buttons carry all they need
        press = await fake.click(message_id(shown), kiswahili, user_id=LEARNER_ID, locale="pt-BR")
        said = await fake.wait_until(lambda: next((c for c in fake.answers(press) if c.content), None))
        assert said.content == sw("From now on I'll speak {name}.", name="Kiswahili")
        assert said.flags & EPHEMERAL
        assert any(c.method == "PATCH" and c.body.get("components") == [] for c in fake.interaction_calls(press))
        assert stored_choice(settings, LEARNER_ID) == "sw"  # as /language sw stores it

        again = await help_reply(fake, LEARNER_ID, "pt-BR")
        assert sw("start or resume a quiz") in again.content and not buttons(again)  # Swahili, and no picker


async def test_a_learner_who_chose_with_language_is_offered_no_picker(bot: RunningBot, fake: FakeDiscord) -> None:
    chosen = await fake.slash("language", {"language": "yo"}, user_id=LEARNER_ID, locale="en-US")
    await fake.wait_until(first_answer(fake, chosen))
    shown = await help_reply(fake, LEARNER_ID, "en-US")
    yo = bot.engine.localizer_for("yo")
    assert yo("start or resume a quiz") in shown.content
    assert not buttons(shown) and yo("Which language should I speak?") not in shown.content
    # Someone whose Discord is in English but who never chose may not read English: offered too.
    assert [button["label"] for button in buttons(await help_reply(fake, LEARNER_ID + 1, "en-US"))] == PICKER


async def test_a_forged_language_button_is_refused_politely_and_changes_nothing(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    shown = await help_reply(fake, LEARNER_ID, "fr")
    fr = bot.engine.localizer_for("fr")
    kiswahili = button_for(shown, "Kiswahili")
    for forged in ("qt:l:pt", "qt:l:sw:1", "qt:l:", "qt:l:xx"):  # a language not spoken, or not one at all
        press = await fake.click(message_id(shown), kiswahili, user_id=LEARNER_ID, locale="fr", forge=forged)
        refusal = await fake.wait_until(first_answer(fake, press))
        assert refusal.content == fr("This button no longer works. Send /quiz to carry on, or /help to see "
                                     "everything I can do.")
        assert refusal.flags & EPHEMERAL
    assert stored_choice(settings, LEARNER_ID) is None


async def test_a_language_button_pressed_twice_at_once_confirms_the_choice_once(
        bot: RunningBot, fake: FakeDiscord, settings: Settings) -> None:
    """A double click (or a second press while the first was handled): before, both said "From now on I'll speak
    Kiswahili"; the choice is now stored and confirmed once, the other press told it is kept already
    (test_discord_language_picker_kept)."""
    shown = await help_reply(fake, LEARNER_ID, "pt-BR")
    kiswahili = button_for(shown, "Kiswahili")
    presses = await asyncio.gather(*(fake.click(message_id(shown), kiswahili, user_id=LEARNER_ID, locale="pt-BR")
                                     for _time in range(2)))
    for press in presses:  # each press answered (deferred, the picker taken away): Discord shows neither as failed
        await fake.wait_until(picker_taken_away(fake, press))
    await fake.quiet()
    said = bot.engine.localizer_for("sw")("From now on I'll speak {name}.", name="Kiswahili")
    confirmations = [c for press in presses for c in fake.interaction_calls(press) if c.body.get("content") == said]
    assert len(confirmations) == 1
    assert stored_choice(settings, LEARNER_ID) == "sw"


async def test_a_language_pressed_under_help_in_dms_asks_the_waiting_question_again_in_the_dms(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """The picker's press in the bot's DMs comes as Discord sends a DM's click (no server): the question waiting
    on a poll there is asked again there, in the words chosen, its old poll ended; nothing goes to a server."""
    dm = fake.dm_channel(LEARNER_ID)
    await fake.slash("quiz", {"quiz": "collectives"}, dm=True, user_id=LEARNER_ID, locale="pt-BR")
    first = await next_poll(fake, bot, channel_id=dm)
    token = await fake.slash("help", {}, user_id=LEARNER_ID, dm=True, locale="pt-BR")
    shown = await fake.wait_until(first_answer(fake, token))
    mark = len(fake.calls)
    await fake.click(message_id(shown), button_for(shown, "Français"), user_id=LEARNER_ID, locale="pt-BR")
    again = await next_poll(fake, bot, after=mark, channel_id=dm)
    assert poll_question(again).startswith("1/3 · Quelle collective")
    await fake.quiet()
    assert fake.ended_polls(after=mark) == [message_id(first)]
    assert fake.polls(after=mark) == []  # none in the server's channel
