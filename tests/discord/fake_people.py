"""What people on Discord do, as the fake Discord dispatches it to the bot: a slash command (or its autocomplete),
a click on a button of a message the bot sent, a vote on a poll."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.discord.payloads import (
    ALL_PERMISSIONS,
    CHANNEL_ID,
    GUILD_ID,
    OWNER_ID,
    command_options,
    interaction_payload,
    with_custom_id,
)


class NoSuchButton(AssertionError):
    """A click Discord's client can't make: the message is gone, or none of its current components has that
    custom_id (its buttons were taken away or edited since), or that button is disabled."""


def refuse_a_click_on_a_button_not_shown(message_id: int, message: dict[str, Any] | None,
                                         custom_id: str | None) -> None:
    """``custom_id`` None: a tampered client's, which presents any button it likes on a message still there."""
    if message is None:
        raise NoSuchButton(f"message {message_id} is gone: nobody can click on it")
    if custom_id is None:
        return
    buttons = [component for row in message.get("components") or [] for component in row.get("components") or []]
    if not any(button.get("custom_id") == custom_id and not button.get("disabled") for button in buttons):
        shown = [button.get("custom_id") for button in buttons]
        raise NoSuchButton(f"message {message_id} shows no button {custom_id!r} to click (it shows {shown})")


class PeopleActions:
    """Mixed into FakeDiscord: each action goes out on the gateway as the event Discord would send."""

    messages: dict[int, dict[str, Any]]
    _originals: dict[str, int]  # interaction token -> the message "@original" means
    _places: dict[str, int]  # interaction token -> its channel, where its answers go
    _dm_places: set[int]  # the direct message channels interactions came from

    if TYPE_CHECKING:  # FakeDiscord's and PollTime's
        def snowflake(self) -> int: ...

        async def dispatch(self, event: str, data: dict[str, Any]) -> None: ...

        def refuse_a_vote_on_a_closed_poll(self, message_id: int, *, in_flight: bool = False) -> None: ...

        def dm_channel(self, user_id: int) -> int: ...

        def is_dm(self, channel_id: int) -> bool: ...

    async def slash(self, name: str, options: dict[str, Any] | None = None, *, user_id: int = OWNER_ID,
                    locale: str = "en-US", channel_id: int | None = None, dm: bool = False,
                    guild_locale: str = "en-US", permissions: int = ALL_PERMISSIONS,
                    autocomplete: str | None = None, member_permissions: int = ALL_PERMISSIONS,
                    subcommand: str | None = None) -> str:
        """Run /name [subcommand] with options; with ``autocomplete``, ask for choices for that option instead.
        ``channel_id``: by default the server's channel, or (``dm``) the user's direct messages with the bot."""
        if channel_id is None:
            channel_id = self.dm_channel(user_id) if dm else CHANNEL_ID
        given = command_options(options or {}, autocomplete)
        if subcommand is not None:
            given = [{"name": subcommand, "type": 1, "options": given}]
        data = {"id": str(self.snowflake()), "name": name, "type": 1, "options": given}
        return await self._interact(4 if autocomplete else 2, data, user_id=user_id, locale=locale,
                                    channel_id=channel_id, dm=dm, guild_locale=guild_locale, permissions=permissions,
                                    member_permissions=member_permissions)

    async def click(self, message_id: int, custom_id: str, *, user_id: int = OWNER_ID, locale: str = "en-US",
                    forge: str | None = None, member_permissions: int = ALL_PERMISSIONS,
                    permissions: int = ALL_PERMISSIONS) -> str:
        """Click a button of a message the bot sent (``permissions``: the bot's there); ``forge`` replaces its
        custom_id (a tampered client). As on Discord, only a button the message shows now can be clicked. On a
        message in direct messages, a DM's click, as Discord sends it: no server, the user rather than a member."""
        refuse_a_click_on_a_button_not_shown(message_id, self.messages.get(message_id),
                                             custom_id if forge is None else None)
        message = dict(self.messages[message_id])
        if forge is not None:
            message = with_custom_id(message, custom_id, forge)
            custom_id = forge
        channel_id = int(message["channel_id"])
        return await self._interact(3, {"custom_id": custom_id, "component_type": 2}, user_id=user_id, locale=locale,
                                    channel_id=channel_id, dm=self.is_dm(channel_id), guild_locale="en-US",
                                    permissions=permissions, message=message, member_permissions=member_permissions)

    async def vote(self, message_id: int, answer_id: int, *, user_id: int, add: bool = True,
                   channel_id: int = CHANNEL_ID, in_flight: bool = False) -> None:
        self.refuse_a_vote_on_a_closed_poll(message_id, in_flight=in_flight)
        await self.dispatch("MESSAGE_POLL_VOTE_ADD" if add else "MESSAGE_POLL_VOTE_REMOVE", {
            "user_id": str(user_id), "channel_id": str(channel_id), "message_id": str(message_id),
            "guild_id": str(GUILD_ID), "answer_id": answer_id})

    async def _interact(self, kind: int, data: dict[str, Any], *, message: dict[str, Any] | None = None,
                        **details: Any) -> str:
        interaction_id = self.snowflake()
        token = f"itoken-{interaction_id}"
        if message is not None:  # for a click, "@original" is the message clicked on
            self._originals[token] = int(message["id"])
        self._places[token] = details["channel_id"]
        if details["dm"]:
            self._dm_places.add(details["channel_id"])
        await self.dispatch("INTERACTION_CREATE",
                            interaction_payload(interaction_id, token, kind, data, message=message, **details))
        return token
