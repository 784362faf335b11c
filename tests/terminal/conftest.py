"""For the tests that run `quiztutor` as a learner's shell would: in its own process, on the fixture content."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    # A neutral locale: the terminal's LANG is a language hint, and these tests expect English by default. A
    # developer's LANGUAGE (en_US:en on many desktops) would come before a test's own LANG=sw_KE.UTF-8.
    inherited = {key: value for key, value in os.environ.items()
                 if key not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE") and not key.startswith("QUIZ_")}
    return {**inherited, "LANG": "C.UTF-8", "QUIZ_DATA_DIR": str(tmp_path / "data"),
            "QUIZ_CONTENT_DIR": str(FIXTURE_CONTENT), "PYTHONUNBUFFERED": "1"}
