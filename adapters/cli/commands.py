"""The `quiztutor` commands: play, run, validate, export, stats, schema, migrate, and the platforms' own
(discord-sync).

adapters.cli.main is the entry point that imports this module. It imports nothing of the database's (SQLAlchemy
and Alembic take about a second): the commands that use it import it when they run, and a failure's kind is told
apart once there is one (tests/adapters/test_start_up_imports.py)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
from collections.abc import Sequence
from importlib.metadata import version
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

from adapters.cli import play_arguments
from adapters.cli.content_folder import folder_argument, refused_content_folder
from adapters.cli.exit_codes import ExitCode
from adapters.cli.learner_refusals import learner_refusal
from adapters.cli.pipes import OutputFailed, WatchedOutput, closed_output, silence_stdout, written
from adapters.logging_setup import configure_logging
from adapters.platform import PlatformSpec
from adapters.platforms import chat_platforms
from adapters.settings import ConfigurationError, Settings, load_settings
from adapters.unknown_variables import spelled_twice, unknown_variables
from bot.content.problems import ContentError
from bot.languages import listed_codes

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


class CommandLine(argparse.ArgumentParser):
    """argparse leaves an argument a subcommand doesn't know to the top-level parser, which says so with its own
    usage (`usage: quiztutor [-h] COMMAND ...`): here the subcommand says it, with the options it does take."""

    def __init__(self, *args: Any, given: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.given = [] if given is None else given  # the command line, shared with `play`'s: its refusals read it

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        self.given[:] = words = list(sys.argv[1:] if args is None else args)
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            command = getattr(parsed, "command", None)
            after_command = command in words and extra[0] in words[words.index(command) + 1:]
            parser: argparse.ArgumentParser = parsed.command_parser if after_command else self
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return parsed

    def error(self, message: str) -> NoReturn:  # `play`'s options in the learner's language (learner_refusals)
        if self.prog == "quiztutor play" and (said := learner_refusal(message, self.given)) is not None:
            self.print_usage(sys.stderr)
            self.exit(ExitCode.CONFIGURATION, f"{self.prog} {said[0]}: {said[1]}\n")
        super().error(message)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """argparse drops a failure to print, so `--help > /dev/full` exited 0 having written nothing: the help is
        output as a command's is (exit 2 when it can't be written). A message to stderr still goes or not, quietly:
        there is nowhere else to say it, and its exit code says it."""
        if file is None and sys.stdout is None:  # help meant for a closed stdout (`--help >&-`): argparse used stderr
            closed_output(self.prog)
            self.exit(ExitCode.CONFIGURATION)
        if file is None or file is not sys.stdout:
            super()._print_message(message, file)
            return
        try:
            with written():
                file.write(message)
        except BrokenPipeError:  # the reader went away (`--help | head -1`): as much as it wanted
            silence_stdout()
        except OutputFailed as failed:
            failed.tell(self.prog)
            self.exit(ExitCode.CONFIGURATION)


def build_parser(platforms: Sequence[PlatformSpec]) -> argparse.ArgumentParser:
    titles = ", ".join(spec.title for spec in platforms)
    given: list[str] = []
    parser = CommandLine(prog="quiztutor", given=given, description="A quiz tutor for distributed deep-learning "
                                     f"training, on {titles} and the terminal.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version('quiz-tutor')}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser("play", help="play a quiz in the terminal (no token needed)", given=given)
    play.add_argument("--lang", type=play_arguments.language_code,
                      help=f"{listed_codes(' or ')} (remembered for next time)")
    play.add_argument("--quiz", type=play_arguments.played_quiz,
                      help="quiz id or topic to start or resume")
    play.add_argument("--user", type=play_arguments.learner_name, default=play_arguments.login_name(),
                      help="whose progress to use (default: your login)")
    play.add_argument("--now", type=play_arguments.pretend_moment, metavar="DATE",
                      help="pretend it is this day, to try spaced review: questions answered earlier come due. "
                      "YYYY-MM-DD is that day in UTC, at this moment's UTC time of day; far from UTC, give the "
                      "moment with its offset (2027-01-15T10:00+13:00)")

    tokens = ", ".join(spec.env("token") for spec in platforms)
    commands.add_parser("run", help=f"run the chat bots whose tokens are set ({tokens})",
                        description=f"Serve the chat bots whose tokens are set ({tokens}) until stopped (Ctrl-C or "
                        "SIGTERM), migrating the database first. Every setting is a QUIZ_* environment variable "
                        "(README: Configuration). Exit codes: 2 a setting is wrong, 3 the quiz content is invalid, "
                        "4 the database can't be used, 5 a platform rejected a token, 6 another process already "
                        "takes the bot's updates, 7 a platform's servers can't be reached, 8 another process's "
                        "migration of the database outlasted QUIZ_MIGRATION_WAIT_SECONDS.")

    for name, help_text in (("validate", "check quiz files and list questions over platform limits"),
                            ("export", "print the quizzes, questions, answers and explanations as JSON")):
        sub = commands.add_parser(name, help=help_text)
        sub.add_argument("dir", nargs="?", type=folder_argument, help="content directory (default: QUIZ_CONTENT_DIR)")
        if name == "validate":
            sub.add_argument("--strict", action="store_true", help="treat item-writing warnings as errors (exit 1)")

    stats = commands.add_parser("stats", help="item statistics for authors: per question n, share right, "
                                "discrimination and the wrong options nobody picks",
                                description="Item statistics from the database in QUIZ_DATABASE_URL (or "
                                "QUIZ_DATA_DIR's SQLite file), read as it is: stats never creates or upgrades a "
                                "schema, and exits 4 if the database can't be used (its folder or file this user may "
                                "not read or write, too) or its schema is not this version's.")
    stats.add_argument("--quiz", type=play_arguments.quiz_reference("for every quiz"),
                       help="one quiz's questions, by id or topic (default: every quiz)")
    stats.add_argument("--json", action="store_true", help="print JSON instead of a table")

    # Into QUIZ_CONTENT_DIR, which may be another folder than the shipped content/: the help says so.
    schema = commands.add_parser("schema", help="write quiz.schema.json in QUIZ_CONTENT_DIR from the models",
                                 description="Write quiz.schema.json, the quiz files' rules as a JSON Schema for "
                                 "editors, from the loader's models into the content folder: QUIZ_CONTENT_DIR, "
                                 "else the shipped content/.")
    schema.add_argument("--check", action="store_true", help="only check that the file is up to date")

    # Listed here for --help; main() hands what follows it to alembic's own parser (-x url=... before the command).
    commands.add_parser("migrate", add_help=False, usage="quiztutor migrate [-x url=URL] COMMAND ...",
                        help="alembic's commands on the bot's database, e.g. `quiztutor migrate downgrade 0016` "
                        "(README: Rolling back); `quiztutor migrate --help` lists them")

    for spec in platforms:  # subcommands a platform brings, e.g. discord-sync
        for load in spec.tools:
            tool = load()
            sub = commands.add_parser(tool.name, help=tool.help)
            tool.arguments(sub)
            sub.set_defaults(tool=tool, platform=spec.name)
    for sub in commands.choices.values():
        sub.set_defaults(command_parser=sub)
    return parser


# The commands whose output is what they are for (`play` shows nothing without one, on purpose: lines.py).
PRINTING = frozenset({"validate", "export", "stats", "schema"})


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    if words[:1] == ["migrate"]:  # alembic's command line, its options before its command: not argparse's here
        return _migrate(words[1:])
    platforms = chat_platforms()
    args = build_parser(platforms).parse_args(argv)
    if args.command in PRINTING and sys.stdout is None:
        # Started with stdout closed (`>&-`): Python's sys.stdout is None, and json.dump failed with an
        # AttributeError. A mistake in how it was started, told as a wrong setting is (exit 2).
        closed_output(f"quiztutor {args.command}")
        return ExitCode.CONFIGURATION
    try:
        settings = load_settings(platforms)
    except ConfigurationError as error:
        return _configuration_error(error)
    configure_logging(settings.log_level, settings.secrets())
    for line in [*unknown_variables(os.environ, platforms), *spelled_twice(os.environ, platforms)]:
        logging.getLogger("quiztutor").warning("%s", line)
    refused = refused_content_folder(args.command, getattr(args, "dir", None), settings.content_dir)
    if refused is not None:
        return refused
    try:
        code = _dispatch(args, settings, platforms)
        with written():  # what is still buffered: a full disk would be seen at exit, as "Exception ignored"
            pass
        return code
    except OutputFailed as failed:
        failed.tell(f"quiztutor {args.command}")
        return ExitCode.CONFIGURATION
    except ConfigurationError as error:
        return _configuration_error(error)
    except ContentError as error:
        print(f"quiztutor: the content in {settings.content_dir} is invalid:\n{error}", file=sys.stderr)
        return ExitCode.CONTENT
    except BrokenPipeError:
        # The reader went away (`quiztutor export | head`): not an error worth a traceback, nor a failure for a
        # script under `set -o pipefail`. Exit 0, as `play` does (adapters/terminal/lines.py), having written all
        # anyone read. A command whose exit code is its verdict (`validate`) keeps it (adapters/cli/pipes.py).
        silence_stdout()
        return ExitCode.OK
    except KeyboardInterrupt:
        if args.command != "play":  # the player says goodbye itself, in the learner's language
            print("\nBye!", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except Exception as error:
        return _failed(args.command, error)


def _migrate(arguments: list[str]) -> int:
    """`quiztutor migrate`: what it says of the database (its schema before and after) is its outcome, as the
    printing commands' output is theirs: refused with a closed stdout (`>&-`), where env.py failed with a
    traceback after migrating; and told, when it can't be written (`> /dev/full`), though alembic and argparse drop
    the failure: exit 2, or the command's own failure's code."""
    from adapters.cli.migrate import PROG, migrate

    if sys.stdout is None:
        closed_output(PROG)
        return ExitCode.CONFIGURATION
    output = WatchedOutput(sys.stdout)
    try:
        with contextlib.redirect_stdout(cast(TextIO, output)):  # alembic's messages and argparse's help use it
            code = migrate(arguments, cast(TextIO, output))
    except SystemExit as ended:  # argparse's usage or help, env.py's failure with its exit code
        code = ended.code if isinstance(ended.code, int) else ExitCode.FAILED if ended.code else ExitCode.OK
    except OSError as error:  # a write alembic doesn't guard (--sql's statements): told below, as the others
        if error is not output.failure:
            raise
        code = ExitCode.OK
    return output.outcome(code, PROG)


def _configuration_error(error: ConfigurationError) -> int:
    print("quiztutor: invalid configuration:", file=sys.stderr)
    for variable, message in error.problems:
        print(f"  {variable}: {message}" if variable else f"  {message}", file=sys.stderr)
    return ExitCode.CONFIGURATION


def _failed(command: str, error: Exception) -> int:
    """A failure an operator can fix, with its exit code; any other as the last line of defence, without its
    traceback either (libraries put tokens in messages: PTB's InvalidToken). Their classes are imported here, not
    at start-up: the database's failures come with its libraries."""
    from adapters.failures import AnotherInstance, LoginRejected, PlatformUnreachable
    from storage.errors import DatabaseUnavailable
    from storage.migrate import MigrationWaitTimedOut

    if isinstance(error, DatabaseUnavailable):
        return _fail(command, f"the database can't be used: {error}", ExitCode.DATABASE)
    if isinstance(error, MigrationWaitTimedOut):
        return _fail(command, f"{error} (QUIZ_MIGRATION_WAIT_SECONDS) while this one waited to bring the database's "
                     "schema up to date: if that process's log says `upgrading the database schema`, let it finish, "
                     "then start this one again (or raise QUIZ_MIGRATION_WAIT_SECONDS); if not, stop the process "
                     "holding the lock (README: Several processes)", ExitCode.MIGRATION_WAIT)
    if isinstance(error, LoginRejected):
        return _fail(command, str(error), ExitCode.LOGIN)
    if isinstance(error, AnotherInstance):
        return _fail(command, str(error), ExitCode.CONFLICT)
    if isinstance(error, PlatformUnreachable):
        return _fail(command, str(error), ExitCode.UNREACHABLE)
    return _fail(command, f"{type(error).__name__}: {error}", ExitCode.FAILED)


def _fail(command: str, reason: str, code: ExitCode) -> int:
    """One line for the operator (through the logger, which scrubs secrets); the traceback only at DEBUG."""
    log = logging.getLogger("quiztutor")
    log.error("quiztutor %s failed: %s", command, reason.splitlines()[0] if reason else "unknown error",
              exc_info=log.isEnabledFor(logging.DEBUG))
    return code


def _dispatch(args: argparse.Namespace, settings: Settings, platforms: Sequence[PlatformSpec]) -> int:
    if args.command in ("validate", "export", "schema"):
        from adapters.cli import catalog_tools  # here: the content's models and linter, which --help doesn't need

        limits = {spec.name: spec.poll_limits for spec in platforms}
        if args.command == "validate":
            return catalog_tools.validate(args.dir or settings.content_dir, limits, strict=args.strict)
        if args.command == "export":
            return catalog_tools.export(args.dir or settings.content_dir)
        return catalog_tools.write_schema(settings.content_dir, args.check)
    if args.command == "stats":
        from adapters.cli.stats import stats

        return asyncio.run(stats(settings, args.quiz, args.json))
    if args.command == "play":
        from adapters.terminal.session import play

        # Keep the learner's screen for the quiz, unless a level was read as the settings read it (any case, and
        # an empty QUIZ_LOG_LEVEL= as unset), not as os.environ spells it.
        if "log_level" not in settings.model_fields_set:
            logging.getLogger().setLevel(logging.WARNING)

        return asyncio.run(play(settings, user=args.user, quiz=args.quiz, language=args.lang, today=args.now))
    if args.command == "run":
        from adapters.cli.run import run

        return asyncio.run(run(settings, platforms))
    if (tool := getattr(args, "tool", None)) is not None:
        spec = next(spec for spec in platforms if spec.name == args.platform)
        try:
            return asyncio.run(tool.run(settings, settings.platforms[args.platform], args))
        except ModuleNotFoundError as missing:  # the platform's library is an extra, as for `run`
            raise ConfigurationError([spec.library_missing(missing)]) from None
    raise AssertionError(f"unhandled command {args.command}")

