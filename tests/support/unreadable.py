"""Files and folders chmod made unreadable, and a command that chmod's denials hold for.

Root reads through any mode (CAP_DAC_OVERRIDE), and the suite may run as root (a container's CI): there the
command runs through setpriv without the two capabilities that bypass file modes, as any other user runs it.
A test skips when neither way denies (root without setpriv)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

_BYPASSING = "-dac_override,-dac_read_search"


def unprivileged() -> list[str]:
    """What to put before a command so that file modes hold for it: nothing for a user other than root."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("runs as root, and without setpriv no command can be denied a file by its mode")
    return [setpriv, f"--inh-caps={_BYPASSING}", f"--bounding-set={_BYPASSING}"]


@contextlib.contextmanager
def unreadable(path: Path) -> Iterator[None]:
    """``path`` with mode 000 while the block runs (its mode back after, so the test's folder can be removed);
    the test is skipped if an unprivileged() command can still list or read it."""
    mode = path.stat().st_mode & 0o7777
    path.chmod(0)
    try:
        # Says "denied" itself: a setpriv that can't drop the capabilities (a container without CAP_SETPCAP) fails
        # too, and must skip the test, not pass for a denial.
        probe = ("import os, sys\np = sys.argv[1]\n"
                 "try:\n    os.listdir(p) if os.path.isdir(p) else open(p, 'rb').close()\n"
                 "except PermissionError:\n    print('denied')")
        said = subprocess.run([*unprivileged(), sys.executable, "-c", probe, str(path)], capture_output=True,
                              text=True, check=False).stdout
        if said.strip() != "denied":
            pytest.skip(f"mode 000 doesn't deny {path} here")
        yield
    finally:
        path.chmod(mode)
