"""Path and URL settings as `docker run --env-file` passes them, literally: a Windows line's CR or quotes around
the value are refused naming the variable (exit 2), not made into a folder named `"` or `data\r`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.settings import Settings
from adapters.telegram.spec import TelegramSettings
from tests.adapters.test_settings_from_environment import FIXTURES

CR = "ends in a carriage return (\\r): the env file has Windows (CRLF) line endings"
QUOTED = "is wrapped in quotes"


def quiztutor_in(folder: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    return subprocess.run([sys.executable, "-m", "adapters.cli.main", *args], env={**clean, **env}, cwd=folder,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(("variable", "value", "said"), [
    ("QUIZ_DATA_DIR", "{tmp}/data\r", CR),
    ("QUIZ_DATA_DIR", '"{tmp}/data"', QUOTED),
    ("QUIZ_DATA_DIR", "'{tmp}/data'", QUOTED),
    ("QUIZ_DATA_DIR", "{tmp}/data ", "starts or ends with a space"),
    ("QUIZ_CONTENT_DIR", "\"{fixtures}\"", QUOTED),
    ("QUIZ_DATABASE_URL", "sqlite+aiosqlite:///{tmp}/quiz.sqlite3\r", CR),
    ("QUIZ_DATABASE_URL", '"sqlite+aiosqlite:///{tmp}/quiz.sqlite3"', QUOTED),
    ("QUIZ_HTTP_HOST", "'127.0.0.1'", QUOTED),
])
def test_a_path_or_url_as_an_env_file_left_it_is_refused_naming_the_variable(
        tmp_path: Path, variable: str, value: str, said: str) -> None:
    work = tmp_path / "work"  # where a relative, quoted path's folders were made
    work.mkdir()
    env = {"QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_DATA_DIR": str(tmp_path / "data"),
           variable: value.format(tmp=tmp_path, fixtures=FIXTURES)}
    done = quiztutor_in(work, env, "play")
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"  {variable}: {said}" in done.stderr, done.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["work"] and not any(work.iterdir())


@pytest.mark.parametrize(("variable", "value"), [
    ("QUIZ_TELEGRAM_WEBHOOK_URL", '"https://quiz.example.org/hook"'),
    ("QUIZ_TELEGRAM_API_URL", "http://127.0.0.1:8081/bot\r"),
])
def test_telegrams_urls_are_checked_alike(tmp_path: Path, variable: str, value: str) -> None:
    env = {"QUIZ_TELEGRAM_TOKEN": "1:x", "QUIZ_TELEGRAM_WEBHOOK_SECRET": "a-webhook-secret-of-32-characters",
           variable: value}
    done = quiztutor_in(tmp_path, env, "validate", str(FIXTURES))
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"  {variable}: {CR if value.endswith(chr(13)) else QUOTED}" in done.stderr, done.stderr


def test_quotes_inside_a_value_are_its_own() -> None:
    """A password in a URL may hold quotes (percent-encoded or not), a folder an apostrophe."""
    url = "postgresql+asyncpg://quiz:it's%22\"@db.example.org/quiz"
    settings = Settings(database_url=url, data_dir=Path("/srv/it's here"), content_dir=FIXTURES)
    assert (settings.database_url, settings.data_dir) == (url, Path("/srv/it's here"))
    hook = TelegramSettings(webhook_url="https://quiz.example.org/it's",
                            webhook_secret="a-webhook-secret-of-32-characters")
    assert hook.webhook_url == "https://quiz.example.org/it's"


@pytest.mark.parametrize(("variable", "value", "said"), [
    ("QUIZ_HTTP_PORT", '"8080"', QUOTED),
    ("QUIZ_QUESTION_SECONDS", "30\r", CR),
    ("QUIZ_LOG_LEVEL", "'DEBUG'", QUOTED),
    ("QUIZ_DISCORD_POLL_HOURS", '"24"', QUOTED),
    ("QUIZ_TELEGRAM_MESSAGES_PER_SECOND", "15\r", CR),
])
def test_a_number_or_a_word_as_an_env_file_left_it_says_so_too(
        tmp_path: Path, variable: str, value: str, said: str) -> None:
    # Refused before as "Input should be a valid integer", which doesn't say what to change.
    done = quiztutor_in(tmp_path, {variable: value}, "validate", str(FIXTURES))
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"  {variable}: {said}" in done.stderr, done.stderr


def test_a_token_read_with_a_secret_files_line_break_is_still_taken() -> None:
    token = "123456:" + "A" * 35
    secret = TelegramSettings(token=token + "\r\n").token
    assert secret is not None and secret.get_secret_value() == token


@pytest.mark.parametrize(("variable", "token"), [
    ("QUIZ_TELEGRAM_TOKEN", '"123456:AAE-a-token_of_the-right-shape"'),
    ("QUIZ_TELEGRAM_TOKEN", "'123456:AAE-a-token_of_the-right-shape'"),
    ("QUIZ_DISCORD_TOKEN", '"MTIz.NDU2.a-token_of_the-right-shape"'),
])
def test_a_token_wrapped_in_quotes_is_refused_saying_so(tmp_path: Path, variable: str, token: str) -> None:
    # Refused before as "is not a bot token: @BotFather's look like 123456789:AAE...", which the token pasted
    # between quotes into an env file does, to the eye: the quotes went unnamed.
    done = quiztutor_in(tmp_path, {variable: token}, "validate", str(FIXTURES))
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"  {variable}: {QUOTED}" in done.stderr, done.stderr
    assert token.strip("\"'") not in done.stdout + done.stderr
