"""Unit tests: Telegram updates -> the engine's Actor and arguments; button payloads."""

from __future__ import annotations

import time
from typing import Any

import pytest
from telegram import Update

from adapters.telegram.actors import actor_for, command_argument, is_private, update_actor
from adapters.telegram.callback_data import MAX_BYTES, Action, ButtonData, decode
from bot.replies import Actor
from tests.telegram.telegram_fake_api import BOT_USER, FakeChat, FakeUser
from tests.telegram.telegram_harness import GROUP

LUCIE = FakeUser(7, "Lucie", "fr-CA")


def update(**fields: Any) -> Update:
    return Update.de_json({"update_id": 1, **fields}, None)


def message(chat: FakeChat, sender: dict[str, Any] | None, text: str) -> dict[str, Any]:
    data: dict[str, Any] = {"message_id": 5, "date": int(time.time()), "chat": chat.json(), "text": text}
    if sender is not None:
        data["from"] = sender
    return data


def test_a_private_message_becomes_an_actor_in_the_users_own_chat_with_the_client_language() -> None:
    actor = update_actor(update(message=message(FakeChat.private(LUCIE), LUCIE.json(), "/quiz")))
    assert actor == Actor("telegram", "7", "7", "fr-CA")
    assert is_private(actor.chat_id, actor)


def test_a_group_message_keeps_the_speaker_as_the_actor_and_the_group_as_the_chat() -> None:
    actor = update_actor(update(message=message(GROUP, LUCIE.json(), "/quiz collectives")))
    assert actor == Actor("telegram", "7", str(GROUP.id), "fr-CA")
    assert not is_private(actor.chat_id, actor)


def test_a_button_press_is_acted_on_by_whoever_pressed_it_not_by_the_bot_that_sent_the_message() -> None:
    pressed = update(callback_query={"id": "1", "from": LUCIE.json(), "chat_instance": "c", "data": "quiz:fsdp",
                                     "message": message(GROUP, BOT_USER, "Available quizzes")})
    assert update_actor(pressed) == Actor("telegram", "7", str(GROUP.id), "fr-CA")


def test_a_poll_answer_has_a_user_but_no_chat() -> None:
    answer = update(poll_answer={"poll_id": "p", "user": LUCIE.json(), "option_ids": [1],
                                 "option_persistent_ids": ["1"]}).poll_answer
    assert answer is not None and answer.user is not None
    assert actor_for(answer.user) == Actor("telegram", "7", None, "fr-CA")


def test_a_message_without_a_person_gives_no_actor() -> None:
    channel = FakeChat(-100900, "channel", "News")
    assert update_actor(update(channel_post=message(channel, None, "/quiz"))) is None


@pytest.mark.parametrize(("args", "expected"), [(None, None), ([], None), (["  "], None), (["fsdp"], "fsdp"),
                                                (["data", "parallelism"], "data parallelism")])
def test_the_text_after_a_command_is_its_argument(args: list[str] | None, expected: str | None) -> None:
    assert command_argument(args) == expected


def test_button_data_round_trips_and_carries_only_an_action_and_an_id() -> None:
    data = ButtonData(Action.RETRY, "f" * 32).encode()
    assert data == "retry:" + "f" * 32 and len(data.encode()) <= MAX_BYTES
    assert decode(data) == ButtonData(Action.RETRY, "f" * 32)
    assert decode(ButtonData(Action.START_QUIZ, "a" * 48).encode()) == ButtonData(Action.START_QUIZ, "a" * 48)


@pytest.mark.parametrize("data", [None, "", "quiz", "quiz:", "vote:1", "unknown:thing"])
def test_button_data_the_bot_never_sent_is_rejected(data: str | None) -> None:
    assert decode(data) is None


def test_button_data_over_telegrams_64_bytes_is_refused_rather_than_sent() -> None:
    with pytest.raises(ValueError, match="64 bytes"):
        ButtonData(Action.START_QUIZ, "é" * 40).encode()
