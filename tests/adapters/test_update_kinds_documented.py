"""The README's `updates_total` lists every kind of update the bot counts: an operator reading a series the
README never names (Telegram's "other": the bot's own membership changing) can't tell what it counts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
from telegram import Update

from adapters.telegram.update_kinds import update_kind
from adapters.telegram.wiring import ALLOWED_UPDATES

README = Path(__file__).resolve().parents[2] / "README.md"
USER = {"id": 7, "is_bot": False, "first_name": "Ada"}
GROUP = {"id": -100, "type": "supergroup", "title": "Study group"}
MEMBER = {"user": {"id": 8, "is_bot": True, "first_name": "QuizTutor"}, "status": "member"}
MESSAGE = {"message_id": 1, "date": 0, "chat": GROUP, "from": USER}
# One update of each type the bot asks Telegram for (a message either a command or not).
TELEGRAM: dict[str, list[dict[str, Any]]] = {
    "message": [MESSAGE | {"text": "/quiz"}, MESSAGE | {"text": "hello"}],
    "callback_query": [{"id": "1", "from": USER, "chat_instance": "c", "data": "quiz:collectives",
                        "message": MESSAGE}],
    "poll_answer": [{"poll_id": "1", "user": USER, "option_ids": [0], "option_persistent_ids": ["0"]}],
    "my_chat_member": [{"chat": GROUP, "from": USER, "date": 0, "old_chat_member": MEMBER,
                        "new_chat_member": MEMBER | {"status": "left"}}],
}
# Interactions reach the bot over the gateway but a ping (an HTTP endpoint's only) and a modal's submission (the
# bot shows no modal); its poll votes are counted as poll_vote.
DISCORD_UNSEEN = {discord.InteractionType.ping, discord.InteractionType.modal_submit}


def documented_kinds() -> set[str]:
    text = " ".join(README.read_text(encoding="utf-8").split())
    listed = re.search(r"`updates_total` \(by platform and kind: (.*?)\), `answers_scored_total`", text)
    assert listed is not None, "the README's metrics section no longer lists updates_total's kinds"
    named = re.sub(r"\([^)]*\)|Telegram's|Discord's", "", listed[1])  # the kinds, without what explains them
    return set(re.findall(r"\b[a-z_]+\b", named))


def telegram_kinds() -> set[str]:
    assert set(TELEGRAM) == set(ALLOWED_UPDATES)  # a type asked for later is added above
    updates: list[dict[str, Any]] = [{"update_id": 1, field: body} for field, bodies in TELEGRAM.items()
                                     for body in bodies]
    return {update_kind(Update.de_json(update, None)) for update in updates}


def test_every_kind_counted_is_listed_in_the_readme() -> None:
    counted = telegram_kinds() | {kind.name for kind in discord.InteractionType if kind not in DISCORD_UNSEEN}
    counted.add("poll_vote")
    assert documented_kinds() - {"and"} == counted
    assert "other" in telegram_kinds()  # the bot's membership changing
