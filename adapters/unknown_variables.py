"""QUIZ_* variables no setting reads. A misspelt name (QUIZ_DATABSE_URL) was ignored without a word and its setting
kept its default: a replica meant for PostgreSQL served a SQLite file of its own. Said, not refused: an env file
kept across a rollback may name a newer release's settings. And a setting given twice, in two cases."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence

from pydantic_settings import BaseSettings

from adapters.platform import PlatformSpec
from adapters.settings import Settings

# Read by this repository's test suite (README, "Two commands"), not by the bot.
NOT_SETTINGS = frozenset({"QUIZ_TEST_POSTGRES_URL", "QUIZ_REQUIRE_POSTGRES"})
PREFIX = "QUIZ_"


def variables_of(model: type[BaseSettings]) -> set[str]:
    """The variables ``model`` reads, upper case (pydantic-settings reads them in any case)."""
    prefix = str(model.model_config.get("env_prefix", ""))
    return {f"{prefix}{field}".upper() for field in model.model_fields}


def _known(platforms: Sequence[PlatformSpec]) -> set[str]:
    return variables_of(Settings).union(*(variables_of(spec.settings) for spec in platforms))


def unknown_variables(environ: Mapping[str, str], platforms: Sequence[PlatformSpec]) -> list[str]:
    """One line for each QUIZ_* variable in ``environ`` that no setting reads, with the setting it most likely
    meant; never its value (it may be a secret)."""
    known = _known(platforms)
    candidates = sorted(known)
    lines = []
    for name in sorted(environ):
        upper = name.upper()
        if not upper.startswith(PREFIX) or upper in known or upper in NOT_SETTINGS:
            continue
        meant = difflib.get_close_matches(upper, candidates, n=1, cutoff=0.8)
        guess = f" (did you mean {meant[0]}?)" if meant else ""
        lines.append(f"{name} is not a QuizTutor setting, so it changes nothing{guess}")
    return lines


def spelled_twice(environ: Mapping[str, str], platforms: Sequence[PlatformSpec]) -> list[str]:
    """One line for each QUIZ_* setting given values in two spellings (the image's QUIZ_HTTP_PORT=8080 and an env
    file's quiz_http_port=9090): pydantic-settings reads names in any case and keeps the last one in the
    environment, without a word, so the other was ignored. Never the values (they may be secrets); an empty one
    counts as unset, as the settings read it."""
    known = _known(platforms)
    spellings: dict[str, list[str]] = {}
    for name, value in environ.items():
        if name.upper() in known and value != "":
            spellings.setdefault(name.lower(), []).append(name)
    return [f"{', '.join(names)} are one setting, given different values: {names[-1]} is used (the last in the "
            "environment), the others change nothing"
            for names in spellings.values() if len({environ[name] for name in names}) > 1]
