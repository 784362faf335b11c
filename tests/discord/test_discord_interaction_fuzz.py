"""Hypothesis over the interactions Discord's gateway delivers (INTERACTION_CREATE): slash commands with option
values of any text, from anyone, in the server or a DM, in any locale, and clicks on the bot's last buttons with a
forged custom id. Each is answered, and none fails a handler. One bot serves every example."""

from __future__ import annotations

import logging

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ADMIN_ID, LEARNER_ID, RunningBot
from tests.discord.support import first_answer

FUZZ = settings(max_examples=30, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
TEXT = st.one_of(st.text(max_size=30), st.sampled_from(
    ["\u202e", "\x00", "ｃｏｌｌｅｃｔｉｖｅｓ", "collectives", "fr", "x" * 500, "Africa/Lagos", "../..", "on 25:99",
     "on 19:00", "off", "🧠", "week", "all"]))
# (command, its options, its subcommand): each command the bot registers, and one it doesn't (a stale client's).
COMMANDS = st.one_of(
    st.tuples(st.just("quiz"), st.fixed_dictionaries({}, optional={"quiz": TEXT, "private": st.booleans()}),
              st.none()),
    st.tuples(st.just("preview"), st.fixed_dictionaries({"quiz": TEXT}), st.none()),
    st.tuples(st.just("language"), st.fixed_dictionaries({"language": TEXT}, optional={"server": st.booleans()}),
              st.none()),
    st.tuples(st.just("timezone"), st.fixed_dictionaries({"zone": TEXT}), st.none()),
    st.tuples(st.just("reminders"), st.fixed_dictionaries({}, optional={"setting": TEXT}), st.none()),
    st.tuples(st.just("leaderboard"), st.fixed_dictionaries({}, optional={"period": TEXT, "me": TEXT}), st.none()),
    st.tuples(st.just("game"), st.fixed_dictionaries({"quiz": TEXT}), st.just("start")),
    st.tuples(st.sampled_from(["stop", "progress", "review", "help", "quizzes", "removed-long-ago"]), st.just({}),
              st.none()))


@FUZZ
@given(command=COMMANDS, user_id=st.sampled_from([LEARNER_ID, ADMIN_ID, 2**64 - 1]), dm=st.booleans(),
       locale=st.sampled_from(["en-US", "fr", "sw", "xx", ""]), forged=st.one_of(st.none(), st.text(max_size=110)))
async def test_any_interaction_is_answered_and_fails_no_handler(
        bot: RunningBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture,
        command: tuple[str, dict[str, object], str | None], user_id: int, dm: bool, locale: str,
        forged: str | None) -> None:
    caplog.clear()
    name, options, subcommand = command
    token = await fake.slash(name, options, user_id=user_id, dm=dm, locale=locale, subcommand=subcommand)
    await fake.wait_until(first_answer(fake, token))
    clickable = [message for message, body in fake.messages.items() if body.get("components")]
    if forged is not None and clickable:
        click = await fake.click(clickable[-1], "x", forge=forged, user_id=user_id)
        await fake.wait_until(lambda: fake.interaction_calls(click))
    await fake.quiet(0.05)
    assert not [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]
