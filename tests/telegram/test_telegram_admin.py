"""/reload: admins re-read the content; a broken reload keeps the old content; everyone else is refused."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import ADMIN, AMINATA, correct, for_chat, next_poll, poll_id, running_bot


def edit_quiz(content_dir: Path, quiz_id: str, change: Callable[[dict[str, Any]], object]) -> None:
    path = content_dir / "quizzes" / f"{quiz_id}.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(quiz)
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")


async def test_reload_by_someone_who_is_not_an_admin_is_politely_refused_in_their_language(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/reload")
        reply = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0]
    _ = engine.localizer_for("fr")
    assert reply.params["text"] == _("Sorry, only the bot's admins can reload the content.")


async def test_reload_by_an_admin_reports_the_changes_and_sessions_in_progress_skip_removed_questions(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)

        edit_quiz(content_dir, "collectives",
                  lambda quiz: quiz.update(questions=[q for q in quiz["questions"] if q["id"] != "shards-to-full"]))
        await api.command(ADMIN, "/reload")
        report = (await api.wait_for("sendMessage", 1, for_chat(ADMIN.id)))[0].params["text"]
        _ = engine.localizer_for("en")
        assert "Content reloaded: 2 quizzes, 3 questions." in report
        assert "Questions added: 0, removed: 1, changed: 0." in report

        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        after = await next_poll(api, AMINATA.id, 2)
        assert after.params["question"].startswith("3/3 · Which link")  # question 2 is gone
        fr = engine.localizer_for("fr")
        notice = fr.ngettext("A question was removed from this quiz since you started, so it was skipped.",
                             "{n} questions were removed from this quiz since you started, so they were skipped.", 1)
        assert any(notice in text for text in api.sent_texts(AMINATA.id))


async def test_a_vote_on_a_quiz_a_reload_removed_is_told_the_quiz_is_gone(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    """The notice closing the session came without a chat, and a vote (which has none) was left unanswered."""
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        (content_dir / "quizzes" / "collectives.yaml").unlink()
        await api.command(ADMIN, "/reload")
        await api.wait_for("sendMessage", 1, for_chat(ADMIN.id))
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        closed = engine.localizer_for("fr")("This quiz has been removed, so your session was closed.")
        await api.wait_for("sendMessage", 1, lambda call: call["text"] == closed)
        assert closed in api.sent_texts(AMINATA.id)


async def test_reload_of_broken_content_keeps_serving_the_previous_content_and_lists_the_problems(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    async with running_bot(settings) as engine:
        edit_quiz(content_dir, "collectives", lambda quiz: quiz["questions"][0].update(answer="gossip"))
        edit_quiz(content_dir, "long-options", lambda quiz: quiz["questions"][0]["prompt"].pop("fr"))
        (content_dir / "quizzes" / "notes.txt").write_text("drafts\n", encoding="utf-8")
        await api.command(ADMIN, "/reload")
        report = (await api.wait_for("sendMessage", 1, for_chat(ADMIN.id)))[0].params["text"]
        _ = engine.localizer_for("en")
        assert report.startswith(_.ngettext("The new content has {n} problem, so I kept serving the previous "
                                            "content:", "The new content has {n} problems, so I kept serving "
                                            "the previous content:", 2))
        assert "gossip" in report and "&#x27;" not in report
        assert "long-options" in report
        # After the problems, as a successful reload says them: maybe why a quiz is missing.
        assert report.endswith("\n1 file in quizzes/ was not read:\n• notes.txt: not read: quiz files end in .yaml "
                               "or .yml"), report

        await api.command(AMINATA, "/quiz collectives")  # the previous, valid content is still served
        first = await next_poll(api, AMINATA.id, 1)
        assert first.params["question"].startswith("1/3 ")


async def test_an_unknown_language_code_is_reported_to_a_french_admin_without_an_english_or(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    """The codes to use were joined with " or " before the sentence was translated, so a French admin read
    "utilisez en, fr, sw, yo or sn": the joining word is the translation's now, as the rest of the sentence."""
    async with running_bot(settings):
        await api.command(ADMIN, "/language fr")
        await api.wait_for("sendMessage", 1, for_chat(ADMIN.id))
        edit_quiz(content_dir, "collectives", lambda quiz: quiz["questions"][0]["prompt"].update(xx="Quoi ?"))
        await api.command(ADMIN, "/reload")
        report = (await api.wait_for("sendMessage", 2, for_chat(ADMIN.id)))[1].params["text"]
    assert "prompt.xx\xa0: code de langue inconnu (utilisez en, fr, sw, yo ou sn\xa0;" in report, report
    assert " or " not in report, report
