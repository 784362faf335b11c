"""A learner whose Discord settings refuse the bot's direct messages, playing in the bot's DMs."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.payloads import EPHEMERAL, OWNER_ID
from tests.discord.support import buttons, first_answer


async def test_quiz_in_dms_the_learners_settings_refuse_says_so_and_how_to_play_privately(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """It said a permission was missing and to ask a server admin for it: there is none in a DM, and no right to
    grant; what refuses the poll is the learner's own setting (Discord's 50007). Then it said to "allow direct
    messages from members of a server we share": a server's menu, with no server at hand in a DM."""
    fake.closed_dms.add(LEARNER_ID)
    dm = fake.dm_channel(LEARNER_ID)
    token = await fake.slash("quiz", {"quiz": "collectives"}, dm=True, channel_id=dm, user_id=LEARNER_ID)
    answer = await fake.wait_until(first_answer(fake, token))
    assert fake.interaction_calls(token)[0].body == {"type": 5, "data": {"flags": EPHEMERAL}}  # for them only
    assert answer.content == bot.engine.localizer_for("en")(
        "I can't post the quiz poll in this conversation: Discord won't let me send messages here (if you "
        "blocked me, unblock me). Play privately with {command}: that works here all the same.",
        command="/quiz private:True")
    assert fake.polls(dm) == []

    # The advice works: the same quiz, privately, in the same DM.
    private = await fake.slash("quiz", {"private": True}, dm=True, channel_id=dm, user_id=LEARNER_ID)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(private) if buttons(c)), None))
    assert "Which collective leaves the sum" in question.content


async def test_reminders_turned_on_with_dms_closed_say_they_cant_come_while_they_stay_closed(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """It said "Reminders on" and nothing else: the first reminder was refused (50007) and turned them off, unseen.
    Then it named only the server's setting, which does nothing for a learner who blocked the bot."""
    fake.closed_dms.add(LEARNER_ID)
    token = await fake.slash("reminders", {"setting": "on 19:00"}, user_id=LEARNER_ID)
    answer = await fake.wait_until(first_answer(fake, token))
    assert answer.content.startswith("I'll remind you at 19:00 (UTC)")
    # Discord's 50007 is the same for DMs closed and for a bot the learner blocked: both are said.
    assert answer.content.endswith(" But I can't send you direct messages, and that is where reminders come. Allow "
                                   "them from this server: open its menu (tap its name, or press and hold its icon), "
                                   "choose Privacy Settings and turn on Direct Messages. If you blocked me, unblock "
                                   "me.")

    # With them open, the confirmation comes where the reminders will, and nothing is said against it.
    token = await fake.slash("reminders", {"setting": "on 19:00"}, user_id=OWNER_ID)
    answer = await fake.wait_until(first_answer(fake, token))
    assert "direct messages" not in answer.content
    [confirmation] = fake.direct_messages(OWNER_ID)
    assert confirmation.content.startswith("I'll remind you at 19:00 (UTC)")

    # Asked how it stands, it is said where they come too (DMs closed since would refuse them); turned off, nothing
    # is sent to find out.
    token = await fake.slash("reminders", {"setting": ""}, user_id=OWNER_ID)
    answer = await fake.wait_until(first_answer(fake, token))
    assert answer.content == "I remind you at 19:00 (UTC) on days when questions are due."
    assert fake.direct_messages(OWNER_ID)[-1].content == answer.content
    token = await fake.slash("reminders", {"setting": "off"}, user_id=OWNER_ID)
    await fake.wait_until(first_answer(fake, token))
    assert len(fake.direct_messages(OWNER_ID)) == 2


async def test_reminders_turned_on_in_the_bots_dms_are_confirmed_once_there(bot: RunningBot, fake: FakeDiscord) -> None:
    """The reply is already where reminders come: a confirmation sent there as well said the same thing twice."""
    dm = fake.dm_channel(OWNER_ID)
    token = await fake.slash("reminders", {"setting": "on 19:00"}, dm=True, channel_id=dm, user_id=OWNER_ID)
    answer = await fake.wait_until(first_answer(fake, token))
    assert answer.content.startswith("I'll remind you at 19:00 (UTC)")
    await fake.quiet()
    assert fake.direct_messages(OWNER_ID) == []


async def test_reminders_refused_by_closed_dms_say_where_this_servers_setting_is_in_the_learners_language(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """It said to "allow direct messages from members of a server we share": the learner who did so in their own
    settings (Content & Social, the default for servers) changed it for servers they join from then on, not for
    this one, and the reminders were still refused, unseen. The setting for a server already joined is in that
    server's menu, Privacy Settings, Direct Messages: said there, for them only, in their language."""
    fake.closed_dms.add(LEARNER_ID)
    token = await fake.slash("reminders", {"setting": "on 19:00"}, user_id=LEARNER_ID, locale="fr")
    answer = await fake.wait_until(first_answer(fake, token))
    assert fake.interaction_calls(token)[0].body == {"type": 5, "data": {"flags": EPHEMERAL}}  # for them only
    _ = bot.engine.localizer_for("fr")
    warning = _("But I can't send you direct messages, and that is where reminders come. Allow them from this "
                "server: open its menu (tap its name, or press and hold its icon), choose Privacy Settings and turn "
                "on Direct Messages. If you blocked me, unblock me.")
    # Said in French, with the names Discord shows in French, and for a bot blocked as well.
    assert "Paramètres de confidentialité" in warning and "débloquez-moi" in warning
    assert answer.content.startswith("Je vous ferai un rappel à 19:00 (UTC)")
    assert answer.content.endswith(" " + warning)


async def test_reminders_asked_about_in_a_server_after_the_dms_closed_say_they_cant_come(
        bot: RunningBot, fake: FakeDiscord) -> None:
    """Reminders turned on with DMs open, the DMs closed since: /reminders alone in a server said "I remind you at
    19:00" and sent nothing to find out, so the learner believed they would come; the first was refused, unseen,
    and they were paused. How it stands is now sent where reminders come, as turning them on is."""
    token = await fake.slash("reminders", {"setting": "on 19:00"}, user_id=LEARNER_ID)
    await fake.wait_until(first_answer(fake, token))
    fake.closed_dms.add(LEARNER_ID)
    token = await fake.slash("reminders", user_id=LEARNER_ID, locale="fr")
    answer = await fake.wait_until(first_answer(fake, token))
    _ = bot.engine.localizer_for("fr")
    assert answer.content == _("I remind you at {time} ({zone}) on days when questions are due.", time="19:00",
                               zone="UTC") + " " + _(
        "But I can't send you direct messages, and that is where reminders come. Allow them from this server: open "
        "its menu (tap its name, or press and hold its icon), choose Privacy Settings and turn on Direct Messages. If "
        "you blocked me, unblock me.")
