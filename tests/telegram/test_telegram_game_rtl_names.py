"""A player named in a right-to-left script (Arabic, Hebrew) in a game's lines: the Unicode bidi algorithm reads
the words and numbers after such a name as part of it, so "1. علي — 150 points" showed "1. 150 — علي points"
(and a line starting with the name ran right to left, its score first). Each such name is set in an isolate
(U+2068 … U+2069), which the text around it treats as one neutral character: nothing right to left is left outside
one, and every isolate closes on its line."""

from __future__ import annotations

import html
import re
import unicodedata
from datetime import timedelta

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, group_calls, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, running_bot

ALI = FakeUser(321, "علي حسن", "en")
SARA = FakeUser(322, "שרה", "en")
GAMES = 0.02  # seconds between looks for game phases that are due
OPENS, CLOSES = "\u2066\u2067\u2068", "\u2069"  # the isolates' openers (LRI, RLI, FSI), and PDI


def outside_isolates(line: str) -> str:
    """The right-to-left letters of a line that no isolate holds; "!" for an isolate left open at its end."""
    depth, loose = 0, []
    for char in line:
        if char in OPENS:
            depth += 1
        elif char in CLOSES:
            depth = max(0, depth - 1)
        elif depth == 0 and unicodedata.bidirectional(char) in ("R", "AL"):
            loose.append(char)
    return "".join(loose) + ("!" if depth else "")


async def test_right_to_left_names_leave_the_game_s_lines_in_their_order(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    async with running_bot(settings, clock, game_interval=GAMES):
        _game, first = await begun(api, ALI, GROUP, (SARA, AMINATA))  # Ali's lobby, "when علي presses Start"
        for player in (ALI, SARA, AMINATA):
            await vote(api, first, player, right=True)
            clock.advance(timedelta(milliseconds=300))
        await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"])
        await api.command(ALI, "/game stop", GROUP)  # "Stopped by علي حسن."
        await api.wait_for("sendMessage", 1, lambda p: "Game stopped" in p["text"])
        await api.command(SARA, "/leaderboard", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: "Leaderboard" in p["text"])
        lines = [line for call in group_calls(api, GROUP) if "text" in call.params
                 for line in html.unescape(re.sub(r"<[^>]+>", "", call.params["text"])).splitlines()]
        named = [line for line in lines if "علي" in line or "שרה" in line]
        # The lobby's two, the list of players, the standings' two, the podium's three, the board's two
        assert len(named) >= 9, named
        assert {line: outside_isolates(line) for line in named if outside_isolates(line)} == {}


async def test_a_right_to_left_name_before_a_reply_in_the_group_leaves_the_reply_in_its_order(
        api: FakeBotApi, settings: Settings, clock: FixedClock) -> None:
    """A group's reply names whom it is for first: "علي · There is no quiz called …" began with a right-to-left
    letter, so the whole line ran right to left; so did a poll's "1/3 (علي) · Which …"."""
    async with running_bot(settings, clock, game_interval=GAMES):
        await api.command(ALI, "/game nosuchquiz", GROUP)
        await api.command(SARA, "/quiz collectives", GROUP)
        await api.wait_for("sendPoll", 1, lambda p: p["chat_id"] == str(GROUP.id))
        await api.settle()
        texts = [call.params.get("text") or call.params["question"] for call in group_calls(api, GROUP)
                 if call.method in ("sendMessage", "sendPoll")]
        named = [line for text in texts for line in html.unescape(re.sub(r"<[^>]+>", "", text)).splitlines()
                 if "علي" in line or "שרה" in line]
        assert len(named) >= 2, texts  # the refusal, and the poll's question
        assert {line: outside_isolates(line) for line in named if outside_isolates(line)} == {}
