"""`quiztutor play < /dev/zero` (or any endless input without a line break): a line is cut to LINE_BYTES as read, so
memory stays bounded. It read the whole "line" first, growing until the kernel's OOM killer ended it (gigabytes
within seconds, on a shared machine)."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.adapters.test_settings_from_environment import FIXTURES

LIMIT = 1 << 30  # address space: the game needs a fraction; reading without end reached it in about a second


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_line_keeps_memory_bounded_and_ctrl_c_still_ends_it(tmp_path: Path) -> None:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    env = {**clean, "QUIZ_CONTENT_DIR": str(FIXTURES), "QUIZ_DATA_DIR": str(tmp_path / "data")}
    with Path("/dev/zero").open("rb") as zero:
        game = subprocess.Popen([sys.executable, "-m", "adapters.cli.main", "play"], env=env, stdin=zero,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=limited)
    try:
        time.sleep(5)
        assert game.poll() is None, game.communicate()[1]  # not dead of MemoryError
        game.send_signal(signal.SIGINT)
        _out, err = game.communicate(timeout=30)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 130, err
    assert "Traceback" not in err and "MemoryError" not in err, err
