"""QUIZ_* variables as an operator writes them: empty means unset, and a bad value names its variable."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError
from sqlalchemy.engine import make_url

from adapters.platforms import chat_platforms
from adapters.settings import ConfigurationError, Settings, default_data_dir, load_settings
from adapters.telegram.spec import TelegramSettings

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "content"
WEBHOOK = {"QUIZ_TELEGRAM_TOKEN": "1:x", "QUIZ_TELEGRAM_WEBHOOK_URL": "https://quiz.example.org/hook"}
SECRET = "a-webhook-secret-of-32-characters"


def quiztutor(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    return subprocess.run([sys.executable, "-m", "adapters.cli.main", *args], env={**clean, **env},
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("secret", ["", "has space", "x" * 257, "é", "semi;colon", "zQ", "x" * 15])
def test_a_webhook_secret_telegram_would_not_check_is_refused_at_start_up_naming_the_variable(secret: str) -> None:
    done = quiztutor({**WEBHOOK, "QUIZ_TELEGRAM_WEBHOOK_SECRET": secret}, "validate", str(FIXTURES))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "QUIZ_TELEGRAM_WEBHOOK_SECRET" in done.stderr
    if secret.strip():
        assert secret not in done.stderr  # a secret is never echoed, even a wrong one


def test_webhook_mode_without_any_secret_is_refused_naming_the_variable() -> None:
    done = quiztutor(WEBHOOK, "validate", str(FIXTURES))
    assert done.returncode == 2
    assert "QUIZ_TELEGRAM_WEBHOOK_SECRET is required with QUIZ_TELEGRAM_WEBHOOK_URL" in done.stderr


@pytest.mark.parametrize("url", ["http://quiz.example.org/hook", "https://quiz.example.org:9999/hook"])
def test_a_webhook_url_telegram_would_never_post_to_is_refused_naming_the_variable(url: str) -> None:
    done = quiztutor({**WEBHOOK, "QUIZ_TELEGRAM_WEBHOOK_URL": url, "QUIZ_TELEGRAM_WEBHOOK_SECRET": SECRET}, "validate",
                     str(FIXTURES))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "QUIZ_TELEGRAM_WEBHOOK_URL must be https:// on port 443, 80, 88 or 8443" in done.stderr


def test_a_local_bot_api_server_takes_any_webhook_url(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {**WEBHOOK, "QUIZ_TELEGRAM_WEBHOOK_URL": "http://127.0.0.1:18443/hook",
                        "QUIZ_TELEGRAM_WEBHOOK_SECRET": SECRET, "QUIZ_TELEGRAM_API_URL": "http://127.0.0.1:8081/bot"}.items():
        monkeypatch.setenv(name, value)
    assert TelegramSettings().webhook_url == "http://127.0.0.1:18443/hook"


def test_a_short_webhook_secret_is_refused_saying_how_to_make_one() -> None:
    """Anyone who guesses it can post updates in any learner's name (a /reload from an admin, too)."""
    done = quiztutor({**WEBHOOK, "QUIZ_TELEGRAM_WEBHOOK_SECRET": "s3cret"}, "validate", str(FIXTURES))
    assert done.returncode == 2, done.stdout + done.stderr
    assert ("QUIZ_TELEGRAM_WEBHOOK_SECRET: must be 16 to 256 characters, each A-Z, a-z, 0-9, _ or - (a short one can "
            "be guessed: make one with openssl rand -hex 32)") in done.stderr, done.stderr


def test_a_secret_of_telegrams_alphabet_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {**WEBHOOK, "QUIZ_TELEGRAM_WEBHOOK_SECRET": "Ab0_-" * 51}.items():
        monkeypatch.setenv(name, value)
    secret = TelegramSettings().webhook_secret
    assert secret is not None and secret.get_secret_value() == "Ab0_-" * 51


