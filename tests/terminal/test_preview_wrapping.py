"""`preview` of a question whose prompt or option takes more than a line: before, the prompt's second line began
at column 0, left of its options, and an option's went on under its dash; now each continues under its text."""

from __future__ import annotations

from itertools import takewhile
from pathlib import Path

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite

PROMPT = " ".join(["Which of these keeps the optimizer state sharded across every data-parallel rank"] * 3) + "?"
OPTION = " ".join(["Only its own shard of the parameters, the gradients and the optimizer state"] * 2)
QUIZ = f"""id: long
difficulty: easy
title: {{en: Long}}
description: {{en: Long lines.}}
questions:
  - id: one
    answer: "yes"
    prompt: {{en: "{PROMPT}"}}
    options:
      - {{id: "yes", text: {{en: "{OPTION}"}}}}
      - {{id: "no", text: {{en: "No"}}}}
    explanation: {{en: It does.}}
"""


async def test_a_wrapped_prompt_and_option_continue_under_their_text(tmp_path: Path) -> None:
    (tmp_path / "content" / "quizzes").mkdir(parents=True)
    (tmp_path / "content" / "quizzes" / "long.yaml").write_text(QUIZ, encoding="utf-8")
    async with services_on_sqlite(tmp_path, tmp_path / "content", seed=3) as services:
        io = ScriptedLineIO(["preview long", "quit"])
        await TerminalPlayer(services.engine, Actor("terminal", "tester", "terminal"), io).play(quiz=None)
    lines = io.transcript.splitlines()
    first = next(number for number, line in enumerate(lines) if line.startswith("1. Which of these"))
    option = next(number for number, line in enumerate(lines) if line.startswith("     - Only its own shard"))
    options = next(number for number in range(first, len(lines)) if lines[number].startswith("     - "))
    prompt_lines = lines[first:options]
    option_lines = [lines[option], *takewhile(lambda line: line.startswith("     ") and not line.startswith("     - "),
                                              lines[option + 1:])]
    assert len(prompt_lines) > 1 and len(option_lines) > 1, io.transcript  # both wrapped
    assert all(line.startswith("   ") and line[3] != " " for line in prompt_lines[1:]), prompt_lines
    assert " ".join(line.strip() for line in prompt_lines) == f"1. {PROMPT}"
    assert all(line.startswith("       ") and line[7] != " " for line in option_lines[1:]), option_lines
    assert " ".join(line.strip() for line in option_lines) == f"- {OPTION}"
