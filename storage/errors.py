"""Database failures in an operator's words: what is wrong with the database, never a driver's traceback."""

from __future__ import annotations

import errno
import os
import traceback
from collections.abc import Iterator
from pathlib import Path

from alembic.util.exc import CommandError
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, InvalidRequestError, NoSuchModuleError

from storage.database import InMemoryDatabase, SpecialFile, sqlite_file
from storage.migrate import ForeignDatabase, ReadOnlyDatabase, SchemaNotCurrent, SchemaNotOurs

# The storage's own words for a full disk: SQLite's SQLITE_FULL, PostgreSQL's disk_full (SQLSTATE 53100).
SQLITE_FULL = "database or disk is full"
POSTGRES_DISK_FULL = "53100"
READ_ONLY = "{where} is read-only: QuizTutor needs to write to it"
UNABLE_TO_OPEN = "unable to open database file"  # SQLite's, whatever kept it from opening the file
# Driver messages worth recognising (SQLite's and asyncpg's wording), and what they mean to an operator.
KNOWN_MESSAGES = (
    ("file is not a database", "{where} is not a SQLite database (a different kind of file?)"),
    (SQLITE_FULL, "the disk holding {where} is full"),
    ("disk i/o error", "can't write {where}: disk I/O error (is the disk full, or the file too large?)"),
    ("readonly database", READ_ONLY),
    ("read-only file system", "{where} is on a read-only file system"),
    # SQLite's busy timeout (5 s, storage/database.py and pysqlite's default alike) passed waiting for its lock.
    ("database is locked", "{where} is locked: another process kept it locked for over 5 seconds (a QuizTutor "
     "running or migrating it, or a program holding a transaction open on it): stop that process, or try again "
     "once it is done"),
    (UNABLE_TO_OPEN, "can't open {where}: does its folder exist and is it writable?"),
    ("already exists", "{where} already holds tables of another application; give QuizTutor its own database"),
    ("password authentication failed", "PostgreSQL refused the user or password in {setting}"),
    ("does not exist", "{where}: {detail}"),
)

# libpq's sslmode, in the URLs hosted PostgreSQL services hand out: asyncpg names that option ssl.
SSLMODE_HINT = ": write ssl= instead of sslmode= (asyncpg's name for it, with the same values: ?ssl=require)"


class DatabaseUnavailable(Exception):
    """The database can't be opened, migrated or written; the message says why, without secrets."""


# Where the database's URL comes from, as the messages name it; alembic's command line may name -x url instead.
SETTING = "QUIZ_DATABASE_URL"


def where(url: str, setting: str = SETTING) -> str:
    """The database as an operator knows it: the SQLite file, or the URL without its password."""
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):  # ValueError: a port that is no number
        return setting
    if parsed.get_backend_name() == "sqlite":
        file = sqlite_file(parsed)
        return f"the SQLite file {file}" if file is not None else "the SQLite database"
    # The driver takes a password in the query too (?password=..., ?sslpassword=...): hidden as the URL's own is.
    hidden = {key: "***" for key in parsed.query if "password" in key.lower()}
    shown = parsed.update_query_dict(hidden).render_as_string(hide_password=True)
    return shown.replace("=%2A%2A%2A", "=***")  # as the URL's own password is shown: unquoted


