"""`quiztutor play` as a learner uses it: a real process, stdin and stdout, a real SQLite file."""

from __future__ import annotations

import codecs
import os
import pty
import re
import select
import shlex
import signal
import subprocess
import sys
import time

import pytest

CORRECT_FR = {1: "All-reduce (réduction totale)", 2: "All-gather (collecte totale)", 3: "NVLink"}


def quiztutor(*args: str) -> list[str]:
    return [sys.executable, "-m", "adapters.cli.main", *args]


def option_number(transcript: str, question: int, wanted: str) -> str:
    """The number shown next to ``wanted`` under "Question N sur 3" (options are shuffled per session)."""
    block = transcript.split(f"Question {question} sur 3")[-1]
    for number, text in re.findall(r"^  (\d)\) (.+)$", block, flags=re.MULTILINE):
        if text.strip() == wanted:
            return number
    raise AssertionError(f"option {wanted!r} not shown for question {question}:\n{block}")


class Learner:
    """A `quiztutor play` process we type into, reading its output as it comes."""

    def __init__(self, env: dict[str, str], *args: str) -> None:
        self.process = subprocess.Popen(quiztutor("play", *args), env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self.transcript = ""

    def wait_for(self, text: str, timeout: float = 30) -> str:
        fd = self.process.stdout.fileno()  # type: ignore[union-attr]
        deadline = time.monotonic() + timeout
        while text not in self.transcript:
            if time.monotonic() > deadline:
                raise AssertionError(f"never saw {text!r}; transcript:\n{self.transcript}")
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise AssertionError(f"exited before {text!r}; transcript:\n{self.transcript}")
                self.transcript += self._decoder.decode(chunk)
        return self.transcript

    def finish(self) -> None:
        """Wait for the process to exit and collect the rest of its output."""
        rest = self.process.stdout.buffer.read() if hasattr(self.process.stdout, "buffer") else b""  # type: ignore
        self.process.wait(timeout=30)
        self.transcript += self._decoder.decode(rest, final=True)

    def type(self, line: str) -> None:
        self.process.stdin.write(line + "\n")  # type: ignore[union-attr]
        self.process.stdin.flush()  # type: ignore[union-attr]


def test_a_whole_quiz_in_french_ends_with_the_score_and_each_question(env: dict[str, str]) -> None:
    learner = Learner(env, "--lang", "fr", "--quiz", "collectives", "--user", "amara")
    learner.wait_for("Question 1 sur 3")
    learner.type(option_number(learner.transcript, 1, CORRECT_FR[1]))
    learner.wait_for("Question 2 sur 3")
    wrong = "1" if option_number(learner.transcript, 2, CORRECT_FR[2]) != "1" else "2"
    learner.type(wrong)
    learner.wait_for("Question 3 sur 3")
    learner.type(option_number(learner.transcript, 3, CORRECT_FR[3]))
    learner.wait_for("3.")
    learner.type("quit")
    learner.finish()
    transcript = learner.transcript
    assert learner.process.returncode == 0
    assert "Quelle collective laisse la somme de tous les gradients" in transcript
    assert "All-reduce additionne sur tous les rangs" in transcript  # the French explanation
    assert "Which link usually carries tensor-parallel traffic" in transcript  # English-only question, whole
    assert re.search(r"\[\+\] 1\. .*\n\[-\] 2\. .*\n\[\+\] 3\. ", transcript), transcript


def test_kill_9_mid_quiz_then_the_same_command_resumes_at_the_same_question(env: dict[str, str]) -> None:
    first = Learner(env, "--lang", "fr", "--quiz", "collectives", "--user", "kofi")
    first.wait_for("Question 1 sur 3")
    first.type(option_number(first.transcript, 1, CORRECT_FR[1]))
    first.wait_for("Question 2 sur 3")
    first.process.send_signal(signal.SIGKILL)
    first.process.wait(timeout=10)

    second = Learner(env, "--quiz", "collectives", "--user", "kofi")
    second.wait_for("Question 2 sur 3")
    second.type("quit")
    second.finish()
    assert "Question 1 sur 3" not in second.transcript
    assert "Quelle collective reconstruit un tenseur complet" in second.transcript  # still French: stored choice

    progress = subprocess.run(quiztutor("play", "--user", "kofi"), input="progress\nquit\n", env=env,
                              capture_output=True, text=True, timeout=60)
    assert re.search(r"en cours\s:\sréponses 1 sur 3, justes\s:\s1", progress.stdout), progress.stdout  # kept, French


def test_odd_input_gets_a_clear_reply_and_never_crashes(env: dict[str, str]) -> None:
    odd = ["", "   ", "abc", "0", "99", "-1", "ñ€漢字", "x" * 10_000, "\x1b[A", "preview nothing-like-this",
           "language klingon", "quiz no-such-quiz", "1", "quit"]
    result = subprocess.run(quiztutor("play", "--quiz", "collectives", "--user", "odd"), input="\n".join(odd) + "\n",
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "Please type a number from 1 to 3" in result.stdout
    assert "Please choose one of the options, 1 to 3." in result.stdout  # "0", "99", "-1"... out of range
    assert "There is no quiz called “nothing-like-this”." in result.stdout
    assert "I don't speak “klingon”." in result.stdout
    assert "Question 2 of 3" in result.stdout  # the "1" after all that still counted


def test_a_reply_that_is_no_number_is_answered_in_the_learners_language(env: dict[str, str]) -> None:
    result = subprocess.run(quiztutor("play", "--quiz", "collectives", "--user", "amani", "--lang", "sw"),
                            input="abc\nquit\n", env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Tafadhali andika namba kutoka 1 hadi 3, au “help”." in result.stdout


def test_a_line_of_megabytes_is_cut_short_and_the_next_line_still_counts(env: dict[str, str]) -> None:
    huge = "x" * 3_000_000  # beyond any read buffer: it must not end the session
    result = subprocess.run(quiztutor("play", "--quiz", "collectives", "--user", "huge"),
                            input=f"{huge}\n1\nquit\n", env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Traceback" not in result.stdout + result.stderr
    assert "Please type a number from 1 to 3" in result.stdout
    assert "Question 2 of 3" in result.stdout


def test_playing_in_a_terminal_leaves_it_blocking_for_the_output_and_for_the_shell_after(
        env: dict[str, str]) -> None:
    # stdin, stdout and the shell share one open terminal; asyncio's reader makes what it reads non-blocking.
    controller, terminal = pty.openpty()
    screen = b""

    def wait_for_prompt(number: int) -> None:
        nonlocal screen
        deadline = time.monotonic() + 30
        while screen.count(b"> ") < number:
            assert time.monotonic() < deadline, screen.decode(errors="replace")
            if select.select([controller], [], [], 0.1)[0]:
                screen += os.read(controller, 65536)

    try:
        process = subprocess.Popen(quiztutor("play", "--user", "tty"), env=env, stdin=terminal, stdout=terminal,
                                   stderr=terminal)
        wait_for_prompt(1)
        os.write(controller, b"help\n")
        wait_for_prompt(2)  # a line was read, so the reader is in place
        blocking_while_playing = os.get_blocking(terminal)
        os.write(controller, b"quit\n")
        assert process.wait(timeout=30) == 0
        assert blocking_while_playing, "stdout could fail with BlockingIOError on a slow terminal"
        assert os.get_blocking(terminal), "the shell's terminal was left non-blocking"
    finally:
        os.close(controller)
        os.close(terminal)


def test_stdin_from_dev_null_ends_at_once_like_an_empty_pipe(env: dict[str, str]) -> None:
    with open(os.devnull) as nothing:
        result = subprocess.run(quiztutor("play", "--quiz", "collectives", "--user", "null"), stdin=nothing,
                                env=env, capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stderr) == (0, "")  # no traceback, no warning: a plain goodbye
    assert "Bye! Your progress is saved" in result.stdout


@pytest.mark.parametrize("closed", ["<&-", "<&- >&-"])
def test_a_closed_stdin_ends_at_once_and_a_closed_stdout_shows_nothing(env: dict[str, str], closed: str) -> None:
    command = shlex.join(quiztutor("play", "--quiz", "collectives", "--user", "closed"))
    result = subprocess.run(["sh", "-c", f"exec {command} {closed}"], env=env, capture_output=True, text=True,
                            timeout=60)
    assert (result.returncode, result.stderr) == (0, "")
    assert ("Bye! Your progress is saved" in result.stdout) is (">&-" not in closed)


def test_end_of_input_saves_and_says_goodbye(env: dict[str, str]) -> None:
    result = subprocess.run(quiztutor("play", "--quiz", "collectives", "--user", "eof"), input="",
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert "Bye! Your progress is saved" in result.stdout


def test_the_terminals_locale_picks_the_language_when_none_was_chosen(env: dict[str, str]) -> None:
    result = subprocess.run(quiztutor("play", "--user", "lang"), input="quit\n", env={**env, "LANG": "sw_KE.UTF-8"},
                            capture_output=True, text=True, timeout=60)
    assert "Karibu QuizTutor!" in result.stdout


def test_an_unsupported_language_on_the_command_line_is_a_usage_error(env: dict[str, str]) -> None:
    result = subprocess.run(quiztutor("play", "--lang", "de"), env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "unsupported language 'de'" in result.stderr


def test_a_bad_setting_names_its_variable_and_exits_2_without_echoing_values(env: dict[str, str]) -> None:
    result = subprocess.run(quiztutor("validate"), env={**env, "QUIZ_QUESTION_SECONDS": "5",
                                                        "QUIZ_TELEGRAM_WEBHOOK_PORT": "not-a-port"},
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "QUIZ_QUESTION_SECONDS: " in result.stderr and "QUIZ_TELEGRAM_WEBHOOK_PORT: " in result.stderr
    assert "not-a-port" not in result.stderr and "errors.pydantic.dev" not in result.stderr


def test_unicode_digits_are_not_numbers_and_never_crash(env: dict[str, str]) -> None:
    odd = ["²", "①", "٣", "1²", "quit"]  # str.isdigit() says yes to all of them; int() refuses most
    lines = ["quizzes", *odd[:2], "quiz collectives", *odd]
    result = subprocess.run(quiztutor("play", "--user", "digits"), input="\n".join(lines) + "\n",
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "There is no quiz called “²”." in result.stdout  # no quiz open: read as a name, not a number
    assert result.stdout.count("Please type a number from 1 to 3") == 4


def test_ctrl_c_says_goodbye_in_the_learners_language(env: dict[str, str]) -> None:
    learner = Learner(env, "--lang", "fr", "--quiz", "collectives", "--user", "ctrlc")
    learner.wait_for("Question 1 sur 3")
    learner.wait_for("> ")
    learner.process.send_signal(signal.SIGINT)
    learner.finish()
    assert learner.process.returncode == 130
    assert "À bientôt\xa0! Votre progression est enregistrée" in learner.transcript, learner.transcript
    assert "Bye!" not in learner.transcript and "Traceback" not in learner.transcript


def test_a_learner_tries_spaced_review_by_moving_the_clock_with_now(env: dict[str, str]) -> None:
    wrong_each_time = "\n".join(["quiz collectives", "a", "a", "a", "quit"]) + "\n"
    subprocess.run(quiztutor("play", "--user", "later"), input=wrong_each_time, env=env, capture_output=True,
                   text=True, timeout=60)
    today = subprocess.run(quiztutor("play", "--user", "later"), input="review\nquit\n", env=env,
                           capture_output=True, text=True, timeout=60)
    assert "Nothing is due for review right now. Your next review:" in today.stdout
    later = subprocess.run(quiztutor("play", "--user", "later", "--now", "2099-01-15"),
                           input="review\nprogress\nquit\n", env=env, capture_output=True, text=True, timeout=60)
    assert "Review: " in later.stdout and "Question 1 of " in later.stdout, later.stdout
    assert "after your last answer, by quiz:" in later.stdout and "[" in later.stdout  # text bars
    bad = subprocess.run(quiztutor("play", "--now", "someday"), env=env, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "use YYYY-MM-DD" in bad.stderr
    for name, length in (("", 0), ("x" * 65, 65)):  # a name is the learner's key: never cut, never empty
        refused = subprocess.run(quiztutor("play", "--user", name), env=env, capture_output=True, text=True,
                                 timeout=60)
        assert refused.returncode == 2 and f"a name of 1 to 64 characters, not {length}" in refused.stderr
    for far in ("9999-12-31", "0001-01-01"):  # the scheduler's dates would overflow: refused, not a traceback
        refused = subprocess.run(quiztutor("play", "--now", far), env=env, capture_output=True, text=True,
                                 timeout=60)
        assert refused.returncode == 2 and "out of range: pick a day from 2000-01-01 to 2999-12-31" in refused.stderr


@pytest.mark.parametrize(("language", "joined"), [("fr", "Collectives\xa0: "), ("en", "Collectives: ")])
def test_progress_joins_each_title_to_its_figures_as_the_language_writes_it(env: dict[str, str], language: str,
                                                                            joined: str) -> None:
    lines = "\n".join(["quiz collectives", "a", "progress", "quit"]) + "\n"
    result = subprocess.run(quiztutor("play", "--lang", language, "--user", f"colon-{language}"), input=lines,
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    # The session's line and the quiz's mastery line: French puts a no-break space before the colon.
    assert result.stdout.count(joined) >= 2, result.stdout


def test_every_line_fits_a_narrow_terminal_in_a_language_with_long_words(env: dict[str, str]) -> None:
    """Help and the progress headings were printed unwrapped: in Shona, "retry"'s line and the recall heading ran
    past an 80-column terminal, which then broke them mid-word."""
    lines = ["help", "quiz collectives", "a", "progress", "quit"]
    result = subprocess.run(quiztutor("play", "--lang", "sn", "--user", "narrow"), input="\n".join(lines) + "\n",
                            env={**env, "COLUMNS": "60"}, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Mukana wekuyeuka" in result.stdout and "pabvunzo yamakaita pakupedzisira" in result.stdout
    shown = [part for line in result.stdout.splitlines() for part in line.split("> ")]  # a prompt, then a reply
    # Every line but the reference's link, printed whole so that the terminal still sees one link (it folds it).
    assert [part for part in shown if len(part) > 60 and not part.startswith("https://")] == []
