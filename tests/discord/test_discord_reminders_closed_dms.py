"""A learner whose direct messages refused a reminder (Discord's 50007) has reminders turned off; what they do in a
server shows nothing of their DMs, so it doesn't turn them back on (each try would be one more refused request,
counted toward Discord's invalid-request limit, every day). Using the bot in its DMs does."""

from __future__ import annotations

from datetime import timedelta

from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.test_discord_review import DAY, bot_at, play_with_a_wrong_second_answer, reminder_of
from tests.fakes.clock import FixedClock
from tests.support.waiting import until


async def paused_by_closed_dms(settings: Settings, fake: FakeDiscord, bot: RunningBot, clock: FixedClock) -> None:
    """Reminders set at 09:30, a question to review tomorrow, the DMs closed: tomorrow's reminder is refused, and
    the bot pauses them."""
    await fake.slash("reminders", {"setting": "on 09:30"}, user_id=LEARNER_ID)
    await play_with_a_wrong_second_answer(fake, bot, LEARNER_ID)
    fake.closed_dms.add(LEARNER_ID)
    clock.advance(DAY + timedelta(hours=1))  # half an hour after its time: the reminder is refused
    await until(lambda: reminder_of(settings, LEARNER_ID) == (None, None))


async def test_reminders_refused_by_closed_dms_come_back_on_only_from_the_dms(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    async with bot_at(settings, fake, clock) as bot:
        await paused_by_closed_dms(settings, fake, bot, clock)

        in_server = await fake.slash("quizzes", user_id=LEARNER_ID)  # back in a server, DMs still closed
        await fake.wait_until(lambda: fake.answers(in_server))
        await fake.quiet()
        assert reminder_of(settings, LEARNER_ID) == (None, None)  # it turned them on: tomorrow, refused again

        fake.closed_dms.discard(LEARNER_ID)
        in_dms = await fake.slash("quizzes", user_id=LEARNER_ID, dm=True)  # their DMs work: reminders are back
        await fake.wait_until(lambda: fake.answers(in_dms))
        await until(lambda: reminder_of(settings, LEARNER_ID)[0] == "09:30")


async def test_reminders_asked_about_in_a_server_come_back_once_a_direct_message_reaches_the_learner(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    """/reminders alone in a server, paused by the bot: they are paused (not "off", which the learner would have
    chosen), said so while the DMs stay closed; once a DM saying how they stand gets through, they are back on."""
    async with bot_at(settings, fake, clock) as bot:
        await paused_by_closed_dms(settings, fake, bot, clock)

        closed = await fake.slash("reminders", user_id=LEARNER_ID)
        [said] = await fake.wait_until(lambda: fake.answers(closed))
        assert "are paused" in said.content and "09:30" in said.content
        # Not "Write to me privately": the bot's DMs are refused (the server's setting, or the bot blocked: Discord's
        # 50007 says not which), and the learner is told how to open them, and that /reminders then starts them.
        assert "Write to me privately" not in said.content, said.content
        assert said.content.endswith("I can't send you direct messages, and that is where they come: allow them "
                                     "from this server (open its menu, choose Privacy Settings and turn on Direct "
                                     "Messages), or unblock me if you blocked me, then send /reminders again."), \
            said.content
        await fake.quiet()
        assert reminder_of(settings, LEARNER_ID) == (None, None)

        fake.closed_dms.discard(LEARNER_ID)
        before = len(fake.calls)
        opened = await fake.slash("reminders", user_id=LEARNER_ID)
        [said] = await fake.wait_until(lambda: fake.answers(opened))
        assert "I remind you at 09:30" in said.content
        [sent] = fake.direct_messages(LEARNER_ID, before)
        assert "I remind you at 09:30" in sent.content
        assert reminder_of(settings, LEARNER_ID)[0] == "09:30"


async def test_reminders_paused_asked_about_in_a_server_with_dms_still_closed_say_to_allow_them_not_to_write(
        settings: Settings, fake: FakeDiscord, clock: FixedClock) -> None:
    """The DM saying how they stand refused again, the reply ended "Write to me privately and they start again.":
    written to in DMs still closed, the bot turned them back on, and the next reminder was refused and paused them
    again, unseen. What refuses them is this server's setting: the reply says where it is, in their language."""
    async with bot_at(settings, fake, clock) as bot:
        await paused_by_closed_dms(settings, fake, bot, clock)
        _ = bot.engine.localizer_for("fr")

        closed = await fake.slash("reminders", user_id=LEARNER_ID, locale="fr")
        [said] = await fake.wait_until(lambda: fake.answers(closed))
        paused = _("Your reminders at {time} ({zone}) are paused: the last one couldn't reach you.", time="09:30",
                   zone="UTC")
        assert said.content.startswith(paused + " ")
        assert _("Write to me privately and they start again.") not in said.content
        assert "Paramètres de confidentialité" in said.content and "\u00a0:" in said.content
