"""An admin's /reload sent in a group: the group reads one line of its outcome, named for the admin; the whole
report (its problems name the server's folders) goes to the admin's private chat, or, when the bot may not write
there, the group line says where the problems are listed. Before, the whole report was posted in the group."""

from __future__ import annotations

import shutil
from pathlib import Path

from adapters.settings import Settings
from tests.telegram.fake_types import Failure
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import ADMIN, GROUP, for_chat, running_bot

NEVER_STARTED = Failure(403, "Forbidden: bot can't initiate conversation with a user")
ADMIN_SAYS = "<b>Admin</b> · "


def no_quiz_files(content_dir: Path) -> None:
    """A content folder whose quizzes/ holds no quiz: its one problem names that folder's absolute path."""
    aside = content_dir.parent / "aside"
    shutil.move(content_dir / "quizzes", aside)
    (content_dir / "quizzes").mkdir()


async def test_a_failed_reload_in_a_group_says_one_line_there_and_the_whole_report_privately(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    async with running_bot(settings) as engine:
        no_quiz_files(content_dir)
        await api.command(ADMIN, "/reload", GROUP)
        await api.wait_for("sendMessage", 1, for_chat(GROUP.id))
        await api.settle()
        _ = engine.localizer_for("en")
    failed = _.ngettext("The new content has {n} problem, so I kept serving the previous content.",
                        "The new content has {n} problems, so I kept serving the previous content.", 1)
    assert api.sent_texts(GROUP.id) == [
        ADMIN_SAYS + failed + " " + _("I sent you the details in a private message.")]
    [report] = api.sent_texts(ADMIN.id)
    assert str(content_dir / "quizzes") in report  # the problem, for the admin alone
    assert report.startswith(_.ngettext("The new content has {n} problem, so I kept serving the previous content:",
                                        "The new content has {n} problems, so I kept serving the previous "
                                        "content:", 1))


async def test_an_admin_the_bot_cant_write_to_is_told_in_the_group_in_their_language_where_the_problems_are(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    async with running_bot(settings) as engine:
        await api.command(ADMIN, "/language fr")
        await api.wait_for("sendMessage", 1, for_chat(ADMIN.id))
        api.refusing[ADMIN.id] = NEVER_STARTED  # blocked the bot since
        no_quiz_files(content_dir)
        await api.command(ADMIN, "/reload", GROUP)
        await api.wait_for("sendMessage", 1, for_chat(GROUP.id))
        await api.settle()
        fr = engine.localizer_for("fr")
    failed = fr.ngettext("The new content has {n} problem, so I kept serving the previous content.",
                         "The new content has {n} problems, so I kept serving the previous content.", 1)
    listed = fr("Every problem is listed by quiztutor validate (run on the content folder) and in the bot's log.")
    assert "quiztutor validate" in listed and not listed.startswith("Every")  # translated
    assert api.sent_texts(GROUP.id) == [ADMIN_SAYS + failed + " " + listed]


async def test_a_reload_that_worked_says_its_count_in_the_group_and_the_changes_privately(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    async with running_bot(settings) as engine:
        (content_dir / "quizzes" / "long-options.yaml").unlink()
        await api.command(ADMIN, "/reload", GROUP)
        await api.wait_for("sendMessage", 1, for_chat(GROUP.id))
        await api.settle()
        _ = engine.localizer_for("en")
    reloaded = _("Content reloaded: {quizzes}, {questions}.", quizzes=_.ngettext("{n} quiz", "{n} quizzes", 1),
                 questions=_.ngettext("{n} question", "{n} questions", 3))
    assert api.sent_texts(GROUP.id) == [ADMIN_SAYS + reloaded + " " + _("I sent you the details in a private "
                                                                        "message.")]
    [report] = api.sent_texts(ADMIN.id)
    assert report.startswith(reloaded) and _("Removed quizzes: {ids}.", ids="long-options") in report


async def test_a_reload_that_worked_for_an_admin_the_bot_cant_write_to_says_its_count_alone(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    api.refusing[ADMIN.id] = NEVER_STARTED
    async with running_bot(settings) as engine:
        await api.command(ADMIN, "/reload", GROUP)
        await api.wait_for("sendMessage", 1, for_chat(GROUP.id))
        await api.settle()
        _ = engine.localizer_for("en")
    assert api.sent_texts(GROUP.id) == [ADMIN_SAYS + _(
        "Content reloaded: {quizzes}, {questions}.", quizzes=_.ngettext("{n} quiz", "{n} quizzes", 2),
        questions=_.ngettext("{n} question", "{n} questions", 4))]
