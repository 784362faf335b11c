"""A platform's library is an extra (`scripts/play` installs none): with its token set and the library missing,
`run` and the platform's own commands (`discord-sync`) say so as a setting to fix (exit 2), with how to install it
from the clone, where QuizTutor comes from.

`discord-sync` failed with `ModuleNotFoundError: No module named 'discord'` (exit 1), and `run` told to
`pip install 'quiz-tutor[telegram]'`, a package no index serves: QuizTutor is installed from its folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode
from tests.conftest import FIXTURE_CONTENT
from tests.discord.payloads import TOKEN as DISCORD_TOKEN
from tests.support.schema_revisions import at_previous_revision, previous_revision, revision
from tests.telegram.telegram_harness import TOKEN as TELEGRAM_TOKEN

# The library made unimportable, as in a .venv that scripts/play set up: `import discord` raises
# ModuleNotFoundError, as it does when the package isn't installed.
WITHOUT = ("import sys\nsys.modules[{library!r}] = None\nfrom adapters.cli.main import main\n"
           "sys.exit(main(sys.argv[1:]))")


def quiztutor(tmp_path: Path, library: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    return subprocess.run([sys.executable, "-c", WITHOUT.format(library=library), *args], capture_output=True,
                          text=True, timeout=60, env={**clean, "QUIZ_DATA_DIR": str(tmp_path),
                                                      "QUIZ_CONTENT_DIR": str(FIXTURE_CONTENT), **env})


@pytest.mark.parametrize(("title", "library", "variable", "token", "command"), [
    ("Telegram", "telegram", "QUIZ_TELEGRAM_TOKEN", TELEGRAM_TOKEN, "run"),
    ("Discord", "discord", "QUIZ_DISCORD_TOKEN", DISCORD_TOKEN, "run"),
    ("Discord", "discord", "QUIZ_DISCORD_TOKEN", DISCORD_TOKEN, "discord-sync"),
])
def test_a_missing_library_is_a_setting_to_fix_with_how_to_install_it(
        tmp_path: Path, title: str, library: str, variable: str, token: str, command: str) -> None:
    extra = library  # the pip extra is named after the platform: quiz-tutor[telegram]
    done = quiztutor(tmp_path, library, command, **{variable: token})
    assert done.returncode == ExitCode.CONFIGURATION, done.stderr
    assert done.stderr.splitlines() == [
        "quiztutor: invalid configuration:",
        f"  {variable}: is set, but {title}'s library ({library}) isn't installed: in the QuizTutor folder, run "
        f"scripts/bootstrap {extra} (or, in an environment of your own, pip install -e '.[{extra}]')"]


@pytest.mark.parametrize(("library", "variable", "token"), [
    ("telegram", "QUIZ_TELEGRAM_TOKEN", TELEGRAM_TOKEN), ("discord", "QUIZ_DISCORD_TOKEN", DISCORD_TOKEN)])
async def test_a_missing_library_is_said_before_the_database_is_migrated(
        any_database_url: str, tmp_path: Path, library: str, variable: str, token: str) -> None:
    """`run` migrated the database first: a release installed without its platform's extra upgraded a shared
    PostgreSQL's schema under the older replicas, then exited 2."""
    database = await at_previous_revision(any_database_url)
    done = quiztutor(tmp_path, library, "run", **{variable: token, "QUIZ_DATABASE_URL": database})
    assert done.returncode == ExitCode.CONFIGURATION, done.stderr
    assert await revision(database) == previous_revision()
