"""Feedback at every text's limit (a why_not and an explanation of 200 characters, details of 1,000, a long answer)
passes Discord's 2,000 once escaped: it goes out over messages Discord takes, nothing lost, no escape cut apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adapters.discord.render import MESSAGE_LIMIT, plain
from adapters.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import running_bot
from tests.discord.payloads import OWNER_ID
from tests.discord.support import next_poll, poll_answers, vote_for
from tests.support.content import edit_question

# Every "*" and "_" is escaped to two characters: the follow-up passes 2,000 although each text is within its limit.
WHY_NOT = ("Broadcast *copies* one rank's data_to_all; " * 5)[:200]
EXPLANATION = ("All-reduce *sums* the grads_across ranks. " * 5)[:200]
ANSWER = ("All-reduce: *every* rank_ends with the sum; " * 12)[:500]
DETAILS = ("Ring all-reduce sends *each* chunk_around the ring twice. " * 20)[:1000]


def at_the_limits(question: dict[str, Any]) -> None:
    for option in question["options"]:
        if option["id"] == "broadcast":
            option["why_not"] = {language: WHY_NOT for language in option["text"]}
        if option["id"] == "all-reduce":
            option["text"]["en"] = ANSWER
    question["explanation"]["en"] = EXPLANATION
    question["details"]["en"] = DETAILS


def squeezed(text: str) -> str:
    return "".join(text.split())


async def test_feedback_at_every_limit_goes_out_whole_over_messages_discord_takes(
        settings: Settings, fake: FakeDiscord, content_dir: Path) -> None:
    edit_question(content_dir, "sum-everywhere", at_the_limits)
    async with running_bot(settings, fake) as bot:
        await fake.slash("quiz", {"quiz": "collectives"})
        poll = await next_poll(fake, bot)
        assert poll_answers(poll).count("A") == 1  # the answer is too long for a poll: lettered
        mark = len(fake.calls)
        await vote_wrong(fake, poll)
        await next_poll(fake, bot, after=mark)  # the next question: the feedback went before it
    sent = [call for call in fake.calls[mark:] if call.method == "POST" and call.path.endswith("/messages")
            and not call.body.get("poll")]
    assert all(call.status == 200 for call in fake.calls[mark:]), fake.describe()
    assert len(sent) >= 2 and all(len(call.content) <= MESSAGE_LIMIT for call in sent)
    shown = squeezed("".join(call.content for call in sent))
    for text in (WHY_NOT, EXPLANATION, ANSWER, DETAILS):
        assert squeezed(plain(text)) in shown, text[:40]
    for call in sent[:-1]:  # no escape left open at a message's end: the next would show the "*" as formatting
        assert (len(call.content) - len(call.content.rstrip("\\"))) % 2 == 0, call.content[-20:]


async def vote_wrong(fake: FakeDiscord, poll: Any) -> None:
    """A vote for Broadcast, whatever letter the shuffle gave it: the one the poll's message names it by."""
    for answer in poll_answers(poll):
        line = next((line for line in poll.content.splitlines() if line.startswith(f"**{answer}.**")), "")
        if "Broadcast" in line or answer == "Broadcast":
            await vote_for(fake, poll, answer, OWNER_ID)
            return
    raise AssertionError(f"no Broadcast in {poll.content!r}")
