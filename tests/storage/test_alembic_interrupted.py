"""Ctrl-C during `alembic -c storage/alembic.ini ...` (a database slow to answer, a long migration) ends it as
`quiztutor`'s commands end: exit 130 and a line saying so, not a KeyboardInterrupt traceback through asyncio."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from adapters.cli.exit_codes import ExitCode
from tests.storage.test_alembic_command_database import ALEMBIC_INI


def test_ctrl_c_while_it_connects_exits_130_in_one_line(tmp_path: Path) -> None:
    # A server that takes the connection and never answers: the command waits there until interrupted.
    with socket.create_server(("127.0.0.1", 0)) as silent:
        url = f"postgresql+asyncpg://quiz:s3cret-pw@127.0.0.1:{silent.getsockname()[1]}/quiz"
        clean = {key: value for key, value in os.environ.items() if not key.startswith("QUIZ_")}
        process = subprocess.Popen([sys.executable, "-m", "alembic", "-c", str(ALEMBIC_INI), "upgrade", "head"],
                                   cwd=tmp_path, env={**clean, "QUIZ_DATABASE_URL": url}, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            silent.settimeout(60)
            connection, _address = silent.accept()  # it is connecting now, past its imports
            with connection:
                connection.settimeout(60)
                # Its first message (asyncpg's SSLRequest): it waits for the answer. Not sooner, in the instant the
                # socket is made, where asyncpg's cancelled connect leaves a "Future exception was never retrieved".
                assert len(connection.recv(8)) == 8
                process.send_signal(signal.SIGINT)
                out, err = process.communicate(timeout=60)
        finally:
            process.kill()
    assert process.returncode == ExitCode.INTERRUPTED, (process.returncode, out, err[-3000:])
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-3000:]
    assert "s3cret-pw" not in out + err, out + err
    assert err.strip().splitlines() == ["alembic: interrupted (Ctrl-C); `alembic -c storage/alembic.ini current` "
                                        "says at which schema the database is"], err
