"""A quiz file that is a broken link (to a file moved away, or deleted between the listing and the read) or a link
loop, or a concepts file so broken: /reload keeps the content it serves and tells the admin why in their language,
the system's reason included, not "illisible : No such file or directory" in French."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.content.library import ContentLibrary
from bot.i18n import UiTexts
from bot.reload_report import reload_report
from content import default_content_dir


def broken_link(path: Path) -> None:
    path.symlink_to(path.parent / "moved-away.yaml")


def link_loop(path: Path) -> None:
    path.symlink_to(path.name)


FRENCH: dict[Callable[[Path], None], str] = {broken_link: "fichier ou dossier introuvable",
                                             link_loop: "trop de niveaux de liens symboliques"}


@pytest.mark.parametrize("make", [broken_link, link_loop])
@pytest.mark.parametrize("where", ["quizzes/extra.yaml", "concepts.yaml"])
async def test_a_french_admin_hears_why_a_linked_file_cant_be_read(
        library: ContentLibrary, content_dir: Path, make: Callable[[Path], None], where: str) -> None:
    before = library.catalog
    make(content_dir / where)
    result = await library.reload()
    assert not result.ok and library.catalog is before
    report = reload_report(result, UiTexts.load(default_content_dir() / "locales").for_language("fr"))
    assert report.problems == (f"{Path(where).name}\u00a0: illisible\u00a0: {FRENCH[make]}",)
