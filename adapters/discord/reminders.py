"""A daily reminder, as a direct message with a button that starts the review privately."""

from __future__ import annotations

import discord

from adapters.discord.buttons import review_view
from bot.replies import RecipientGone, Reminder

CANNOT_MESSAGE_USER = 50007  # Discord's code when a user's DMs are closed to the bot


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
