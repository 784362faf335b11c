"""Hypothesis over what a webhook replica is posted: any signed body is answered with a clean status, fails no
handler, leaves the bot serving, and scores nothing but a real vote.

One bot serves every example (starting it is what takes time): Aminata has a quiz under way in her private chat
and the group a game, so that forged votes and presses meet real polls and a real game.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import aiohttp
import pytest
from hypothesis import HealthCheck, given, settings
from sqlalchemy import select

from adapters.settings import Settings
from storage import tables
from storage.database import create_engine
from tests.telegram.game_steps import lobby
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import ADMIN, AMINATA, GROUP, SIGNED, for_chat, in_webhook_mode, running_bot
from tests.telegram.update_shapes import GAME, SENT_POLL, Json, bodies

FUZZ = settings(max_examples=80, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@dataclass(repr=False)  # its repr would list every call the fake recorded, in every failure's report
class Webhook:
    api: FakeBotApi
    url: str
    database_url: str
    client: aiohttp.ClientSession
    game_id: str = ""
    _next_id: int = 10**6

    async def post(self, body: object) -> int:
        async with self.client.post(self.url, json=body, headers=SIGNED) as response:
            return response.status

    def resolved(self, body: Json) -> Json:
        """``body`` with the ids of the bot's polls and game in place of the strategies' names for them."""
        sent = list(self.polls())
        text = json.dumps(body).replace(GAME, self.game_id)
        return json.loads(re.sub(SENT_POLL + r"(\d+)", lambda back: sent[-1 - int(back[1]) % len(sent)], text))

    async def say(self, user: FakeUser, text: str, chat: FakeChat | None = None) -> int:
        self._next_id += 1
        where = (chat or FakeChat.private(user)).json()
        return await self.post({"update_id": self._next_id, "message": {
            "message_id": self._next_id, "date": int(time.time()), "chat": where, "from": user.json(), "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]}})

    async def press(self, user: FakeUser, data: str, chat: FakeChat) -> int:
        self._next_id += 1
        message = {"message_id": 1, "date": int(time.time()), "chat": chat.json(), "from": {
            "id": 999000, "is_bot": True, "first_name": "QuizTutor"}}
        return await self.post({"update_id": self._next_id, "callback_query": {
            "id": f"press-{self._next_id}", "from": user.json(), "chat_instance": "i", "data": data,
            "message": message}})

    def polls(self) -> dict[str, int]:
        """Each poll the bot sent: its id, and how many options it has."""
        return {str(call.result["poll"]["id"]): len(call.params["options"]) for call in self.api.calls("sendPoll")}

    async def scored(self) -> set[tuple[str, ...]]:
        """Each answer stored that chose an option (not a skip, nor a time-out), with who chose it: to a quiz's
        question, or to a game's."""
        answers, games = tables.Answer.__table__, tables.GameAnswer.__table__
        sessions, users = tables.Session.__table__, tables.User.__table__
        database = create_engine(self.database_url)
        try:
            async with database.connect() as connection:
                quizzes = await connection.execute(
                    select(answers.c.session_id, answers.c.question_id, users.c.platform_user_id)
                    .join(sessions, sessions.c.id == answers.c.session_id).join(users, users.c.id == sessions.c.user_id)
                    .where(answers.c.option_id.is_not(None)))
                played = await connection.execute(
                    select(games.c.game_id, games.c.position, users.c.platform_user_id)
                    .join(users, users.c.id == games.c.user_id))
                return {("quiz", *map(str, row)) for row in quizzes} | {("game", *map(str, row)) for row in played}
        finally:
            await database.dispose()


@pytest.fixture
async def webhook(api: FakeBotApi, settings: Settings, reserve_port: Callable[[], int]) -> AsyncIterator[Webhook]:
    hooked, url = in_webhook_mode(reserve_port(), settings)
    api.admins[GROUP.id] = {ADMIN.id}
    async with running_bot(hooked), aiohttp.ClientSession() as client:
        served = Webhook(api, url, hooked.resolved_database_url, client)
        assert await served.say(AMINATA, "/quiz collectives") == 200
        assert await served.say(ADMIN, "/game collectives", GROUP) == 200
        _lobby, game_id = await lobby(api, GROUP)
        assert await served.press(ADMIN, f"gb:{game_id}", GROUP) == 200
        served.game_id = game_id
        assert len(served.polls()) == 2
        yield served


def a_vote_by(voter: str, body: Json, polls: dict[str, int]) -> bool:
    """Whether ``body`` is a vote ``voter`` cast in their own name, on a poll the bot sent, for one of its options."""
    answer = body.get("poll_answer")
    if not isinstance(answer, dict) or answer.get("voter_chat") is not None:
        return False
    options, chosen = polls.get(answer.get("poll_id")), answer.get("option_ids")  # type: ignore[arg-type]
    return options is not None and isinstance(chosen, list) and bool(chosen) and chosen[0] in range(options) \
        and answer.get("user", {}).get("id") == int(voter)


@FUZZ
@given(drawn=bodies())
async def test_any_signed_webhook_body_is_answered_cleanly_and_only_a_real_vote_is_scored(
        webhook: Webhook, caplog: pytest.LogCaptureFixture, drawn: Json) -> None:
    polls, body = webhook.polls(), webhook.resolved(drawn)
    caplog.clear()
    before = await webhook.scored()
    assert await webhook.post(body) in (200, 400)
    scored = await webhook.scored() - before
    assert len(scored) <= 1 and all(a_vote_by(voter, body, polls) for *_answer, voter in scored), scored
    failed = [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]
    assert not failed
    replies = len(webhook.api.calls("sendMessage", for_chat(AMINATA.id)))
    assert await webhook.say(AMINATA, "/help") == 200  # and the bot still serves
    assert len(webhook.api.calls("sendMessage", for_chat(AMINATA.id))) > replies

