"""Lines filled to the terminal's columns as the terminal counts them (wcwidth): a Yoruba tone mark is a combining
character that takes no column of its own, a wide (CJK) character takes two."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

from wcwidth import width as columns

from adapters.terminal.render import wrap

PROMPT = "Ẹ̀ka kọ̀ọ̀kan ń ṣiṣẹ́ lórí ìpín rẹ̀ nínú ọ̀pọ̀ GPU?"  # 43 columns, 51 characters
QUIZ = f"""id: marks
difficulty: easy
title: {{en: Marks, yo: Àmì}}
description: {{en: Tone marks., yo: Àmì ohùn.}}
questions:
  - id: one
    answer: "yes"
    prompt: {{en: "Does it fit?", yo: "{PROMPT}"}}
    options:
      - {{id: "yes", text: {{en: "Yes", yo: "Bẹ́ẹ̀ ni"}}}}
      - {{id: "no", text: {{en: "No", yo: "Rárá"}}}}
    explanation: {{en: It does., yo: Ó bá a mu.}}
"""


def test_a_yoruba_prompt_fills_a_40_column_terminal_counting_a_letter_and_its_tone_marks_as_one_column(
        env: dict[str, str], tmp_path: Path) -> None:
    """Each tone mark was counted as a column: the prompt's first line stopped at 35 columns, "ọ̀pọ̀" (4 more) put
    on the next line as if it ran past the 40th."""
    (tmp_path / "content" / "quizzes").mkdir(parents=True)
    (tmp_path / "content" / "quizzes" / "marks.yaml").write_text(QUIZ, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "adapters.cli.main", "play", "--lang", "yo", "--quiz", "marks"],
                            input="quit\n", env={**env, "COLUMNS": "40", "QUIZ_CONTENT_DIR": str(tmp_path / "content")},
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    first = lines.index("Ẹ̀ka kọ̀ọ̀kan ń ṣiṣẹ́ lórí ìpín rẹ̀ nínú ọ̀pọ̀")  # 39 columns: "GPU?" would be 44
    assert lines[first + 1] == "GPU?", result.stdout
    assert max(columns(part) for line in lines for part in line.split("> ")) <= 40, result.stdout


def test_a_word_longer_than_the_line_goes_whole_on_a_line_of_its_own_never_cut_from_its_tone_marks() -> None:
    letter = "e\u0323\u0300"  # "ẹ̀" as some texts spell it: a letter and two combining marks
    # 100 columns (300 characters): longer than a line at any width the terminal is given (40 to 88)
    assert wrap(f"ó {letter * 100} rí").splitlines() == ["ó", letter * 100, "rí"]


def test_spaces_inside_a_line_are_kept_and_no_break_spaces_hold_words_together() -> None:
    assert wrap("Collectives  [collectives]  moyen") == "Collectives  [collectives]  moyen"
    lines = wrap("Quelle collective\u00a0? " * 20, "  ", "    ").splitlines()
    assert len(lines) > 1 and "\n".join(lines).count("collective\u00a0?") == 20  # never "collective" / "?"


def test_a_reference_link_longer_than_the_line_is_printed_whole_on_a_line_of_its_own(env: dict[str, str]) -> None:
    """At 40 columns the link was cut where the line ended ("https://doc" / "s.nvidia.com/…"): the terminal saw
    two pieces, neither the page. Whole, the terminal folds it and still opens or copies it as one link."""
    result = subprocess.run([sys.executable, "-m", "adapters.cli.main", "play", "--quiz", "collectives"],
                            input="a\nquit\n", env={**env, "COLUMNS": "40"}, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    link = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/usage/collectives.html"
    assert result.stdout.splitlines().count(link) == 1, result.stdout


def test_output_piped_on_from_a_terminal_is_wrapped_to_that_terminal(env: dict[str, str]) -> None:
    """``quiztutor play | tee session.txt`` on a 60-column terminal: stdout is a pipe, so lines were filled to 88
    columns, and the terminal broke each longer one mid-word. The learner's terminal is still stderr's."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 60, 0, 0))
    try:
        result = subprocess.run([sys.executable, "-m", "adapters.cli.main", "play", "--lang", "sn", "--quiz",
                                 "collectives"], input="a\nhelp\nquit\n", stdout=subprocess.PIPE, stderr=follower,
                                env={key: value for key, value in env.items() if key != "COLUMNS"}, text=True,
                                timeout=60)
    finally:
        os.close(follower)
        os.close(leader)
    assert result.returncode == 0
    shown = [part for line in result.stdout.splitlines() for part in line.split("> ")
             if not part.startswith("https://")]
    assert max(columns(part) for part in shown) <= 60, result.stdout


def test_an_escape_sequence_typed_into_a_wrapped_reply_is_shown_once_as_typed(env: dict[str, str]) -> None:
    """"language ESC[1mfr" was said back with the escape turned inert, but only after the line was filled: the
    wrapper took it for a real bold, counted it as no columns and closed and reopened it around each break, so the
    learner read "\\x1b[0m" and "\\x1b[1m" they never typed, on lines past the terminal's width."""
    result = subprocess.run([sys.executable, "-m", "adapters.cli.main", "play", "--quiz", "collectives"],
                            input="language \x1b[1mfr\nquit\n", env={**env, "COLUMNS": "40"}, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    said = result.stdout.split("> ")[1]  # after the first prompt: the refusal
    assert "\x1b" not in said and said.count("\\x1b") == 1 and "\\x1b[1mfr" in said, said
    assert max(columns(part) for line in said.splitlines() for part in line.split("> ")) <= 40, said
