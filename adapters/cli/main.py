"""The `quiztutor` command: play, run, validate, export, schema, discord-sync."""

from __future__ import annotations

import argparse
import asyncio
import getpass
import logging
import os
import sys
from pathlib import Path

from pydantic import ValidationError

from adapters.cli import catalog_tools
from adapters.cli.exit_codes import ExitCode
from adapters.failures import LoginRejected
from adapters.logging_setup import configure_logging
from adapters.settings import Settings
from bot.content.problems import ContentError
from bot.languages import normalize_language
from storage.errors import DatabaseUnavailable


def _language(value: str) -> str:
    code = normalize_language(value)
    if code is None:
        raise argparse.ArgumentTypeError(f"unsupported language {value!r}: use en, fr, sw, yo or sn")
    return code


def _default_user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "player"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="quiztutor", description="A quiz tutor for distributed deep-learning "
                                     "training, on Telegram, Discord and the terminal.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser("play", help="play a quiz in the terminal (no token needed)")
    play.add_argument("--lang", type=_language, help="en, fr, sw, yo or sn (remembered for next time)")
    play.add_argument("--quiz", help="quiz id or topic to start or resume")
    play.add_argument("--user", default=_default_user(), help="whose progress to use (default: your login)")

    commands.add_parser("run", help="run the chat bots whose tokens are set (QUIZ_TELEGRAM_TOKEN, QUIZ_DISCORD_TOKEN)")

    for name, help_text in (("validate", "check quiz files and list questions over platform limits"),
                            ("export", "print the whole catalog as JSON")):
        sub = commands.add_parser(name, help=help_text)
        sub.add_argument("dir", nargs="?", type=Path, help="content directory (default: QUIZ_CONTENT_DIR)")
        if name == "validate":
            sub.add_argument("--strict", action="store_true", help="treat item-writing warnings as errors (exit 1)")

    schema = commands.add_parser("schema", help="write content/quiz.schema.json from the loader's models")
    schema.add_argument("--check", action="store_true", help="only check that the file is up to date")

    sync = commands.add_parser("discord-sync", help="register the Discord slash commands (rate-limited by Discord)")
    sync.add_argument("--guild", type=int, help="sync to one server only (appears at once)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        print("quiztutor: invalid configuration:", file=sys.stderr)
        for problem in error.errors(include_url=False, include_input=False):  # the input may be a secret
            variable = "QUIZ_" + "_".join(str(part) for part in problem["loc"]).upper()
            message = problem["msg"].removeprefix("Value error, ")
            print(f"  {variable}: {message}" if problem["loc"] else f"  {message}", file=sys.stderr)
        return ExitCode.CONFIGURATION
    secrets = [secret.get_secret_value() for secret in (settings.telegram_token, settings.discord_token,
                                                       settings.telegram_webhook_secret) if secret]
    configure_logging(settings.log_level, secrets)
    try:
        return _dispatch(args, settings)
    except ContentError as error:
        print(f"quiztutor: the content in {settings.content_dir} is invalid:\n{error}", file=sys.stderr)
        return ExitCode.CONTENT
    except DatabaseUnavailable as error:
        return _fail(args.command, f"the database can't be used: {error}", ExitCode.DATABASE)
    except LoginRejected as error:
        return _fail(args.command, str(error), ExitCode.LOGIN)
    except BrokenPipeError:
        # The reader went away (`quiztutor export | head`): not an error worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return ExitCode.FAILED
    except KeyboardInterrupt:
        if args.command != "play":  # the player says goodbye itself, in the learner's language
            print("\nBye!", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except Exception as error:  # the last line of defence: libraries put tokens in messages (PTB's InvalidToken)
        return _fail(args.command, f"{type(error).__name__}: {error}", ExitCode.FAILED)


def _fail(command: str, reason: str, code: ExitCode) -> int:
    """One line for the operator (through the logger, which scrubs secrets); the traceback only at DEBUG."""
    log = logging.getLogger("quiztutor")
    log.error("quiztutor %s failed: %s", command, reason.splitlines()[0] if reason else "unknown error",
              exc_info=log.isEnabledFor(logging.DEBUG))
    return code


def _dispatch(args: argparse.Namespace, settings: Settings) -> int:
    if args.command == "validate":
        return catalog_tools.validate(args.dir or settings.content_dir, strict=args.strict)
    if args.command == "export":
        return catalog_tools.export(args.dir or settings.content_dir)
    if args.command == "schema":
        return catalog_tools.write_schema(settings.content_dir, args.check)
    if args.command == "play":
        from adapters.terminal.session import play

        if "QUIZ_LOG_LEVEL" not in os.environ:  # keep the learner's screen for the quiz
            logging.getLogger().setLevel(logging.WARNING)

        return asyncio.run(play(settings, user=args.user, quiz=args.quiz, language=args.lang))
    if args.command == "run":
        from adapters.cli.run import run

        return asyncio.run(run(settings))
    if args.command == "discord-sync":
        from adapters.cli.discord_sync import discord_sync

        return asyncio.run(discord_sync(settings, args.guild))
    raise AssertionError(f"unhandled command {args.command}")


if __name__ == "__main__":
    sys.exit(main())