@pytest.mark.parametrize(("platform", "token"), [("TELEGRAM", "1:x"), ("DISCORD", "a.b.c")])
def test_each_platforms_admins_are_read_from_a_comma_separated_variable(
        platform: str, token: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(f"QUIZ_{platform}_TOKEN", token)
    monkeypatch.setenv(f"QUIZ_{platform}_ADMINS", " 11, 22,,")
    settings = load_settings(chat_platforms())
    assert settings.platforms[platform.lower()].admins == {"11", "22"}


@pytest.mark.parametrize("platform", ["TELEGRAM", "DISCORD"])
def test_admins_that_are_not_numeric_user_ids_are_refused_naming_the_variable(
        platform: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(f"QUIZ_{platform}_ADMINS", "11, @ada")  # a username can never match a sender's id
    with pytest.raises(ConfigurationError) as refused:
        load_settings(chat_platforms())
    assert refused.value.problems == [(f"QUIZ_{platform}_ADMINS",
                                       "'@ada' is not a user id: give numeric user ids separated by commas, "
                                       "e.g. 123456789,987654321")]


def test_empty_variables_count_as_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("QUIZ_DATA_DIR", "QUIZ_DATABASE_URL", "QUIZ_CONTENT_DIR", "QUIZ_TELEGRAM_TOKEN",
                 "QUIZ_DISCORD_TOKEN", "QUIZ_TELEGRAM_WEBHOOK_PORT", "QUIZ_QUESTION_SECONDS", "QUIZ_LOG_LEVEL"):
        monkeypatch.setenv(name, "")
    settings = load_settings(chat_platforms())
    assert settings.data_dir == default_data_dir()  # not the current folder, outside Docker's volume
    assert not any(platform.enabled for platform in settings.platforms.values())  # empty tokens: none set
    telegram = settings.platforms["telegram"]
    assert isinstance(telegram, TelegramSettings) and telegram.webhook_port == 8443
    assert settings.question_seconds == 0


@pytest.mark.parametrize("token", ["", "   "])
def test_an_empty_token_means_nothing_to_run_rather_than_a_crash(tmp_path: Path, token: str) -> None:
    done = quiztutor({"QUIZ_TELEGRAM_TOKEN": token, "QUIZ_DATA_DIR": str(tmp_path)}, "run")
    assert done.returncode == 2, done.stderr
    # On stderr, as every failure is: `quiztutor run > bot.log` kept it from the terminal, and a script reading
    # stdout took it for output.
    assert "nothing to run" in done.stderr and "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize(("variable", "value"), [
    ("QUIZ_TELEGRAM_WEBHOOK_PORT", "99999"), ("QUIZ_TELEGRAM_WEBHOOK_PORT", "0"),
    ("QUIZ_TELEGRAM_WEBHOOK_PORT", "http"), ("QUIZ_TELEGRAM_API_URL", "localhost:8081/bot"),
    ("QUIZ_TELEGRAM_API_URL", "http://127.0.0.1:8081"), ("QUIZ_TELEGRAM_API_URL", "http://127.0.0.1:8081/bot/"),
    ("QUIZ_TELEGRAM_WEBHOOK_URL", "quiz.example.org/hook"), ("QUIZ_DISCORD_POLL_HOURS", "0"),
    ("QUIZ_PLATFORMS", "telegram"), ("QUIZ_PLATFORMS", "{}"),  # not a setting: was a traceback, or ignored
    ("QUIZ_DISCORD_SHARD_IDS", ","),  # names no shard: was taken for every shard
])
def test_an_impossible_value_is_refused_naming_its_variable(variable: str, value: str) -> None:
    done = quiztutor({variable: value, "QUIZ_TELEGRAM_WEBHOOK_SECRET": SECRET}, "validate", str(FIXTURES))
    assert done.returncode == 2, done.stderr
    assert f"  {variable}: " in done.stderr


@pytest.mark.parametrize(("variable", "token"), [
    ("QUIZ_TELEGRAM_TOKEN", "abc"), ("QUIZ_TELEGRAM_TOKEN", "123456:AA\nE-x"), ("QUIZ_TELEGRAM_TOKEN", "bot123456:AAE"),
    ("QUIZ_TELEGRAM_TOKEN", "123456:AAE x"), ("QUIZ_DISCORD_TOKEN", "MTIz.abc"), ("QUIZ_DISCORD_TOKEN", "Bot MTIz.a.b"),
])
def test_a_malformed_token_is_refused_before_any_network_without_echoing_it(tmp_path: Path, variable: str,
                                                                             token: str) -> None:
    done = quiztutor({variable: token, "QUIZ_DATA_DIR": str(tmp_path)}, "run")
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"  {variable}: is not a bot token" in done.stderr
    assert token.strip() not in done.stdout + done.stderr and "Traceback" not in done.stderr


