"""Run as ``python -m tests.support.reload_in_french CONTENT_DIR`` (by a test, in a process that file modes hold
for): loads the content, prints "loaded", waits for a line on stdin (the test breaks the files meanwhile), reloads,
and prints as JSON the report a French admin reads and whether the previous catalog is still served."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from bot.content.library import ContentLibrary
from bot.i18n import UiTexts
from bot.reload_report import reload_report
from content import default_content_dir


async def reload_once(content_dir: Path) -> dict[str, object]:
    library = ContentLibrary.load(content_dir)
    before = library.catalog
    print("loaded", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    try:
        result = await library.reload()
    except Exception as error:  # what the test is there to catch: said, not a traceback to parse
        return {"raised": f"{type(error).__name__}: {error}"}
    french = UiTexts.load(default_content_dir() / "locales").for_language("fr")
    report = reload_report(result, french)
    return {"kept": library.catalog is before, "summary": report.summary, "problems": list(report.problems)}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(reload_once(Path(sys.argv[1]))), ensure_ascii=False), flush=True)
