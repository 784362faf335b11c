"""`quiztutor validate` and `schema` on a folder whose name isn't UTF-8 (a Latin-1 "café" from an old disk or
archive): Python keeps its bytes as lone surrogates, which standard output in a UTF-8 locale refuses to encode, so
they failed with "UnicodeEncodeError ... surrogates not allowed" (exit 1) in place of their verdict. The name is
shown escaped, as the files' names in it already were."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest

from adapters.cli.catalog_tools import SCHEMA_FILE, validate, write_schema
from adapters.platforms import chat_platforms
from tests.core.content_files import a_quiz, write

ROOT = Path(__file__).resolve().parents[2]


def latin1_folder(tmp_path: Path) -> Path:
    folder = tmp_path / os.fsdecode(b"caf\xe9")  # "caf\udce9" in Python
    try:
        folder.mkdir()
    except (OSError, UnicodeEncodeError):  # a file system that takes only UTF-8 names (macOS's)
        pytest.skip("this file system refuses names that aren't UTF-8")
    return folder


def run_validate(content_dir: Path) -> tuple[int, list[str]]:
    """Printed as to a UTF-8 terminal (en_US.UTF-8's stdout refuses a lone surrogate)."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", errors="strict")
    code = validate(content_dir, {spec.name: spec.poll_limits for spec in chat_platforms()}, out)
    out.flush()
    return code, raw.getvalue().decode("utf-8").splitlines()


def test_the_summary_names_such_a_folder_escaped(tmp_path: Path) -> None:
    content = latin1_folder(tmp_path)
    write(content, "sample.yaml", a_quiz())
    code, lines = run_validate(content)
    assert (code, lines[0]) == (0, f"OK: 1 quiz, 2 questions in {tmp_path}/caf\\udce9")


def test_its_problems_name_it_escaped(tmp_path: Path) -> None:
    content = latin1_folder(tmp_path)
    write(content, "sample.yaml", "id: [\n")
    code, lines = run_validate(content)
    assert (code, lines[0]) == (1, f"1 problem in {tmp_path}/caf\\udce9:")


def test_a_locales_folder_of_such_a_name_is_named_escaped(tmp_path: Path) -> None:
    content = tmp_path / "content"
    write(content, "sample.yaml", a_quiz())
    shutil.copytree(ROOT / "content" / "locales", content / "locales")
    latin1_folder(content / "locales")
    code, lines = run_validate(content)
    assert code == 0
    assert any(line.startswith(f"{content}/locales/caf\\udce9 is not read: 'caf\\udce9' isn't") for line in lines)


def test_schema_names_its_file_in_such_a_folder_escaped(tmp_path: Path) -> None:
    """`quiztutor schema` and `schema --check` print the file they wrote or checked."""
    content = latin1_folder(tmp_path)
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", errors="strict")
    codes = [write_schema(content, check=True, out=out), write_schema(content, check=False, out=out),
             write_schema(content, check=True, out=out)]
    out.flush()
    shown = f"{tmp_path}/caf\\udce9/{SCHEMA_FILE}"
    assert (codes, raw.getvalue().decode("utf-8").splitlines()) == ([1, 0, 0], [
        f"{shown} is missing: run `quiztutor schema` to write it", f"wrote {shown}", f"{shown} is up to date"])