def describe(error: BaseException, url: str, setting: str = SETTING) -> str | None:
    """One sentence for a database failure anywhere in ``error``'s chain; None if it isn't one. ``setting``: where
    the URL came from, as the messages name it."""
    place = where(url, setting)
    for cause in chain(error):
        if isinstance(cause, InMemoryDatabase):
            return f"{setting} names a SQLite database in memory, which would lose everything at exit; name " \
                   "a file by its absolute path (four slashes): sqlite+aiosqlite:////srv/quiz/quiztutor.sqlite3"
        if isinstance(cause, SpecialFile):
            return f"{cause}, where QuizTutor needs its SQLite database file (check {_settings(setting)})"
        if isinstance(cause, SchemaNotCurrent):
            if cause.current is None:
                return f"{place} holds no QuizTutor tables yet: `quiztutor run` creates them"
            return f"{place} is at schema {cause.current}, and this QuizTutor reads {cause.head}: start this " \
                   "version's `quiztutor run` once to upgrade it (or use the QuizTutor that set it up)"
        if isinstance(cause, ReadOnlyDatabase):
            return _read_only(url, place)
        if isinstance(cause, SchemaNotOurs):
            return _not_owner(cause, url, place)
        if isinstance(cause, ForeignDatabase):
            return f"{place} already holds tables of another application ({cause}); give QuizTutor its own database"
        if isinstance(cause, NoSuchModuleError):  # a kind of ArgumentError, so checked first
            return f"{setting} names a database QuizTutor can't use ({cause}); use sqlite+aiosqlite or " \
                   "postgresql+asyncpg"
        if isinstance(cause, ArgumentError):
            return f"{setting} is not a database URL (e.g. postgresql+asyncpg://user:password@host/db)"
        if isinstance(cause, ModuleNotFoundError):
            return f"the database driver in {setting} isn't installed ({cause.name}); use " \
                   "postgresql+asyncpg:// or sqlite+aiosqlite://"
        if isinstance(cause, TypeError) and _names_a_query_option(cause, url):
            return f"{setting}'s query names an option the database driver doesn't take ({cause})" + (
                SSLMODE_HINT if "'sslmode'" in str(cause) else "")
        if isinstance(cause, ValueError | TypeError) and _raised_reading_options(cause):
            return f"{setting}'s query gives an option a value the database driver can't take ({cause})"
        if isinstance(cause, InvalidRequestError) and "async" in str(cause):
            return f"{setting} needs an async driver: postgresql+asyncpg:// or sqlite+aiosqlite://"
        if isinstance(cause, CommandError) and "Can't locate revision" in str(cause):
            return (f"{place} was set up by a newer QuizTutor or another application ({cause}): to run this release "
                    "on it, downgrade it with the newer release first (README, \"Rolling back\")")
        if isinstance(cause, DBAPIError) or _is_driver_error(cause):
            text = str(getattr(cause, "orig", None) or cause)
            for needle, message in KNOWN_MESSAGES:
                if needle in text.lower():
                    if message == READ_ONLY:  # the file, or its folder
                        return _read_only(url, place)
                    if needle == UNABLE_TO_OPEN and (denied := _denied(url)) is not None:
                        return f"can't open {place}: {denied}"
                    return message.format(where=place, detail=text.splitlines()[0], setting=setting)
            return f"{place} failed: {text.splitlines()[0] if text else type(cause).__name__}"
        if isinstance(cause, OSError) and cause.errno is not None:
            return _os_failure(cause, place, setting)
        if isinstance(cause, TimeoutError):  # asyncpg's connect time-out: no errno, often no message either
            return f"can't reach {place}: {str(cause) or 'no answer in time'}"
        if isinstance(cause, ConnectionError):  # asyncpg's, without an errno: something not PostgreSQL answered
            return f"can't reach {place}: {cause}"
    return None


def _read_only(url: str, place: str) -> str:
    """READ_ONLY, or, for a SQLite file that may be written in a folder that may not, the folder: SQLite makes its
    -wal and -shm files beside the file, and making the file writable would change nothing."""
    try:
        file = sqlite_file(make_url(url))
    except (ArgumentError, ValueError):
        file = None
    if file is not None and os.access(file, os.W_OK) and not os.access(file.parent, os.W_OK):
        return f"{place} can be written, but its folder {file.parent} can't be written, and SQLite needs to make " \
               "its -wal and -shm files there: let this user write to the folder"
    return READ_ONLY.format(where=place)


def _denied(url: str) -> str | None:
    """_denied_at the SQLite file ``url`` names; None for another database."""
    try:
        file = sqlite_file(make_url(url))
    except (ArgumentError, ValueError):
        return None
    return _denied_at(file) if file is not None else None


def _denied_at(file: Path) -> str | None:
    """What this user may not do that opening ``file`` needs, tried as it would be done: enter a folder on its way,
    or read the file; None if neither (or it isn't there). SQLite says "unable to open database file" of both, and a
    check of the file before it raises PermissionError: neither is about writing, nor the folder's existence."""
    for path in [*reversed(file.parents), file]:
        try:
            os.stat(path)
        except PermissionError:
            return f"this user may not enter the folder {path.parent}"
        except OSError:  # not there (yet): nothing denied on the way
            return None
    try:
        os.close(os.open(file, os.O_RDONLY | os.O_NONBLOCK))  # non-blocking: a FIFO's open would wait for a writer
    except PermissionError:
        if file.is_dir():  # entered, not listed (mode 300): the process lock looks there for its other files
            return f"this user may not list the folder {file} (it may enter it, not read it), where QuizTutor " \
                   "looks for its processes' lock files beside the database: let this user read the folder"
        return "this user may not read it"
    except OSError:  # refused otherwise: said elsewhere
        return None
    return None


def _not_owner(error: SchemaNotOurs, url: str, place: str) -> str:
    """What to run, as the server's superuser, to give the role its database (and so its public schema)."""
    parsed = make_url(url)
    quote = postgresql.dialect().identifier_preparer.quote  # as SQL reads it: quoted when needed ("user")
    database, role = (quote(name) if name else unnamed  # none in the URL: the driver's default
                      for name, unnamed in ((parsed.database, "<database>"), (parsed.username, "<role>")))
    return f"{place} doesn't let its role create or change QuizTutor's tables ({error}): give the role the " \
           f"database, as the server's superuser: ALTER DATABASE {database} OWNER TO {role} (since PostgreSQL 15 " \
           "only the database's owner may create tables in its public schema)"



