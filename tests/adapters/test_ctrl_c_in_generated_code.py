"""Ctrl-C while `quiztutor play` (or `run`) still loads ended it about one time in six killed by SIGINT (a return
code of -2 to the process that started it, as if nothing had handled it) instead of exiting 130, though the entry
point caught the KeyboardInterrupt. CPython marks a KeyboardInterrupt that leaves code run by exec() of a string as
never handled, even once something catches it, and at exit kills itself with SIGINT; dataclasses build their
methods that way at import, while the commands load, so that is where the Ctrl-C often landed. Here the same mark
is made on purpose, by a KeyboardInterrupt out of an exec'd string, then caught: the entry point's exit code must
still be the process's. (A later exec() that ends well clears the mark: hence once the commands have loaded. And
only `python -m` acts on the mark: `python -m adapters.cli.main`, as the tests start it; the `quiztutor` script
exits as SystemExit says.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.adapters.test_settings_from_environment import FIXTURES

CAUGHT_IN_EXEC = """
import sys
from adapters.cli.main import main
main(sys.argv[1:])  # the commands loaded: no exec() of theirs clears the mark after the one below
try:
    exec("raise KeyboardInterrupt")  # as a Ctrl-C landing while a dataclass's methods are built
except KeyboardInterrupt:
    pass
sys.exit(main(sys.argv[1:]))
"""


def test_a_ctrl_c_caught_after_generated_code_still_ends_with_the_entry_points_exit_code(tmp_path: Path) -> None:
    (tmp_path / "caught_in_exec.py").write_text(CAUGHT_IN_EXEC, encoding="utf-8")
    clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
    done = subprocess.run([sys.executable, "-m", "caught_in_exec", "validate", str(FIXTURES)],
                          env={**clean, "PYTHONPATH": str(tmp_path)}, stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stderr == "", done.stderr
