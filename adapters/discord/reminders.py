"""A daily reminder, as a direct message with a button that starts the review privately."""

from __future__ import annotations

import logging

import discord

from adapters.discord.actors import interaction_actor
from adapters.discord.buttons import review_view
from adapters.discord.render import plain
from adapters.discord.respond import spelled_for_client
from adapters.discord.sending import NOT_DONE
from bot.engine import QuizEngine
from bot.replies import NoticeCode, RecipientGone, Reminder

log = logging.getLogger(__name__)

# Discord's code when a user's DMs refuse the bot: their settings for the server, or the bot blocked (it says not which)
CANNOT_MESSAGE_USER = 50007


async def send_reminder(client: discord.Client, reminder: Reminder) -> None:
    """Raises RecipientGone when the learner can't be messaged any more (DMs closed, or gone)."""
    try:
        user = await client.fetch_user(int(reminder.actor.user_id))
        await user.send(reminder.text, view=review_view(reminder.action))
    except discord.NotFound as error:
        raise RecipientGone(str(error)) from error
    except discord.Forbidden as error:
        if error.code == CANNOT_MESSAGE_USER:
            raise RecipientGone(str(error)) from error
        raise


async def confirmed_by_dm(interaction: discord.Interaction, text: str) -> bool:
    """``text`` (an engine notice) sent to the user where reminders come, its commands spelled as in the reply to
    ``interaction`` beside it; False if the user's DMs refuse the bot (their settings), so they can be told while
    they are here to read it. Other failures don't say the DMs are closed."""
    try:
        await interaction.user.send(spelled_for_client(interaction, plain(text)))
    except discord.Forbidden as error:
        if error.code == CANNOT_MESSAGE_USER:
            return False
        log.info("could not confirm reminders to %s by DM: %s", interaction.user.id, error)
    except NOT_DONE as error:
        log.info("could not confirm reminders to %s by DM: %s", interaction.user.id, error)
    return True


async def reminders_answer(engine: QuizEngine, interaction: discord.Interaction, setting: str) -> str:
    """What /reminders ``setting`` answers. Reminders come by DM: in a server, reminders turned on, or on when asked
    about, are confirmed by DM, and the learner told now, while they are here, if their settings refuse DMs (else the
    first reminder is refused, and reminders paused, unseen); reminders the bot paused are back on once a DM saying
    so gets through (paused again, and said so, if refused). In the bot's DMs the reply is there already."""
    actor = interaction_actor(interaction)
    notice = await engine.set_reminders(actor, setting)
    if notice.code is NoticeCode.REMINDERS_PAUSED:  # asked in a server: see QuizEngine.reminders_reached
        reached = await engine.reminders_reached(actor)
        if await confirmed_by_dm(interaction, reached.text):
            return reached.text
        await engine.reminders_unreached(actor)
        # Not the engine's "write to me privately": the DMs refuse the bot, so say how to open them.
        paused = notice.text.removesuffix(notice.next_step).rstrip() if notice.next_step else notice.text
        _ = engine.localizer_for(notice.language)
        return paused + " " + _("I can't send you direct messages, and that is where they come: allow them from this "
                                "server (open its menu, choose Privacy Settings and turn on Direct Messages), or "
                                "unblock me if you blocked me, then send /reminders again.")
    # On, whether just turned on or only asked about: DMs closed since they were turned on refuse every reminder.
    if (notice.code in (NoticeCode.REMINDERS_ON, NoticeCode.REMINDERS_STAND_ON) and interaction.guild_id is not None
            and not await confirmed_by_dm(interaction, notice.text)):
        _ = engine.localizer_for(notice.language)
        # This server's own setting: the one in the user's settings is only the default for servers joined later.
        return notice.text + " " + _("But I can't send you direct messages, and that is where reminders come. Allow "
                                     "them from this server: open its menu (tap its name, or press and hold its "
                                     "icon), choose Privacy Settings and turn on Direct Messages. If you blocked me, "
                                     "unblock me.")
    return notice.text
