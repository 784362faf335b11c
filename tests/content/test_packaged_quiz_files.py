"""The installed package (the Docker image's `pip install .`) ships every quiz file the loader reads: a quiz saved
as fsdp.yml served from a checkout but was left out of the image, so the shipped content differed there."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest

from bot.content.loader import is_quiz_file

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["fsdp.yaml", "fsdp.yml", "FSDP.YAML", "Fsdp.Yml"])
def test_every_name_the_loader_reads_as_a_quiz_is_in_the_packages_data(name: str) -> None:
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = settings["tool"]["setuptools"]["package-data"]["content"]
    assert is_quiz_file(Path("quizzes") / name)
    assert any(fnmatch.fnmatchcase(f"quizzes/{name}", pattern) for pattern in patterns), (name, patterns)
