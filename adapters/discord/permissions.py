"""What Discord refuses the bot in a channel: the rights to tell a user about (HTTP 403), or the channel gone (404)."""

from __future__ import annotations

import discord

from bot.i18n import N_, Localizer

UNKNOWN_CHANNEL = 10003  # Discord's code for a channel (or thread) that no longer exists
MISSING_ACCESS = 50001  # the bot may not see the channel: View Channel denied, or a private thread it is not in
THREAD_ARCHIVED = 50083  # a thread closed and locked by a moderator: it takes no message from the bot (400)
# The SEND_POLLS right as Discord's settings name it, where admins look for it (Telegram's is "Send Polls").
CREATE_POLLS = N_("Create Polls")


def channel_gone(error: discord.NotFound) -> bool:
    """Whether Discord refused because the channel or thread was deleted (not a message or webhook gone)."""
    return error.code == UNKNOWN_CHANNEL


def thread_locked(error: discord.HTTPException) -> bool:
    """Whether Discord refused because the thread is closed and locked (only Manage Threads could reopen it)."""
    return error.code == THREAD_ARCHIVED


def outside_private_thread(channel: object, error: discord.Forbidden) -> bool:
    """Whether Discord refused because the channel is a private thread the bot is not a member of (without Manage
    Threads it sees only those it was added to): whatever rights it is granted, it can't post there until added."""
    return error.code == MISSING_ACCESS and isinstance(channel, discord.Thread) \
        and channel.type is discord.ChannelType.private_thread


def channel_refused(error: BaseException) -> bool:
    """Whether a message failed because the channel takes none from the bot now: a right revoked (403), the channel
    or thread deleted, a thread closed and locked, or its messages held back for minutes (a long 429)."""
    if isinstance(error, discord.NotFound):
        return channel_gone(error)
    return isinstance(error, discord.Forbidden | discord.RateLimited) or (
        isinstance(error, discord.HTTPException) and thread_locked(error))


def missing_permission_names(granted: discord.Permissions | None, _: Localizer, *,
                             refused_only_polls: bool = False, in_thread: bool = False) -> list[str]:
    """The permissions a quiz poll needs that the bot lacks here, by their names in Discord's settings; with
    ``granted`` unknown (a channel not cached) or looking complete, the ones Discord must have refused: Send
    Polls alone when the caller knows messages still go out. In a thread, sending is its own permission."""
    sends = _may_send(granted, in_thread=in_thread) if granted else False
    send_name = _(send_right(in_thread=in_thread))
    if granted is not None:
        needed = [
            (granted.view_channel, _("View Channel")),
            (sends, send_name),
            (granted.send_polls, _(CREATE_POLLS)),
        ]
        missing = [name for has, name in needed if not has]
        if missing:
            return missing
    # Unknown, or Discord said no although the permissions look fine: name what matters.
    return [_(CREATE_POLLS)] if refused_only_polls else [send_name, _(CREATE_POLLS)]


def send_right(*, in_thread: bool) -> str:
    """The right to post a message there, by its name in Discord's settings (to translate): in a thread, its own."""
    return N_("Send Messages in Threads") if in_thread else N_("Send Messages")


def refused_game_right(granted: discord.Permissions | None, *, in_thread: bool) -> str:
    """The right to name when a channel refuses a game's message: View Channel when the bot's rights there, as an
    interaction resolved them, show it may not see the channel (Discord's 403 Missing Access; slash commands work
    there all the same), which Send Messages alone would not mend; else the right to post there."""
    if granted is not None and granted.value != 0 and not granted.view_channel:  # 0: Discord left them out
        return N_("View Channel")
    return send_right(in_thread=in_thread)


def lacks_poll_rights(granted: discord.Permissions, *, in_thread: bool) -> bool:
    """Whether ``granted`` (the bot's rights in a server channel, as the interaction resolved them) visibly forbids
    a quiz poll there. No rights at all means Discord left them out: then the send itself finds out."""
    if granted.value == 0:
        return False
    return not (granted.view_channel and _may_send(granted, in_thread=in_thread) and granted.send_polls)


def _may_send(granted: discord.Permissions, *, in_thread: bool) -> bool:
    """In a thread, sending is a permission of its own."""
    return granted.send_messages_in_threads if in_thread else granted.send_messages


