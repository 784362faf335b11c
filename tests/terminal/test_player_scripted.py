"""The terminal player driven line by line in memory: preview, retry of missed questions, skip, stop."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from adapters.runtime import utc_now
from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor, Started
from tests.fakes.clock import FixedClock
from tests.support.content import BROADCAST_WHY_NOT, give_broadcast_a_why_not
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
ACTOR = Actor("terminal", "tester", "terminal")
# A time-out's notice, wrapped across lines in the terminal: looked for in words joined by single spaces.
TIME_UP = ("Time's up! Question 1 wasn't answered in time: it scores no point, and it comes back for review as a "
           "wrong answer does.")


async def play(tmp_path: Path, lines: list[str], quiz: str | None = "collectives", *, question_seconds: int = 0,
               clock: Callable[[], datetime] = utc_now, seed: int = 3, language: str | None = None) -> str:
    """``language``: as `quiztutor play --lang` passes it."""
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=seed, clock=clock,
                                  question_seconds=question_seconds) as services:
        io = ScriptedLineIO(lines)
        await TerminalPlayer(services.engine, ACTOR, io, clock).play(quiz=quiz, language=language)
    return io.transcript


async def test_retry_after_a_summary_replays_only_the_missed_questions(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["skip", "skip", "skip", "retry", "quit"])
    assert "You scored 0 out of 3 questions." in transcript
    assert "Want another go at the 3 questions you missed? → retry" in transcript
    assert "Another go at the 3 questions you missed." in transcript
    assert transcript.count("Question 1 of 3") == 2  # the quiz, then the retry


async def test_a_summary_names_the_quiz_still_open(tmp_path: Path) -> None:
    await play(tmp_path, ["quit"], quiz="long-options")
    transcript = await play(tmp_path, ["skip", "skip", "skip", "quit"])
    summary = transcript.split("You scored 0 out of 3 questions.")[1]
    assert "Long options is still in progress: start it again to carry on where you left off." in summary


async def test_skip_after_a_summary_skips_nothing_of_the_quiz_left_open_unseen(tmp_path: Path) -> None:
    """It skipped the left quiz's question, which the learner hadn't seen since they left it."""
    await play(tmp_path, ["quit"], quiz="long-options")
    transcript = await play(tmp_path, ["skip", "skip", "skip", "skip", "quiz", "quit"])
    after_summary = transcript.split("You scored 0 out of 3 questions.")[1]
    assert after_summary.count("Long options is still in progress: start it again to carry on where you left "
                               "off.") == 2  # under the summary, then for the skip
    assert "Question 1 skipped." not in after_summary
    # Its question was shown a moment ago (under the skip's refusal): carried on, not welcomed back
    assert "Carrying on with Long options." in after_summary and "Welcome back" not in after_summary
    assert "Question 1 of 1" in after_summary.split("Carrying on with")[1]  # resumed at the question not skipped


async def test_preview_shows_every_question_without_marking_answers(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["preview collectives", "quit"], quiz=None)
    assert "3 questions. Answers and explanations appear as you play." in transcript
    assert "- All-reduce" in transcript and "- Broadcast" in transcript
    assert "All-reduce sums across ranks" not in transcript  # no explanation before answering


async def test_quiz_without_an_id_carries_on_where_the_learner_stopped(tmp_path: Path) -> None:
    await play(tmp_path, ["skip", "quit"])
    transcript = await play(tmp_path, ["quiz", "quit"], quiz=None)
    assert "Carrying on with Collectives." in transcript  # a moment later: not "Welcome back!"
    assert "Question 2 of 3" in transcript


async def test_a_number_names_a_quiz_of_the_list_even_before_any_list_was_shown(tmp_path: Path) -> None:
    await play(tmp_path, ["skip", "quit"])  # a quiz in progress: the next run resumes it and shows no list
    transcript = await play(tmp_path, ["preview 2", "quiz 2", "quit"], quiz=None)
    assert "Carrying on with Collectives." in transcript
    assert "There is no quiz called" not in transcript
    assert "Long options: 1 question. Good luck!" in transcript  # the second of the list `quizzes` shows


async def test_changing_language_in_a_review_round_shows_its_question_again_in_the_new_language(
        tmp_path: Path) -> None:
    await play(tmp_path, ["a", "a", "a", "quit"])  # some wrong: they come due for review
    later = lambda: utc_now() + timedelta(days=30)  # noqa: E731 - a clock is a callable
    transcript = await play(tmp_path, ["review", "language fr", "quit"], quiz=None, clock=later)
    review = transcript.split("Review: 3 questions are due")[1]
    # The same question asked again, in French, after the language changed (before: no question at all).
    assert review.index("Question 1 of 3") < review.index("Français") < review.index("Question 1 sur 3")
    assert "Votre réponse (1-2) >" in review


async def test_stop_ends_the_quiz_and_a_number_then_picks_from_the_list(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["stop", "quizzes", "2", "quit"])
    assert "Quiz stopped: Collectives. Your answers so far are saved." in transcript
    assert "Long options: 1 question. Good luck!" in transcript


async def test_an_answer_after_the_time_limit_is_not_scored_and_the_quiz_moves_on(tmp_path: Path) -> None:
    slow = FixedClock(step=timedelta(seconds=30))  # every step of the engine takes "30 s": always too late
    transcript = await play(tmp_path, ["1", "quit"], question_seconds=10, clock=slow)
    assert TIME_UP in " ".join(transcript.split())
    assert "Question 2 of 3" in transcript
    assert "Correct!" not in transcript and "Not quite." not in transcript


async def test_a_time_out_is_told_once_not_again_with_each_listing(tmp_path: Path) -> None:
    clock = FixedClock()
    await play(tmp_path, ["quit"], question_seconds=10, clock=clock)
    clock.advance(timedelta(minutes=1))  # question 1's time runs out while the learner is away
    transcript = await play(tmp_path, ["help", "progress", "quit"], quiz=None, question_seconds=10, clock=clock)
    assert transcript.count("Time's up! Question 1 wasn't answered in time") == 1, transcript
    assert transcript.count("Question 2 of 3") == 3  # on resuming, then again after each listing


async def test_resuming_a_quiz_whose_last_question_timed_out_says_so_above_its_summary(tmp_path: Path) -> None:
    clock = FixedClock()
    await play(tmp_path, ["quit"], quiz="long-options", question_seconds=10, clock=clock)
    clock.advance(timedelta(minutes=1))  # its only question's time runs out while the learner is away
    transcript = await play(tmp_path, ["quiz", "quit"], quiz=None, question_seconds=10, clock=clock)
    before_summary = transcript.split("You scored 0 out of 1 question.")[0]
    assert TIME_UP in " ".join(before_summary.split())


async def test_an_unknown_language_says_so_without_showing_the_question_again(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["language klingon", "language fr", "quit"])
    after = transcript.split("I don't speak “klingon”.")[1]
    refused = after.split("> ")[0]  # up to the next prompt
    assert "Welcome back" not in refused and "Question 1 of 3" not in refused  # nothing changed: nothing to show
    assert "Question 1 sur 3" in after  # a new language shows the question in it


async def test_a_language_is_chosen_by_the_name_the_refusal_lists(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["language Français", "quit"])
    assert "I don't speak" not in transcript and "Question 1 sur 3" in transcript


async def test_after_a_long_listing_the_open_question_is_shown_again(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["preview", "quit"])
    after_preview = transcript.split("3 questions. Answers and explanations appear as you play.")[1]
    assert "Question 1 of 3" in after_preview  # not scrolled away under the listing


async def test_changing_language_mid_quiz_shows_the_same_question_without_a_welcome_back(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["language fr", "quit"])
    assert "Question 1 sur 3" in transcript
    assert "Content de vous revoir" not in transcript and "Welcome back" not in transcript


class TypedLineIO(ScriptedLineIO):
    """A terminal whose lines arrive when the test types them, so two players can take turns."""

    def __init__(self) -> None:
        super().__init__([])
        self.lines: asyncio.Queue[str | None] = asyncio.Queue()
        self.prompts = 0
        self.prompted = asyncio.Event()

    async def read_line(self, prompt: str) -> str | None:
        self.output.append(prompt)
        self.prompts += 1
        self.prompted.set()
        return await self.lines.get()

    async def type(self, line: str | None) -> None:
        """Type a line, then wait until the player has acted on it and asks for the next."""
        before = self.prompts
        self.prompted.clear()
        await self.lines.put(line)
        while line is not None and self.prompts == before:
            await self.prompted.wait()
            self.prompted.clear()


async def test_two_terminals_of_one_learner_stay_in_step(tmp_path: Path) -> None:
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        first, second = TypedLineIO(), TypedLineIO()
        games = [asyncio.create_task(TerminalPlayer(services.engine, ACTOR, io).play(quiz="collectives"))
                 for io in (first, second)]
        for io in (first, second):
            while io.prompts == 0:
                await io.prompted.wait()
        assert "Question 1 of 3" in first.transcript and "Question 1 of 3" in second.transcript
        await first.type("1")  # answers question 1 in the first terminal
        await second.type("1")  # the second still shows question 1
        after_refusal = second.transcript.split("You already answered this question; your first answer counts.")[1]
        assert "Question 2 of 3" in after_refusal  # it catches up instead of refusing forever
        await second.type("skip")
        assert "Question 2 skipped." in second.transcript  # says which question it skipped
        await first.type("1")  # the first terminal's question 2 was skipped meanwhile
        assert "Question 3 of 3" in first.transcript.split("Question 2 of 3")[-1]
        for io in (first, second):
            await io.type(None)
        await asyncio.gather(*games)


async def test_retry_right_after_stop_replays_what_the_stopped_quiz_missed(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["skip", "stop", "retry", "quit"])
    after_stop = transcript.split("Quiz stopped: Collectives.")[1]
    assert "There is nothing to retry." not in after_stop
    assert "Another go at the question you missed." in after_stop and "Question 1 of 1" in after_stop


async def test_stop_offers_the_retry_of_what_it_missed(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["skip", "stop", "quit"])
    assert "Want another go at the question you missed? → retry" in transcript.split("Quiz stopped: Collectives.")[1]


async def test_retry_carries_on_with_its_round_after_another_quiz_was_started_and_stopped(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["skip", "skip", "stop", "retry", "quiz long-options", "stop", "retry",
                                       "quit"])
    after = transcript.split("Quiz stopped: Long options")[1]
    assert "There is nothing to retry." not in after
    assert "Welcome back" in after and "Question 1 of 2" in after


async def test_retry_works_after_a_restart(tmp_path: Path) -> None:
    await play(tmp_path, ["skip", "skip", "skip", "quit"])
    transcript = await play(tmp_path, ["retry", "quit"], quiz=None, seed=4)  # a new process: nothing in memory
    assert "Another go at the 3 questions you missed." in transcript and "Question 1 of 3" in transcript


async def test_text_typed_by_the_learner_is_echoed_inert(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["quiz \x1b[31mred\u202e", "quit"], quiz=None)
    assert "\x1b" not in transcript and "\u202e" not in transcript
    # The escape is shown as text; the bidi override is not said back at all (bot.text.echoed).
    assert "There is no quiz called “\\x1b[31mred”." in transcript


async def test_a_storage_failure_is_an_apology_and_the_game_goes_on(tmp_path: Path,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="adapters.terminal")
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        io = TypedLineIO()
        game = asyncio.create_task(TerminalPlayer(services.engine, ACTOR, io).play(quiz="collectives"))
        while io.prompts == 0:
            await io.prompted.wait()
        await services.database.dispose()
        async with services.database.begin() as connection:  # the schema vanishes under the player
            await connection.exec_driver_sql("ALTER TABLE answers RENAME TO answers_gone")
        await io.type("1")
        assert "Sorry, something went wrong. Please try again in a moment." in io.transcript
        failed = [record for record in caplog.records if record.name.startswith("adapters.terminal")]
        assert [record.getMessage().split(": ")[0] for record in failed] == ["the terminal could not act on a line"]
        assert "answers" in failed[0].getMessage() and not failed[0].exc_info  # one line; a traceback at DEBUG
        async with services.database.begin() as connection:
            await connection.exec_driver_sql("ALTER TABLE answers_gone RENAME TO answers")
        await io.type("1")
        assert "Question 2 of 3" in io.transcript
        await io.type(None)
        await game


async def test_a_wrong_answer_says_why_that_option_is_wrong_before_the_explanation(tmp_path: Path,
                                                                                    content_dir: Path) -> None:
    give_broadcast_a_why_not(content_dir)
    async with services_on_sqlite(tmp_path, content_dir, seed=3) as services:
        shown = await services.engine.start(ACTOR, "collectives")
        assert isinstance(shown, Started)
        broadcast = str(shown.question.options.index("Broadcast") + 1)
        io = ScriptedLineIO([broadcast, "quit"])
        await TerminalPlayer(services.engine, ACTOR, io).play()
    after = io.transcript.split("Your answer (1-3) > ")[1]
    assert after.startswith(f"[-] Not quite. {BROADCAST_WHY_NOT['en']}\nThe answer: All-reduce\nAll-reduce sums")


async def test_commands_typed_with_a_slash_as_on_telegram_and_discord_work_too(tmp_path: Path) -> None:
    transcript = await play(tmp_path, ["/quiz long-options", "/progress", "/quit"], quiz=None)
    assert "Long options: 1 question. Good luck!" in transcript
    assert "Please type" not in transcript and "Your progress" in transcript


async def test_a_command_typed_with_a_no_break_space_still_works(tmp_path: Path) -> None:
    """Alt+Space on a French Mac keyboard types a no-break space: "language fr" must not read as an answer."""
    transcript = await play(tmp_path, ["language\u00a0fr", "quit"])
    assert "Question 1 sur 3" in transcript
    assert "Please type a number" not in transcript


async def test_a_number_past_the_end_of_the_list_gets_the_numbers_there_are_not_no_quiz_called_it(
        tmp_path: Path) -> None:
    """"quiz 9" and "preview 0" said no quiz was called "9", as if the number had been taken for a name, while "9"
    alone at the picker said which numbers there are."""
    transcript = await play(tmp_path, ["quiz 9", "preview 0", "stop", "quiz 9", "9", "quit"])
    assert "There is no quiz called" not in transcript
    assert transcript.count("Please choose a quiz by its number, 1 to 2, or by its id.") == 4