def _names_a_query_option(error: TypeError, url: str) -> bool:
    """Whether the driver's connect refused an option the URL's query gave it (any other such TypeError is a bug
    of ours, to be traced, not a setting to fix)."""
    try:
        options = make_url(url).query
    except (ArgumentError, ValueError):
        return False
    return "unexpected keyword argument" in str(error) and any(f"'{option}'" in str(error) for option in options)


# Where SQLAlchemy's dialects and asyncpg turn the URL's query into connect arguments: a ValueError or TypeError
# raised there is an option's value they can't take (?command_timeout=60s, ?timeout=abc for SQLite).
READING_OPTIONS = frozenset({"create_connect_args", "_parse_connect_arguments"})


def _raised_reading_options(error: Exception) -> bool:
    """Whether ``error`` was raised reading the URL's options (a setting to fix); any other such error is a bug
    of ours, to be traced."""
    return any(frame.name in READING_OPTIONS for frame in traceback.extract_tb(error.__traceback__))


def _os_failure(error: OSError, place: str, setting: str) -> str:
    target = error.filename or place
    if error.errno in (errno.ECONNREFUSED, errno.EHOSTUNREACH, errno.ETIMEDOUT, errno.ENETUNREACH):
        return f"can't reach {place}: {error.strerror or error}"
    if error.errno in (errno.EEXIST, errno.ENOTDIR):
        return f"{_file_in_the_way(Path(target))} is a file, but QuizTutor needs a folder there (check " \
               f"{_settings(setting)})"
    if error.errno == errno.EISDIR:
        return (f"{target} is a folder, where QuizTutor needs a SQLite file: name the file in {setting} "
                f"(such as sqlite+aiosqlite:///{target}/quiztutor.sqlite3)")
    if error.errno == errno.ENOSPC:
        return f"the disk holding {target} is full"
    if error.errno in (errno.EACCES, errno.EPERM) and (denied := _denied_at(Path(target))) is not None:
        return f"can't open {place}: {denied}"  # a SQLite file looked at before SQLite opens it: no write yet
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return f"can't write to {target}: {error.strerror}"
    return f"{target}: {error.strerror or error}"


def _settings(setting: str) -> str:
    """The settings that put the database where it is: QUIZ_DATA_DIR's file unless QUIZ_DATABASE_URL names one."""
    return "QUIZ_DATA_DIR, or QUIZ_DATABASE_URL if set" if setting == SETTING else setting


def _file_in_the_way(path: Path) -> Path:
    """The file where a folder of ``path`` should be: a folder's mkdir names the folder it was making
    (data/quiz/2027), not the file (data) that kept it from being made."""
    return next((part for part in reversed([path, *path.parents]) if part.exists() and not part.is_dir()), path)


def _is_driver_error(error: BaseException) -> bool:
    """A driver's own exception that SQLAlchemy didn't wrap (asyncpg raises some at connect time)."""
    module = type(error).__module__
    return module.startswith(("asyncpg", "sqlite3", "aiosqlite"))


# SQLSTATEs that mean the connection failed, not the statement: class 08's connection failures (not 08P01, a
# protocol violation, which is a bug), the server shutting down, crashing or starting (57P01-57P03: an
# administrator's command, a restart, a failover), and the server refusing a new connection for want of a slot
# (53300: max_connections, or a role's or database's connection limit, reached), over once another closes.
CONNECTION_LOST_SQLSTATES = frozenset({"08000", "08001", "08003", "08004", "08006", "57P01", "57P02", "57P03",
                                       "53300"})
# asyncpg's words when its connection is gone; its other client-side errors (wrong arguments, a connection used
# by two operations at once) are bugs.
CONNECTION_CLOSED = ("connection is closed", "connection was closed")


def connection_lost(error: BaseException) -> bool:
    """Whether ``error`` itself (one link of a chain) says the database connection was refused, cut or lost: an
    outage that the same work, tried again later, gets past."""
    if isinstance(error, ConnectionError | TimeoutError):
        return True
    if isinstance(error, DBAPIError) and error.connection_invalidated:  # SQLAlchemy saw a disconnect
        return True
    if getattr(error, "sqlstate", None) in CONNECTION_LOST_SQLSTATES:  # asyncpg's, not imported: storage/ is
        return True  # driver-neutral here
    return type(error).__module__.startswith("asyncpg") and any(
        words in str(error).lower() for words in CONNECTION_CLOSED)


def storage_full(error: BaseException) -> bool:
    """Whether the disk holding the database is full anywhere in ``error``'s chain: SQLite may say it only in the
    context of a later error (its whole transaction rolled back, the action's savepoint is gone)."""
    return any(SQLITE_FULL in str(cause).lower() or getattr(cause, "sqlstate", None) == POSTGRES_DISK_FULL
               or (isinstance(cause, OSError) and cause.errno == errno.ENOSPC) for cause in chain(error))


def chain(error: BaseException) -> Iterator[BaseException]:
    """The error, then what caused it, as far as Python recorded."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__
