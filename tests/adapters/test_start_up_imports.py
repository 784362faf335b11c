"""The commands that never open the database start without importing its libraries (SQLAlchemy and Alembic take
about a second), so `quiztutor --help` and an author's `validate` answer at once."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.cli.exit_codes import ExitCode

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "content"
DATABASE_LIBRARIES = ("sqlalchemy", "alembic", "asyncpg", "aiosqlite")
# The settings name the default pool size, from a module of storage's own that imports nothing.
LIGHT = ("storage", "storage.pool_size")
# Runs a command as `quiztutor` does, then says on stderr's last line which of the database's libraries and of
# storage's modules were imported, however the command ended (argparse's --help ends it with SystemExit).
RUN_AND_LIST = (
    "import sys\n"
    "from adapters.cli.main import main\n"
    "try:\n"
    "    code = main(sys.argv[1:])\n"
    "finally:\n"
    f"    loaded = [name for name in {DATABASE_LIBRARIES!r} if name in sys.modules]\n"
    f"    loaded += sorted(name for name in sys.modules if name.startswith('storage') and name not in {LIGHT!r})\n"
    "    print('\\n' + repr(loaded), file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def run(tmp_path: Path, *args: str) -> tuple[int, list[str], str]:
    """The exit code, the database modules imported, and stdout with stderr; the shipped content (its schema file
    is kept up to date), and a data folder that must stay unmade."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run([sys.executable, "-c", RUN_AND_LIST, *args], capture_output=True, text=True, timeout=120,
                          env={**clean, "QUIZ_DATA_DIR": str(tmp_path / "data")})
    *before, last = done.stderr.rstrip("\n").split("\n")
    return done.returncode, json.loads(last.replace("'", '"')), done.stdout + "\n".join(before)


@pytest.mark.parametrize("args", [["--help"], ["play", "--help"], ["validate"], ["export"], ["schema", "--check"]],
                         ids=" ".join)
def test_commands_without_a_database_import_none_of_its_libraries(tmp_path: Path, args: list[str]) -> None:
    code, loaded, err = run(tmp_path, *args)
    assert code == ExitCode.OK, err
    assert loaded == [], err
    assert not (tmp_path / "data").exists()  # and, as before, they create no database


def test_invalid_content_is_still_refused_without_the_database_libraries(tmp_path: Path) -> None:
    broken = tmp_path / "content"
    shutil.copytree(FIXTURES, broken)
    next(broken.glob("quizzes/*.yaml")).write_text("id: [unclosed\n", encoding="utf-8")
    for command, expected in (("validate", ExitCode.FAILED), ("export", ExitCode.CONTENT)):
        code, loaded, err = run(tmp_path, command, str(broken))
        assert code == expected, err
        assert f"1 problem in {broken}:" in err, err
        assert loaded == [], err


def test_a_command_that_opens_the_database_still_reports_its_failure(tmp_path: Path) -> None:
    """The failures are told apart after the command fails, importing storage's then: still exit 4, one line."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run([sys.executable, "-m", "adapters.cli.main", "stats"], capture_output=True, text=True,
                          timeout=120, env={**clean, "QUIZ_CONTENT_DIR": str(FIXTURES),
                                            "QUIZ_DATABASE_URL": "mysql+nothing://x/y"})
    assert done.returncode == ExitCode.DATABASE, done.stderr
    assert "Traceback" not in done.stderr
    assert "the database can't be used" in done.stderr


def test_help_starts_without_the_engine() -> None:
    """The platforms' specs name the engine in annotations only: `--help` doesn't load it (a third of its time)."""
    listing = ("import sys\nfrom adapters.cli.main import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n"
               "    pass\nprint(sorted(n for n in sys.modules if n in ('bot.engine', 'bot.games.delivery')))\n")
    done = subprocess.run([sys.executable, "-c", listing], capture_output=True, text=True, timeout=120)
    assert done.stdout.rstrip().endswith("[]"), done.stdout + done.stderr
