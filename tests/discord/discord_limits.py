"""What Discord refuses in a message the bot sends or edits, so that the fake refuses it too, with Discord's 400
"Invalid Form Body" (code 50035): text over its limits, too many polls answers, rows or buttons. Else a reply the
real Discord rejects would pass every test.

Discord's documented limits: content 2,000 characters; a poll's question 300 and each of at most 10 answers 55;
at most 5 action rows of at most 5 buttons, a button's label 80 and its custom id 100.
"""

from __future__ import annotations

from typing import Any

CONTENT_LIMIT = 2000
QUESTION_LIMIT = 300
ANSWER_LIMIT = 55
ANSWERS = 10
ROWS = 5
ROW_ITEMS = 5
LABEL_LIMIT = 80
CUSTOM_ID_LIMIT = 100


def refusal(method: str, path: str, body: Any) -> dict[str, Any] | None:
    """Discord's error body for a request that sends or edits a message it would refuse (an interaction's reply
    carries its message in "data"), or None."""
    sent = body.get("data") if "/callback" in path and isinstance(body, dict) else body
    return problem(sent) if method in ("POST", "PATCH") and isinstance(sent, dict) else None


def problem(body: dict[str, Any]) -> dict[str, Any] | None:
    """Discord's error body for a message ``body`` it would refuse, or None."""
    errors = list(_problems(body))
    if not errors:
        return None
    return {"code": 50035, "message": "Invalid Form Body", "errors": dict(errors)}


def _problems(body: dict[str, Any]) -> Any:
    if len(body.get("content") or "") > CONTENT_LIMIT:
        yield "content", f"Must be {CONTENT_LIMIT} or fewer in length."
    if poll := body.get("poll"):
        if len(poll["question"].get("text") or "") > QUESTION_LIMIT:
            yield "poll.question.text", f"Must be {QUESTION_LIMIT} or fewer in length."
        answers = poll.get("answers") or []
        if len(answers) > ANSWERS:
            yield "poll.answers", f"Must be {ANSWERS} or fewer in length."
        for index, answer in enumerate(answers):
            if len(answer["poll_media"].get("text") or "") > ANSWER_LIMIT:
                yield f"poll.answers.{index}.poll_media.text", f"Must be {ANSWER_LIMIT} or fewer in length."
    rows = body.get("components") or []
    if len(rows) > ROWS:
        yield "components", f"Must be {ROWS} or fewer in length."
    for row_index, row in enumerate(rows):
        items = row.get("components") or []
        if len(items) > ROW_ITEMS:
            yield f"components.{row_index}.components", f"Must be {ROW_ITEMS} or fewer in length."
        for index, item in enumerate(items):
            where = f"components.{row_index}.components.{index}"
            if len(item.get("label") or "") > LABEL_LIMIT:
                yield f"{where}.label", f"Must be {LABEL_LIMIT} or fewer in length."
            if len(item.get("custom_id") or "") > CUSTOM_ID_LIMIT:
                yield f"{where}.custom_id", f"Must be {CUSTOM_ID_LIMIT} or fewer in length."
