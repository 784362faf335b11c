"""Discord's JSON shapes, as the fake server sends them: users, guilds, messages, polls, interactions."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import discord

APP_ID = 810000000000000001  # also the bot user's id, as on Discord
OWNER_ID = 820000000000000001  # the application's owner
GUILD_ID = 830000000000000001
CHANNEL_ID = 840000000000000001
THREAD_ID = 840000000000000009  # a thread in CHANNEL_ID
NO_POLLS_CHANNEL_ID = 840000000000000002  # refuses polls with 403 Missing Permissions
TOKEN = "fake.discord-token.for-tests-only"
ALL_PERMISSIONS = discord.Permissions.all().value
WITHOUT_POLLS = ALL_PERMISSIONS & ~discord.Permissions(send_polls=True).value
EPHEMERAL = 64
DISCORD_EPOCH_MS = 1420070400000  # snowflakes count milliseconds from it

BOT_USER = {"id": str(APP_ID), "username": "QuizTutor", "discriminator": "0", "global_name": None,
            "avatar": None, "bot": True}


def now_iso(offset: timedelta = timedelta()) -> str:
    return (datetime.now(UTC) + offset).isoformat()


def user_payload(user_id: int) -> dict[str, Any]:
    """Named by the first digits of their id ("user860"), which tell the tests' people apart."""
    return {"id": str(user_id), "username": f"user{str(user_id)[:3]}", "discriminator": "0",
            "global_name": None, "avatar": None}


def member_payload(user_id: int, permissions: int = ALL_PERMISSIONS, nick: str | None = None) -> dict[str, Any]:
    """``nick``: their nickname in the server, which discord.py's display_name shows before their username."""
    return {"user": user_payload(user_id), "roles": [], "joined_at": now_iso(), "deaf": False, "mute": False,
            "flags": 0, "pending": False, "nick": nick, "avatar": None, "permissions": str(permissions)}


def channel_payload(channel_id: int) -> dict[str, Any]:
    return {"id": str(channel_id), "type": 0, "guild_id": str(GUILD_ID), "name": f"quiz-{channel_id % 10}",
            "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
            "last_message_id": None, "rate_limit_per_user": 0, "flags": 0}


