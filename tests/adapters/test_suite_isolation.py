"""The tests never use the QUIZ_* settings of the shell they run in: a developer's own database stays untouched."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_developers_own_quiz_settings_never_reach_the_tests(tmp_path: Path) -> None:
    own_database = tmp_path / "production.sqlite3"
    env = {**os.environ, "QUIZ_DATABASE_URL": f"sqlite+aiosqlite:///{own_database}", "QUIZ_QUESTION_SECONDS": "30"}
    tests = ["tests/adapters/test_language_known.py", "tests/adapters/test_time_limit_setting.py"]
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:]
    assert not own_database.exists()
