"""In a forum (a supergroup with topics) each topic may choose its own language for games (a forum with a topic for
each language), and a topic that chose none speaks the one the forum's admins chose for the group (in General).
Before: an admin's "/language fr" in General was answered "Games in this chat are in Français from now on", and
the game then opened in the Quiz topic spoke English, its starter's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adapters.settings import Settings
from tests.telegram.fake_types import FakeChat
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import running_bot

FORUM = FakeChat(-100930, "supergroup", "Training forum")
QUIZ_TOPIC, SWAHILI_TOPIC = 12, 34
ADA = FakeUser(301, "Ada", "en")
CHIDI = FakeUser(303, "Chidi", "en")  # each starts a game: one player plays one game at a time


def in_topic(topic: int | None) -> Callable[[dict[str, Any]], bool]:
    def matches(params: dict[str, Any]) -> bool:
        return params.get("chat_id") == str(FORUM.id) and params.get("message_thread_id") == (
            None if topic is None else str(topic))
    return matches


async def lobby_text(api: FakeBotApi, starter: FakeUser, topic: int) -> str:
    await api.command(starter, "/game collectives", FORUM, topic=topic)
    lobby = await api.wait_for("sendMessage", 1, lambda p: in_topic(topic)(p) and "reply_markup" in p)
    return str(lobby[-1].params["text"])


async def test_a_topic_without_a_language_of_its_own_plays_in_the_one_chosen_for_the_forum(
        api: FakeBotApi, settings: Settings) -> None:
    api.admins[FORUM.id] = {ADA.id}
    async with running_bot(settings) as engine:
        fr, sw = engine.localizer_for("fr"), engine.localizer_for("sw")
        await api.command(ADA, "/language fr", FORUM)  # in General: the group's
        await api.wait_for("sendMessage", 1, in_topic(None))
        await api.command(ADA, "/language sw", FORUM, topic=SWAHILI_TOPIC)  # that topic's own
        await api.wait_for("sendMessage", 1, in_topic(SWAHILI_TOPIC))
        assert (await lobby_text(api, ADA, QUIZ_TOPIC)).startswith("🎲 <b>" + fr("Group game: {quiz}", quiz=""))
        assert (await lobby_text(api, CHIDI, SWAHILI_TOPIC)).startswith("🎲 <b>" + sw("Group game: {quiz}", quiz=""))
        await api.command(FakeUser(302, "Bola", "yo"), "/language", FORUM, topic=QUIZ_TOPIC)  # not an admin
        said = (await api.wait_for("sendMessage", 1, lambda p: in_topic(QUIZ_TOPIC)(p) and "Bola" in p["text"]))
        assert "Français" in said[-1].params["text"]  # what the games there speak
