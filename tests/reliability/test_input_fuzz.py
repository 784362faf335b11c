"""Hypothesis over what people type and what platforms send: parsed into commands and Actors, never a crash."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

import discord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from telegram import Update

from adapters.discord.actors import language_hint
from adapters.discord.buttons import CUSTOM_ID, RETRY_ID
from adapters.telegram.actors import PLATFORM, command_argument, update_actor
from adapters.telegram.callback_data import MAX_BYTES, Action, decode
from adapters.terminal.commands import CHAT_ONLY, GREETING, QUIT_WORDS, VERBS, half_width, parse, without_invisible
from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.content.library import ContentLibrary
from bot.languages import SUPPORTED_LANGUAGES
from bot.replies import Actor
from tests.core.wiring import build_engine
from tests.fakes.clock import FixedClock
from tests.fakes.storage import FakeDatabase

FUZZ = settings(max_examples=200, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
# Typed text with the awkward parts up front: other scripts' digits, control and bidi characters, commands.
NASTY = ["²", "①", "٣", "१", "x²", "\x1b[A", "\x00", "\u202e", "\u200b", " ", "\t", "1", "9", "b", "(", ")", ".",
         "２", "（", "ｂ", "\u3000",
         *VERBS, *CHAT_ONLY, *QUIT_WORDS, GREETING, "/", "language", "quiz", "collectives", "sw", "klingon"]
TYPED = st.lists(st.one_of(st.characters(), st.sampled_from(NASTY)), max_size=8).map("".join)
VERDICTS = {"quit", "answer", "choose", "letter", "nothing", "unknown", GREETING, *VERBS, *CHAT_ONLY}


@FUZZ
@given(TYPED, st.booleans())
def test_any_line_parses_into_a_known_command(line: str, answering: bool) -> None:
    parsed = parse(line, answering)
    assert parsed.verb in VERDICTS
    if parsed.verb == "answer" and parsed.index is not None:  # ASCII digits or letters, or their full-width twins
        digits = half_width(without_invisible(line)).strip().removeprefix("(").rstrip(") .")
        assert digits.isascii() and -1 <= parsed.index < 999
    if parsed.verb == "choose" and parsed.index is not None:
        assert half_width(without_invisible(line)).strip().isascii() and 0 <= parsed.index < 1000
    if parsed.verb == "letter":
        assert not answering and parsed.index is None


@FUZZ
@given(st.lists(TYPED, max_size=12), st.sampled_from(SUPPORTED_LANGUAGES))
async def test_a_terminal_session_of_any_lines_ends_with_a_goodbye(fixture_content: Path, lines: list[str],
                                                                   language: str) -> None:
    engine = build_engine(ContentLibrary.load(fixture_content), FakeDatabase(), FixedClock())
    io = ScriptedLineIO(lines)
    await TerminalPlayer(engine, Actor("terminal", "fuzz", "terminal", language), io).play(quiz="collectives")
    assert io.output[-1].startswith("\n") and "\x1b" not in io.transcript and "\u202e" not in io.transcript


TELEGRAM_USER = st.fixed_dictionaries(
    {"id": st.integers(1, 2**52), "is_bot": st.just(False), "first_name": st.text(min_size=1, max_size=40)},
    optional={"language_code": st.text(max_size=12), "last_name": st.text(max_size=20)})
TELEGRAM_CHAT = st.fixed_dictionaries(
    {"id": st.integers(-(2**52), 2**52), "type": st.sampled_from(["private", "group", "supergroup", "channel"])})


@FUZZ
@given(TELEGRAM_USER, TELEGRAM_CHAT, TYPED)
def test_a_telegram_message_becomes_an_actor_with_its_user_and_chat(user: dict[str, Any], chat: dict[str, Any],
                                                                    text: str) -> None:
    update = Update.de_json({"update_id": 1, "message": {"message_id": 1, "date": 0, "chat": chat, "from": user,
                                                         "text": text or "."}}, None)
    actor = update_actor(update)
    assert actor is not None
    assert (actor.platform, actor.user_id, actor.chat_id) == (PLATFORM, str(user["id"]), str(chat["id"]))
    assert actor.language_hint == user.get("language_code")
    argument = command_argument(text.split())
    assert argument is None or (argument == argument.strip() and argument)


@FUZZ
@given(st.one_of(st.none(), st.text(max_size=80), st.sampled_from([f"{a}:{v}" for a in Action for v in
                                                                   ("x", "", "collectives", "a:b")])))
def test_any_button_payload_decodes_to_a_known_action_or_nothing(data: str | None) -> None:
    decoded = decode(data)
    if decoded is not None:
        assert decoded.action in Action and decoded.value
        assert f"{decoded.action}:{decoded.value}" == data
        assert len(decoded.encode().encode()) <= MAX_BYTES or len(data.encode()) > MAX_BYTES


@FUZZ
@given(st.sampled_from(list(discord.Locale)), st.one_of(st.none(), st.sampled_from(list(discord.Locale))))
def test_a_discord_locale_hint_is_one_we_speak_or_none(locale: discord.Locale,
                                                       guild_locale: discord.Locale | None) -> None:
    hint = language_hint(locale, guild_locale)
    assert hint is None or hint in (locale.value, guild_locale.value if guild_locale else None)


CUSTOM_TEXT = st.one_of(st.text(max_size=110), st.builds(
    lambda kind, session, tail: f"qt:{kind}:{session}:{tail}", st.sampled_from(["a", "r"]),
    st.text(alphabet=string.hexdigits.lower(), max_size=42), st.text(max_size=60)))


@FUZZ
@given(CUSTOM_TEXT)
def test_a_forged_custom_id_is_either_refused_or_read_into_bounded_fields(custom_id: str) -> None:
    if (answer := CUSTOM_ID.fullmatch(custom_id)) is not None:
        assert len(answer["session"]) <= 40 and 0 <= int(answer["option"]) < 100
    if (retry := RETRY_ID.fullmatch(custom_id)) is not None:
        assert retry["mode"] in "pv" and (retry["owner"] is None or int(retry["owner"]) < 10**20)

