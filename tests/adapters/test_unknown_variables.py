"""A QUIZ_* variable no setting reads is said at start-up: a misspelt QUIZ_DATABASE_URL was ignored without a word,
so a replica meant for PostgreSQL served a SQLite file of its own, its learners' progress apart from the others'."""

from __future__ import annotations

from adapters.platforms import chat_platforms
from adapters.unknown_variables import spelled_twice, unknown_variables
from tests.adapters.test_settings_from_environment import FIXTURES, quiztutor

PASSWORD = "pgS3cretPw"


def test_a_misspelt_setting_is_named_with_the_one_meant_and_never_its_value() -> None:
    done = quiztutor({"QUIZ_DATABSE_URL": f"postgresql+asyncpg://quiz:{PASSWORD}@db/quiz"}, "validate", str(FIXTURES))
    assert done.returncode == 0, done.stderr  # still served: a rollback's env file may hold a newer release's
    assert "QUIZ_DATABSE_URL is not a QuizTutor setting" in done.stderr
    assert "did you mean QUIZ_DATABASE_URL?" in done.stderr
    assert PASSWORD not in done.stdout + done.stderr


def test_every_setting_of_the_core_and_of_each_platform_is_known_in_any_case() -> None:
    environ = {"QUIZ_DATA_DIR": "/srv", "quiz_http_port": "8080", "QUIZ_TELEGRAM_WEBHOOK_SECRET": "s",
               "QUIZ_DISCORD_SHARD_IDS": "0", "QUIZ_PLATFORMS": "telegram", "PATH": "/bin",
               "QUIZ_REQUIRE_POSTGRES": "1", "QUIZ_TEST_POSTGRES_URL": "postgresql+asyncpg://u@h/d"}
    assert unknown_variables(environ, chat_platforms()) == []


def test_a_variable_like_no_setting_is_named_without_a_guess() -> None:
    found = unknown_variables({"QUIZ_COLOUR": "blue", "QUIZ_TELEGRAM_WEBHOOK_PROT": "8443"}, chat_platforms())
    assert found == ["QUIZ_COLOUR is not a QuizTutor setting, so it changes nothing",
                     "QUIZ_TELEGRAM_WEBHOOK_PROT is not a QuizTutor setting, so it changes nothing (did you mean "
                     "QUIZ_TELEGRAM_WEBHOOK_PORT?)"]


def test_a_setting_given_two_values_in_two_spellings_is_said_naming_the_one_used() -> None:
    """The image's QUIZ_HTTP_PORT=8080 and an env file's quiz_http_port=9090: the settings read names in any case and
    keep the last in the environment, so one was ignored without a word (and the bot served another port than
    the operator thought)."""
    done = quiztutor({"QUIZ_HTTP_PORT": "8080", "quiz_http_port": "9090", "QUIZ_DATABASE_URL": "",
                      "Quiz_Database_Url": f"postgresql+asyncpg://quiz:{PASSWORD}@db/quiz"}, "validate", str(FIXTURES))
    assert done.returncode == 0, done.stderr
    assert ("QUIZ_HTTP_PORT, quiz_http_port are one setting, given different values: quiz_http_port is used (the "
            "last in the environment), the others change nothing") in done.stderr
    assert "URL" not in done.stderr.upper()  # an empty spelling counts as unset, as the settings read it
    assert PASSWORD not in done.stdout + done.stderr and "9090" not in done.stderr


def test_the_same_value_twice_or_a_variable_no_setting_reads_is_no_setting_spelled_twice() -> None:
    environ = {"QUIZ_LOG_LEVEL": "INFO", "quiz_log_level": "INFO", "QUIZ_COLOUR": "blue", "quiz_colour": "red"}
    assert spelled_twice(environ, chat_platforms()) == []
