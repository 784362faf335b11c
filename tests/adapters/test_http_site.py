"""A port the process may not listen on is a setting to fix, named, like a port in use."""

from __future__ import annotations

import errno
import os

from adapters.http_site import listen_failure


def test_a_port_the_process_may_not_open_names_the_variable() -> None:
    # What the kernel raises for an unprivileged process on port 443. Root (the tests' usual user here) may bind
    # any port, so the error is made as the system makes it rather than provoked.
    refused = PermissionError(errno.EACCES, os.strerror(errno.EACCES))
    failure = listen_failure(refused, "127.0.0.1", 443, "QUIZ_HTTP_HOST", "QUIZ_HTTP_PORT")
    assert failure.problems == [("QUIZ_HTTP_PORT", "can't listen on port 443: Permission denied")]