def guild_payload() -> dict[str, Any]:
    return {
        "id": str(GUILD_ID), "name": "Study group", "icon": None, "owner_id": str(OWNER_ID), "unavailable": False,
        "preferred_locale": "fr", "features": [], "member_count": 3, "large": False,
        "roles": [{"id": str(GUILD_ID), "name": "@everyone", "permissions": str(ALL_PERMISSIONS), "position": 0,
                   "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}],
        "channels": [channel_payload(CHANNEL_ID), channel_payload(NO_POLLS_CHANNEL_ID)],
        "members": [], "emojis": [], "stickers": [], "threads": [], "voice_states": [], "presences": [],
        "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
        "joined_at": now_iso(), "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0,
        "system_channel_flags": 0,
    }


def ready_payload(session: int, gateway_url: str) -> dict[str, Any]:
    return {"v": 10, "user": BOT_USER, "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
            "session_id": f"session-{session}", "resume_gateway_url": gateway_url,
            "application": {"id": str(APP_ID), "flags": 0}, "private_channels": [], "relationships": []}


def application_payload(team: dict[str, Any] | None = None) -> dict[str, Any]:
    """The application, owned by OWNER_ID, or by ``team`` (team_payload's): its owner is then the team's user."""
    owner = user_payload(OWNER_ID) if team is None else user_payload(int(team["id"])) | {"username": "team"}
    return {"id": str(APP_ID), "name": "QuizTutor", "description": "", "icon": None, "bot_public": True,
            "bot_require_code_grant": False, "owner": owner, "team": team, "verify_key": "0" * 64,
            "flags": 0, "summary": ""}


def team_payload(owner_id: int, members: dict[int, tuple[str, int]]) -> dict[str, Any]:
    """A developer team owned by ``owner_id``; ``members``: user id -> (role, membership state: 1 invited, 2 in)."""
    team_id = "880000000000000001"
    return {"id": team_id, "name": "Quiz team", "icon": None, "owner_user_id": str(owner_id),
            "members": [{"team_id": team_id, "user": user_payload(user_id), "role": role, "membership_state": state,
                         "permissions": ["*"]} for user_id, (role, state) in members.items()]}


def message_payload(message_id: int, channel_id: int, body: dict[str, Any], flags: int) -> dict[str, Any]:
    """The message Discord would create from a send or follow-up request ``body``."""
    message: dict[str, Any] = {
        "id": str(message_id), "channel_id": str(channel_id), "type": 0, "content": body.get("content") or "",
        "author": BOT_USER, "timestamp": now_iso(), "edited_timestamp": None, "tts": False,
        "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
        "pinned": False, "components": body.get("components") or [], "flags": flags,
    }
    if poll := body.get("poll"):
        message["poll"] = {
            "question": poll["question"], "allow_multiselect": poll.get("allow_multiselect", False),
            "layout_type": poll.get("layout_type", 1), "expiry": now_iso(timedelta(hours=poll["duration"])),
            "answers": [{"answer_id": index, **answer} for index, answer in enumerate(poll["answers"], 1)],
            "results": {"is_finalized": False, "answer_counts": []},
        }
    if reference := body.get("message_reference"):
        message["type"] = 19  # a reply
        message["message_reference"] = {"channel_id": str(channel_id), **reference}
    return message


def interaction_payload(interaction_id: int, token: str, kind: int, data: dict[str, Any], *, user_id: int,
                        locale: str, channel_id: int, dm: bool, guild_locale: str, permissions: int,
                        message: dict[str, Any] | None = None,
                        member_permissions: int = ALL_PERMISSIONS, nick: str | None = None) -> dict[str, Any]:
    """An INTERACTION_CREATE: a command (2), a component click (3) or an autocomplete request (4)."""
    payload: dict[str, Any] = {
        "id": str(interaction_id), "application_id": str(APP_ID), "type": kind, "data": data,
        "token": token, "version": 1, "locale": locale, "app_permissions": str(permissions),
        "entitlements": [], "attachment_size_limit": 8 * 1024 * 1024, "channel_id": str(channel_id),
    }
    if dm:
        payload |= {"user": user_payload(user_id), "context": 1, "authorizing_integration_owners": {"0": "0"},
                    "channel": {"id": str(channel_id), "type": 1, "recipients": [user_payload(user_id)]}}
    else:
        payload |= {"guild_id": str(GUILD_ID), "guild_locale": guild_locale, "context": 0,
                    "guild": {"id": str(GUILD_ID), "locale": guild_locale, "features": []},
                    "member": member_payload(user_id, member_permissions, nick),
                    "authorizing_integration_owners": {"0": str(GUILD_ID)},
                    "channel": channel_payload(channel_id)}
    if message is not None:
        payload["message"] = message
    return payload


def command_options(options: dict[str, Any], focused: str | None) -> list[dict[str, Any]]:
    types = {str: 3, bool: 5, int: 4}
    return [{"name": name, "type": types[type(value)], "value": value, **({"focused": True} if name == focused
                                                                          else {})}
            for name, value in options.items()]


def with_custom_id(message: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """The message as a tampered client would present it: one button's custom_id replaced."""
    rows = [{**row, "components": [{**button, "custom_id": new} if button.get("custom_id") == old else button
                                   for button in row["components"]]} for row in message["components"]]
    return {**message, "components": rows}


def thread_payload() -> dict[str, Any]:
    """THREAD_ID, a public thread in CHANNEL_ID, as Discord describes it in an interaction or an event."""
    return {"id": str(THREAD_ID), "type": 11, "guild_id": str(GUILD_ID), "parent_id": str(CHANNEL_ID),
            "owner_id": str(OWNER_ID), "name": "quiz thread", "last_message_id": None,
            "rate_limit_per_user": 0, "message_count": 0, "member_count": 1, "flags": 0,
            "thread_metadata": {"archived": False, "auto_archive_duration": 1440,
                                "archive_timestamp": now_iso(), "locked": False}}
