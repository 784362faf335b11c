"""Learners with an answer under way in this process: from its arrival at the engine until it is scored or refused.

An answer that came in before its question's deadline may wait for its learner's turn (a slow earlier action of
theirs) past it: the expiry sweep leaves that learner's session for a later pass, so the answer, timed as it came
in, is scored rather than told the time is up."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from bot.replies import Actor


class AnswersUnderWay:
    def __init__(self) -> None:
        self._counts: dict[tuple[str, str], int] = {}  # (platform, user id): answers under way

    @contextlib.contextmanager
    def answering(self, actor: Actor) -> Iterator[None]:
        key = (actor.platform, actor.user_id)
        self._counts[key] = self._counts.get(key, 0) + 1
        try:
            yield
        finally:
            left = self._counts[key] - 1
            if left:
                self._counts[key] = left
            else:
                del self._counts[key]

    def of(self, actor: Actor) -> bool:
        """Whether the learner has an answer under way here now."""
        return (actor.platform, actor.user_id) in self._counts
