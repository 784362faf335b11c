"""`quiztutor run` names the files in quizzes/ it did not read, once, as `validate` and /reload do."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.telegram.processes import BotProcess, bot_env
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import FIXTURES

NOT_READ = "notes.txt: not read: quiz files end in .yaml or .yml"


async def test_run_warns_once_at_start_up_of_each_file_in_quizzes_it_did_not_read(api: FakeBotApi,
                                                                                 tmp_path: Path) -> None:
    """Before, an operator who deployed fsdp.yaml.txt (or a folder of drafts) saw a bot without that quiz and no
    word of why in its log: only `validate` and an admin's /reload named such files."""
    content = tmp_path / "content"
    shutil.copytree(FIXTURES, content)
    (content / "quizzes" / "notes.txt").write_text("drafts\n", encoding="utf-8")
    (content / "quizzes" / "drafts").mkdir()
    bot = await BotProcess.start(bot_env(api.base_url, tmp_path, QUIZ_CONTENT_DIR=str(content)))
    try:
        await bot.wait_for_line("telegram adapter started", within=60)
    finally:
        code = await bot.stop()
    assert code == 0, bot.log
    [heading] = [line for line in bot.lines if "2 files in quizzes/ were not read" in line]
    assert "WARNING" in heading, bot.log
    assert bot.log.count(NOT_READ) == 1, bot.log
    assert bot.log.count("drafts: not read: a folder") == 1, bot.log