def test_a_token_with_a_line_break_around_it_is_taken_without_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A secret file or a CRLF env file leaves one; discord.py strips it itself, and a refusal would be wrong."""
    monkeypatch.setenv("QUIZ_TELEGRAM_TOKEN", " 123456:AAE-x\r\n")
    monkeypatch.setenv("QUIZ_DISCORD_TOKEN", "MTIz.abc.def\n")
    platforms = load_settings(chat_platforms()).platforms
    assert [platforms[name].secrets() for name in ("telegram", "discord")] == [["123456:AAE-x"], ["MTIz.abc.def"]]


def test_settings_built_in_code_are_checked_too(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="webhook_port"):
        TelegramSettings(webhook_port=70000)
    with pytest.raises(ValidationError, match="question_seconds"):
        Settings(data_dir=tmp_path, question_seconds=5)


def test_a_password_with_an_unencoded_at_sign_is_refused_without_printing_any_of_it() -> None:
    # Read as a URL, "p@ss" ends at its first '@' and "ss@127.0.0.1" becomes the host, which "can't reach ..."
    # printed: half the password in the log.
    url = "postgresql+asyncpg://quiz:p@ss@127.0.0.1:1/quiz"
    done = quiztutor({"QUIZ_DATABASE_URL": url}, "stats")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "QUIZ_DATABASE_URL: an '@' in it ends the password early" in done.stderr
    assert "ss@" not in done.stdout + done.stderr


@pytest.mark.parametrize("url", [
    "postgresql+asyncpg://u:ab/cd@SECRET@127.0.0.1:1/db",  # read as password "ab/cd", host "SECRET@127.0.0.1"
    "postgresql+asyncpg://u:my@SECRET/phrase@127.0.0.1:1/db",  # password "my", host "SECRET", database "phrase@..."
    "postgresql+asyncpg://u:p?SECRET@x@127.0.0.1:1/db",
])
def test_an_at_sign_anywhere_in_the_password_is_refused_without_printing_any_of_it(url: str) -> None:
    # A '/' in the password ended the authority early, so an '@' after it went unseen, and SQLAlchemy printed the
    # rest of the password as the host or the database in "can't reach ...".
    done = quiztutor({"QUIZ_DATABASE_URL": url}, "stats")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "QUIZ_DATABASE_URL: an '@' in it ends the password early" in done.stderr
    assert "write an '@' in the password (or the database name) as %40" in done.stderr
    assert "SECRET" not in done.stdout + done.stderr


@pytest.mark.parametrize("url", ["sqlite+aiosqlite:///data/team@one/quiz@v2.sqlite3",  # a path, no password
                                 "postgresql+asyncpg://u:p%40ss@[::1]:5432/db",
                                 "postgresql+asyncpg://quiz@server:pw@db.example.org/quiz",  # Azure's user@server
                                 "postgresql+asyncpg://quiz@db.example.org/team%40one",  # an '@' in the database
                                 "postgresql+asyncpg://u:pw@/db?host=/run/postgresql"])  # a Unix socket
def test_database_urls_without_a_stray_at_sign_are_taken_as_written(url: str) -> None:
    assert Settings(database_url=url).database_url == url


def test_a_password_given_in_the_query_is_not_shown_when_the_database_cant_be_reached() -> None:
    done = quiztutor({"QUIZ_DATABASE_URL": "postgresql+asyncpg://127.0.0.1:1/db?user=u&password=hunter2pw"}, "stats")
    assert done.returncode == 4, done.stdout + done.stderr
    assert "can't reach postgresql+asyncpg://127.0.0.1:1/db?password=***&user=u:" in done.stderr, done.stderr
    assert "hunter2pw" not in done.stdout + done.stderr


def test_an_option_in_the_query_the_driver_doesnt_take_is_named_with_exit_4_not_a_type_error() -> None:
    done = quiztutor({"QUIZ_DATABASE_URL": "postgresql+asyncpg://127.0.0.1:1/db?sslpassword=hunter2pw"}, "stats")
    assert done.returncode == 4, done.stdout + done.stderr
    assert "QUIZ_DATABASE_URL's query names an option the database driver doesn't take (" in done.stderr
    assert "'sslpassword'" in done.stderr and "hunter2pw" not in done.stderr


@pytest.mark.parametrize(("query", "command"), [("command_timeout=60s", "stats"),  # asyncpg's own check
                                                ("statement_cache_size=many", "stats"),  # a TypeError in asyncpg
                                                ("prepared_statement_cache_size=x", "stats"),  # SQLAlchemy's int()
                                                ("timeout=abc", "play")])  # SQLite's, read by SQLAlchemy
def test_an_option_value_the_driver_cant_take_is_the_database_url_with_exit_4(tmp_path: Path, query: str,
                                                                               command: str) -> None:
    # Before: exit 1 and "ValueError: invalid literal for int() with base 10: 'x'" or "TypeError: '<' not supported
    # between instances of 'str' and 'int'", as for a bug.
    url = (f"sqlite+aiosqlite:///{tmp_path}/quiz.sqlite3" if command == "play" else "postgresql+asyncpg://127.0.0.1:1/db")
    done = quiztutor({"QUIZ_DATABASE_URL": f"{url}?{query}"}, command)
    assert done.returncode == 4, done.stdout + done.stderr
    assert "QUIZ_DATABASE_URL's query gives an option a value the database driver can't take (" in done.stderr


@pytest.mark.parametrize(("url", "problem"), [
    ("postgresql+asyncpg://u@127.0.0.1:abc/db", "its host and port can't be read"),
    ("postgresql+asyncpg://u@[::1/db", "its host and port can't be read"),
    ("postgresql+asyncpg://u@127.0.0.1:99999/db", "its port is not a number from 1 to 65535"),
])
def test_a_database_url_that_cant_be_read_is_a_setting_to_fix_with_exit_2(url: str, problem: str) -> None:
    # Before: exit 1 and a ValueError or OverflowError from deep in the driver.
    done = quiztutor({"QUIZ_DATABASE_URL": url}, "stats")
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"QUIZ_DATABASE_URL: {problem}" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr



@pytest.mark.parametrize("url", ["postgresql+asyncpg://127.0.0.1:1/quiz?user=a@b",  # read as user 127.0.0.1, host b
                                 "postgresql+asyncpg://quiz@127.0.0.1:1/quiz?user=a@b@c",  # refused: host b@c
                                 "postgresql+asyncpg://127.0.0.1:1?user=a@b"])  # no database: the query after ':1'
def test_an_at_sign_in_the_query_is_the_querys_not_the_end_of_a_password(url: str) -> None:
    done = quiztutor({"QUIZ_DATABASE_URL": url}, "stats")
    assert done.returncode == 4, done.stdout + done.stderr  # the database can't be reached, at the right host
    assert "can't reach postgresql+asyncpg://" in done.stderr and "127.0.0.1', 1)" in done.stderr, done.stderr
    assert "***" not in done.stderr  # no part of the URL was taken for a password


def test_a_password_with_a_slash_or_a_question_mark_is_still_read_as_sqlalchemy_reads_it() -> None:
    for url, password in [("postgresql+asyncpg://u:p/s@h/db?x=a@b", "p/s"), ("postgresql+asyncpg://u:p?s@h/db", "p?s")]:
        parsed = make_url(Settings(database_url=url).database_url or "")
        assert (parsed.password, parsed.host, parsed.query.get("x")) == (password, "h", "a@b" if "x=" in url else None)


def test_a_bot_api_url_without_its_bot_path_is_refused_at_start_up_not_glued_to_the_token(tmp_path: Path) -> None:
    # PTB appends the token as it is: http://127.0.0.1:9 + token made 'InvalidURL: Invalid port' after retries.
    done = quiztutor({"QUIZ_TELEGRAM_TOKEN": "123456:AAE-x", "QUIZ_TELEGRAM_API_URL": "http://127.0.0.1:9",
                      "QUIZ_DATA_DIR": str(tmp_path)}, "run")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.splitlines() == [
        "quiztutor: invalid configuration:",
        "  QUIZ_TELEGRAM_API_URL: must end in /bot, as a Bot API server's address does (such as "
        "http://127.0.0.1:8081/bot): the token is appended to it"], done.stderr


@pytest.mark.parametrize(("variable", "value", "reason", "example"), [
    ("QUIZ_TELEGRAM_WEBHOOK_URL", "quiz.example.org/telegram", "relative URL without a base",
     "https://quiz.example.org/telegram"),
    ("QUIZ_TELEGRAM_API_URL", "localhost:8081/bot", "URL scheme should be 'http' or 'https'",
     "http://127.0.0.1:8081/bot"),
])
def test_a_url_that_is_none_says_how_to_write_it(variable: str, value: str, reason: str, example: str) -> None:
    # pydantic alone said "Input should be a valid URL, relative URL without a base": no word of what to write.
    done = quiztutor({variable: value, "QUIZ_TELEGRAM_WEBHOOK_SECRET": SECRET}, "validate", str(FIXTURES))
    assert done.returncode == 2, done.stderr
    assert f"  {variable}: is not an http:// or https:// URL ({reason}): write it whole, such as {example}" \
        in done.stderr.splitlines(), done.stderr
