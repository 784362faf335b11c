"""Alembic environment: runs on the connection the app hands over, or from the CLI on -x url, else the bot's."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable

from alembic import context
from alembic.util import CommandError
from sqlalchemy import Connection, make_url
from sqlalchemy.exc import ArgumentError

from adapters.cli.exit_codes import ExitCode
from adapters.cli.pipes import closed_output
from storage.database import InMemoryDatabase, create_unpooled_engine, refuse_no_file, sqlite_file
from storage.errors import SETTING, describe, where
from storage.migrate import lock_migrations
from storage.tables import Base

config = context.config
target_metadata = Base.metadata


class Refused(CommandError):
    """A failure of ours, with the exit code `quiztutor` gives its kind (README's table)."""

    def __init__(self, message: str, code: ExitCode) -> None:
        super().__init__(message)
        self.code = code


def run_on(connection: Connection, told: str | None = None) -> None:
    """``told``: the database as the operator knows it, to say which one the command found at which schema, and
    at which it left it (the command line's; the bot's own start-up logs its upgrades itself)."""
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    before = context.get_context().get_current_revision()
    if told is not None and before is not None and not stamping() and before not in known_revisions():
        # Alembic said only "Can't locate revision identified by '0021'": neither which database nor why.
        raise Refused(f"{told} is at schema {before}, which this QuizTutor doesn't know: a newer QuizTutor upgraded "
                      "it (downgrade it with that release's own `alembic -c storage/alembic.ini downgrade ...`, "
                      "README: Rolling back), or another application's tables are there", ExitCode.DATABASE)
    with context.begin_transaction():
        context.run_migrations()
    if told is not None:
        after = context.get_context().get_current_revision()
        config.print_stdout(f"{told}: at schema {after}" if after == before else
                            f"{told}: schema {before} -> {after}")


# How the failures name the URL given on the command line.
X_URL = "-x url"


def stamping() -> bool:
    """`alembic stamp` (--purge): sets the revision whatever it was, the way to repair one nobody knows."""
    command = getattr(config.cmd_opts, "cmd", None)
    return command is not None and getattr(command[0], "__name__", None) == "stamp"


def known_revisions() -> set[str]:
    return {script.revision for script in context.script.walk_revisions()}


def database_url() -> tuple[str, str]:
    """``alembic -x url=...`` (what storage/alembic.ini tells developers to use), else sqlalchemy.url (a test's
    alembic_config(url)), else the database the bot uses; with the name the failures give where it came from."""
    named = context.get_x_argument(as_dictionary=True)
    if "url" in named:
        return named_on_the_command_line(named["url"]), X_URL
    return config.get_main_option("sqlalchemy.url") or the_bots_database(), SETTING


def named_on_the_command_line(url: str) -> str:
    """``-x url``'s, checked as QUIZ_DATABASE_URL is: the driver took a port past 65535 modulo 65536 or failed on
    it with a traceback, and showed a password's end after an unescaped '@' as the host. An empty one (`-x
    url=$OLD_DB`, the variable unset) is refused: taken for none, the bot's own database was migrated instead."""
    from adapters.settings import checked_database_url  # here, as the_bots_database's settings

    if not url:
        raise Refused(f"{X_URL} is empty: name the database (-x url=postgresql+asyncpg://user:password@host/db "
                      "or -x url=sqlite+aiosqlite:////path/to/quiztutor.sqlite3), or leave -x url out for the "
                      "bot's own (QUIZ_DATABASE_URL, else the SQLite file in QUIZ_DATA_DIR)", ExitCode.CONFIGURATION)
    try:
        return checked_database_url(url)
    except ValueError as error:
        raise Refused(f"{X_URL}: {error}", ExitCode.CONFIGURATION) from None


def the_bots_database() -> str:
    """QUIZ_DATABASE_URL, else the SQLite file in QUIZ_DATA_DIR, as `quiztutor run` reads them: an operator's
    downgrade (README: Rolling back) reaches the bot's database. A default relative to the current folder was a
    traceback in the image, and elsewhere opened or made a database nobody meant; so is a SQLite file not there
    yet (a wrong QUIZ_DATA_DIR, or a bot never run): refused, as `quiztutor run` makes it, not this command."""
    # Here, not at the top: the bot hands its own connection over and never needs the operator's settings.
    from adapters.settings import ConfigurationError, database_url_from_environment

    try:
        url = database_url_from_environment()
    except ConfigurationError as error:
        raise Refused(f"{error} (or name the database with -x url=...)", ExitCode.CONFIGURATION) from None
    warn_of_misspelt_settings()
    try:
        file = sqlite_file(make_url(url))
    except ArgumentError as error:  # QUIZ_DATABASE_URL=garbage: SQLAlchemy's traceback, where -x url's is one line
        raise Refused(describe(error, url) or str(error), ExitCode.DATABASE) from None
    try:
        missing = file is not None and not file.exists()
    except OSError as error:  # a folder on its way this user may not enter: exists() raised it, a traceback
        raise Refused(f"can't look for the database at {file} ({error.strerror}; QUIZ_DATA_DIR's, or "
                      "QUIZ_DATABASE_URL's if set): let this user into its folder", ExitCode.DATABASE) from None
    if missing and not context.is_offline_mode():
        raise Refused(f"there is no database at {file} (QUIZ_DATA_DIR's, or QUIZ_DATABASE_URL's if set): "
                      "`quiztutor run` creates it on its first start; or name another with -x url=...",
                      ExitCode.DATABASE)
    return url


def warn_of_misspelt_settings() -> None:
    """As `quiztutor` warns at start-up: a misspelt QUIZ_DATABSE_URL left the command on QUIZ_DATA_DIR's SQLite
    file without a word, and a downgrade meant for PostgreSQL went there."""
    from adapters.platforms import chat_platforms
    from adapters.unknown_variables import spelled_twice, unknown_variables

    platforms = chat_platforms()
    for line in [*unknown_variables(os.environ, platforms), *spelled_twice(os.environ, platforms)]:
        if sys.stderr is not None:  # closed (2>&-)
            print(f"warning: {line}", file=sys.stderr)


def run_locked(connection: Connection, told: str) -> None:
    lock_migrations(connection)  # as the bot's own start-up takes it: never two migrations at once
    run_on(connection, told)


async def run_from_url() -> None:
    url, setting = database_url()
    try:
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite" and sqlite_file(parsed) is None:  # as storage.database refuses it:
            raise InMemoryDatabase(url)  # migrated, then gone at exit, with "schema None -> head" and exit 0
        if (file := sqlite_file(parsed)) is not None:  # a folder, a FIFO, a device: as storage.database refuses
            refuse_no_file(file)  # them (SQLite said "unable to open database file", or "disk I/O error")
        engine = create_unpooled_engine(url)  # one use, then disposed
        try:
            async with engine.begin() as connection:
                # Said, as the database is taken from the bot's settings: a downgrade of the wrong one shows.
                await connection.run_sync(run_locked, where(url, setting))
        finally:
            await engine.dispose()
    except CommandError:
        raise  # ours, or alembic's own (a revision it can't find): one line either way
    except Exception as error:
        # A database that can't be reached or refuses the role was a driver's long traceback: one line instead,
        # in the words `quiztutor run` uses, never the password (alembic --raiseerr still shows the traceback).
        if (message := describe(error, url, setting)) is None:
            raise
        raise Refused(message, ExitCode.DATABASE) from error


def as_a_command(run: Callable[[], None]) -> None:
    """From alembic's command line, a failure is its FAILED line, as alembic words it, and the exit code
    `quiztutor` gives its kind (README's table): alembic's own, 255, is listed nowhere and tells no kind apart;
    Ctrl-C is 130.
    Alembic's own failures here are the command line's (a revision it can't find): 2, as argparse's. A test's
    alembic_config(url), without a command line, and `alembic --raiseerr` get the error as raised."""
    options = config.cmd_opts
    if options is not None and config.stdout is None:
        # alembic's own command line started with stdout closed (`>&-`): where the command ends (or `current`'s
        # answer) went to None, a traceback, and an upgrade was rolled back with it. Refused first, as
        # `quiztutor migrate >&-` is; alembic's commands that don't run env.py (history, heads) are alembic's own.
        closed_output("alembic")
        raise SystemExit(ExitCode.CONFIGURATION)
    if options is None or getattr(options, "raiseerr", False):
        run()
        return
    try:
        run()
    except CommandError as error:
        config.print_stdout(f"FAILED: {error}")
        raise SystemExit(error.code if isinstance(error, Refused) else ExitCode.CONFIGURATION) from None
    except KeyboardInterrupt:  # asyncio.run's, once it cancelled the work (its transaction rolled back, unless
        # Ctrl-C came as it committed): as `quiztutor` ends on Ctrl-C, not a traceback through asyncio
        if sys.stderr is not None:
            print("alembic: interrupted (Ctrl-C); `alembic -c storage/alembic.ini current` says at which schema the "
                  "database is", file=sys.stderr)
        raise SystemExit(ExitCode.INTERRUPTED) from None


def run_offline() -> None:
    """`alembic ... --sql`: the SQL printed, not run."""
    url, setting = database_url()
    try:
        context.configure(url=url, target_metadata=target_metadata, literal_binds=True)
    except Exception as error:  # a URL that is none (-x url=foo): SQLAlchemy's ArgumentError, a traceback
        if (message := describe(error, url, setting)) is None:
            raise
        raise Refused(message, ExitCode.DATABASE) from error
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    as_a_command(run_offline)
elif (given := config.attributes.get("connection")) is not None:
    run_on(given)
else:
    as_a_command(lambda: asyncio.run(run_from_url()))
