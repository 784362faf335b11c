"""A throwaway PostgreSQL cluster (tests/pg_cluster.py) outlived a test run killed without its finalizers (SIGTERM
from `timeout` or a CI job's cancel, SIGKILL): `pg_ctl start` detaches the server, so every killed run left one
running in /tmp, and with pytest-xdist one per worker. Its watchdog now stops it once its owner is gone."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.pg_cluster import as_postgres_user, pg_bindir

ROOT = Path(__file__).resolve().parents[2]
OWNER = """
import sys, time
from tests.pg_cluster import Cluster, pg_bindir
cluster = Cluster(pg_bindir())
cluster.start()
print(cluster.root, flush=True)
time.sleep(600)
"""


def server_running(root: Path) -> bool:
    return (root / "data" / "postmaster.pid").is_file()


def test_a_cluster_whose_owner_was_killed_is_stopped_and_removed() -> None:
    bindir = pg_bindir()
    if bindir is None:
        pytest.skip("no PostgreSQL server binaries")
    owner = subprocess.Popen([sys.executable, "-c", OWNER], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    root = None
    try:
        assert owner.stdout is not None
        root = Path(owner.stdout.readline().strip())
        assert server_running(root)
        owner.send_signal(signal.SIGKILL)
        owner.wait(timeout=10)
        deadline = time.monotonic() + 20
        while root.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not root.exists()  # before: the server still running, its directory there
    finally:
        owner.kill()
        owner.wait(timeout=10)
        if root is not None and server_running(root):  # a failed test's leftover: stopped here
            subprocess.run([*as_postgres_user(), str(bindir / "pg_ctl"), "-D", str(root / "data"), "-m",
                            "immediate", "-w", "stop"], cwd="/", capture_output=True, timeout=60, check=False)
        if root is not None:
            shutil.rmtree(root, ignore_errors=True)
