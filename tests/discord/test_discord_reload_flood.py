"""/reload of a quiz file with thousands of broken questions: the admin's reply holds the count, the first problems
and where to see them all, in the interaction's answer and at most one follow-up, in the admin's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.content.library import load_catalog
from bot.content.problems import ContentError
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ADMIN_ID, RunningBot
from tests.discord.payloads import EPHEMERAL

BROKEN_QUESTIONS = 400  # five problems each: about 60 follow-ups before, past the token's 15 minutes at scale


async def test_a_reload_with_thousands_of_problems_answers_in_two_messages_in_the_admins_language(
        bot: RunningBot, fake: FakeDiscord, content_dir: Path) -> None:
    (content_dir / "quizzes" / "broken.yaml").write_text("id: broken\nquestions:\n" + "- {}\n" * BROKEN_QUESTIONS,
                                                         encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_catalog(content_dir)
    problems = len(error.value.problems)
    fr = bot.engine.localizer_for("fr")
    pointer = fr.ngettext("…and {n} more problem. Every problem is listed by quiztutor validate (run on the "
                          "content folder) and in the bot's log.",
                          "…and {n} more problems. Every problem is listed by quiztutor validate (run on the "
                          "content folder) and in the bot's log.", 2).split(". ", 1)[1]
    assert "quiztutor validate" in pointer and "Every" not in pointer

    token = await fake.slash("reload", user_id=ADMIN_ID, locale="fr")
    await fake.wait_until(lambda: any(pointer in call.content for call in fake.answers(token)), within=10)
    answers = [call.content for call in fake.answers(token)]
    assert len(answers) <= 2, len(answers)
    assert all(len(text) <= 2000 for text in answers)
    lines = "\n".join(answers).splitlines()
    assert lines[0] == fr.ngettext("The new content has {n} problem, so I kept serving the previous content:",
                                   "The new content has {n} problems, so I kept serving the previous content:",
                                   problems)
    shown = sum(line.startswith("• ") for line in lines)
    assert 20 <= shown < 100
    assert lines[1].startswith("• broken.yaml") and "\xa0: " in lines[1]  # the problems in French too
    assert lines[-1].startswith(f"…et {problems - shown} autres problèmes. ") and lines[-1].endswith(pointer)
    # In a server's channel, for the admin alone: the problems name the server's files (a folder's absolute path).
    posted = [call for call in fake.interaction_calls(token) if call.method == "POST"]  # "thinking…", follow-up
    assert len(posted) == 2 and all(call.flags & EPHEMERAL for call in posted)
