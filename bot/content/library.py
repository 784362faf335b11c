"""The catalog being served, and a reload that swaps it only when the new content is valid."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from bot.content.catalog import Catalog, CatalogChanges
from bot.content.concepts import load_concept_names
from bot.content.loader import load_quizzes, skipped_files
from bot.content.models import LocalizedText, Quiz
from bot.content.problems import ContentError, ContentProblem


@dataclass(frozen=True)
class ReloadResult:
    catalog: Catalog
    changes: CatalogChanges | None
    problems: tuple[ContentProblem, ...]
    served_already: bool = False  # an expected content that was being served when the reload got its turn
    skipped: tuple[ContentProblem, ...] = ()  # warnings: what in quizzes/ was not read as a quiz, and why

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def swapped(self) -> bool:
        """Whether the files now serve; False when they failed validation or held other content than expected."""
        return self.changes is not None


def load_catalog(content_dir: Path) -> Catalog:
    """The quizzes and the concept names, or ContentError listing every problem of both."""
    problems: list[ContentProblem] = []
    quizzes: list[Quiz] = []
    concept_names: dict[str, LocalizedText] = {}
    try:
        quizzes = load_quizzes(content_dir)
    except ContentError as error:
        problems += error.problems
    try:
        concept_names = load_concept_names(content_dir)
    except ContentError as error:
        problems += error.problems
    if problems:
        raise ContentError(problems)
    catalog = Catalog(tuple(quizzes), concept_names)
    _ = catalog.fingerprint  # hashed here, off the event loop: a reload runs this in a thread
    return catalog


class ContentLibrary:
    """Serves one catalog at a time; a failed reload keeps serving the previous one."""

    def __init__(self, content_dir: Path, catalog: Catalog) -> None:
        self._content_dir = content_dir
        self._catalog = catalog
        self._reload_lock = asyncio.Lock()

    @classmethod
    def load(cls, content_dir: Path) -> ContentLibrary:
        """Load at start-up; raises ContentError when the content is invalid."""
        return cls(content_dir, load_catalog(content_dir))

    @property
    def catalog(self) -> Catalog:
        return self._catalog

    async def reload(self, expect: str | None = None,
                     before_serving: Callable[[Catalog], Awaitable[None]] | None = None) -> ReloadResult:
        """Re-read the files and serve them if valid; with ``expect`` (the fingerprint of another process's
        reload), only if they hold that content. ``before_serving`` gets the valid catalog first: if it raises,
        nothing is swapped and the error propagates."""
        async with self._reload_lock:
            if expect is not None and expect == self._catalog.fingerprint:
                return ReloadResult(self._catalog, None, (), served_already=True)
            loaded, skipped = await asyncio.to_thread(
                lambda: (_loaded(self._content_dir), tuple(skipped_files(self._content_dir))))
            if isinstance(loaded, ContentError):  # its admin hears of the files not read too: maybe why
                return ReloadResult(self._catalog, None, tuple(loaded.problems), skipped=skipped)
            catalog = loaded
            if expect is not None and catalog.fingerprint != expect:
                return ReloadResult(self._catalog, None, ())
            if before_serving is not None:
                await before_serving(catalog)
            previous, self._catalog = self._catalog, catalog
            return ReloadResult(self._catalog, self._catalog.changes_since(previous), (), skipped=skipped)


def _loaded(content_dir: Path) -> Catalog | ContentError:
    """load_catalog's catalog, or its error."""
    try:
        return load_catalog(content_dir)
    except ContentError as error:
        return error