def poll_refused(granted: discord.Permissions | None, _: Localizer, private_command: str, *,
                 refused_only_polls: bool = False, in_thread: bool = False) -> str:
    """``private_command`` is how the user's own Discord client spells it, e.g. "/quiz privé:True"."""
    names = missing_permission_names(granted, _, refused_only_polls=refused_only_polls, in_thread=in_thread)
    # Translators: a Discord permission's name, in quotes as your language writes them (French: « {name} »).
    quoted = [_("“{name}”", name=name) for name in names]
    if in_thread:  # where the learner is, and whose settings an admin opens
        return _.ngettext(
            "I can't post the quiz poll in this thread: I'm missing the {permissions} permission. "
            "Ask a server admin to grant it, or play privately with {command}.",
            "I can't post the quiz poll in this thread: I'm missing the {permissions} permissions. "
            "Ask a server admin to grant them, or play privately with {command}.",
            len(names), permissions=", ".join(quoted), command=private_command)
    return _.ngettext(
        "I can't post the quiz poll in this channel: I'm missing the {permissions} permission. "
        "Ask a server admin to grant it, or play privately with {command}.",
        "I can't post the quiz poll in this channel: I'm missing the {permissions} permissions. "
        "Ask a server admin to grant them, or play privately with {command}.",
        len(names), permissions=", ".join(quoted), command=private_command)


def sends_refused_by_dm(_: Localizer, channel_mention: str, names: list[str], private_command: str) -> str:
    """A direct message to a learner whose quiz channel stopped taking the bot's messages mid-quiz (a right revoked
    there): which channel and rights (``names``, as missing_permission_names gives them), that their answers are
    kept, and how to go on; ``private_command`` as for ``poll_refused``."""
    # Translators: a Discord permission's name, in quotes as your language writes them (French: « {name} »).
    quoted = [_("“{name}”", name=name) for name in names]
    return _.ngettext(
        "I can no longer post in {channel}: I'm missing the {permissions} permission there, so I couldn't show you "
        "what follows your answer (your answers are kept). Ask a server admin to grant it, or go on privately "
        "with {command}.",
        "I can no longer post in {channel}: I'm missing the {permissions} permissions there, so I couldn't show you "
        "what follows your answer (your answers are kept). Ask a server admin to grant them, or go on privately "
        "with {command}.",
        len(names), channel=channel_mention, permissions=", ".join(quoted), command=private_command)


def held_back(_: Localizer, private_command: str) -> str:
    """Discord holds the bot's messages in this channel back for longer than is worth waiting (a long 429):
    ``private_command`` as for ``poll_refused``; private play goes through the interaction, not the channel."""
    return _("Discord is holding back my messages in this channel for now, so I can't post the quiz poll here. "
             "Try again later, or play privately with {command}.", command=private_command)


def dms_refused(_: Localizer, private_command: str) -> str:
    """A poll refused outside any server (50007: the user blocked the bot, or closed their DMs to it; or a DM or
    group DM the bot is no member of, where a user-installed app is used): no server admin can help, and no
    server's menu is at hand there; private play goes through the interaction, so it works all the same.
    ``private_command`` as for ``poll_refused``."""
    return _("I can't post the quiz poll in this conversation: Discord won't let me send messages here (if you "
             "blocked me, unblock me). Play privately with {command}: that works here all the same.",
             command=private_command)


def thread_closed(_: Localizer, private_command: str) -> str:
    """A thread closed and locked takes no message from the bot (400 Thread is archived), whatever its rights: no
    permission to name; ``private_command`` as for ``poll_refused``."""
    return _("This thread is closed and locked, so I can't post the quiz poll in it. Play in another channel, or "
             "privately with {command}.", command=private_command)


def not_in_private_thread(_: Localizer, bot_mention: str, private_command: str) -> str:
    """A private thread refusing the bot that isn't in it (outside_private_thread): mentioning it there adds it;
    ``private_command`` as for ``poll_refused``."""
    return _("I can't post the quiz poll in this private thread: I'm not a member of it. Mention {bot} in the "
             "thread to add me, or play privately with {command}.", bot=bot_mention, command=private_command)
