"""The fake Discord refuses what Discord refuses (tests/discord/discord_limits.py), so that a reply the real one
would reject with 400 "Invalid Form Body" fails the tests too."""

from __future__ import annotations

from typing import Any

from tests.discord.discord_limits import refusal


def poll(question: str, answers: list[str]) -> dict[str, object]:
    return {"question": {"text": question}, "answers": [{"poll_media": {"text": text}} for text in answers],
            "duration": 1}


def buttons(*rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"type": 1, "components": row} for row in rows]


def test_a_message_within_every_limit_passes_and_one_over_any_is_refused_naming_the_field() -> None:
    fits = {"content": "x" * 2000, "poll": poll("q" * 300, ["a" * 55] * 10),
            "components": buttons(*[[{"type": 2, "label": "l" * 80, "custom_id": "c" * 100}] * 5] * 5)}
    assert refusal("POST", "/channels/1/messages", fits) is None
    over = {"content": "x" * 2001}
    refused = refusal("POST", "/channels/1/messages", over)
    assert refused == {"code": 50035, "message": "Invalid Form Body",
                       "errors": {"content": "Must be 2000 or fewer in length."}}
    for wrong, field in [({"poll": poll("q" * 301, ["a"])}, "poll.question.text"),
                         ({"poll": poll("q", ["a", "b" * 56])}, "poll.answers.1.poll_media.text"),
                         ({"poll": poll("q", ["a"] * 11)}, "poll.answers"),
                         ({"components": buttons(*[[]] * 6)}, "components"),
                         ({"components": buttons([{"label": "l"}] * 6)}, "components.0.components"),
                         ({"components": buttons([{"label": "l" * 81}])}, "components.0.components.0.label")]:
        refused = refusal("PATCH", "/channels/1/messages/2", wrong)
        assert refused is not None and field in refused["errors"], (wrong, refused)


def test_an_interactions_reply_is_checked_in_its_data_and_other_requests_not_at_all() -> None:
    assert refusal("POST", "/interactions/1/token/callback", {"type": 4, "data": {"content": "x" * 2001}}) \
        is not None
    assert refusal("POST", "/interactions/1/token/callback", {"type": 6}) is None
    assert refusal("PUT", "/applications/1/commands", [{"name": "quiz"}]) is None
    assert refusal("GET", "/channels/1/messages/2", {}) is None
