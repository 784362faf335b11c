"""A failed /reload whose problems fill the admin's reply, with files in quizzes/ it did not read: after the first of
those, how many more there are and where all are named, not a list that stops short of its own count."""

from __future__ import annotations

from pathlib import Path

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import ADMIN_ID, RunningBot


async def test_a_failed_reload_says_how_many_more_files_it_did_not_read(
        bot: RunningBot, fake: FakeDiscord, content_dir: Path) -> None:
    quizzes = content_dir / "quizzes"
    (quizzes / "broken.yaml").write_text("id: broken\nquestions:\n" + "- {}\n" * 400, encoding="utf-8")
    for name in ("**notes**.txt", "drafts.txt", "old_quiz.txt"):
        (quizzes / name).write_text("drafts\n", encoding="utf-8")
    _ = bot.engine.localizer_for("en")
    heading = _.ngettext("{n} file in quizzes/ was not read:", "{n} files in quizzes/ were not read:", 3)

    token = await fake.slash("reload", user_id=ADMIN_ID)
    await fake.wait_until(lambda: any(heading in call.content for call in fake.answers(token)), within=10)
    lines = "\n".join(call.content for call in fake.answers(token)).splitlines()
    after = lines[lines.index(heading) + 1:]
    assert after[0] == "• \\*\\*notes\\*\\*.txt: not read: quiz files end in .yaml or .yml"  # shown as written
    assert after[1:] == [_.ngettext(
        "…and {n} more file not read: quiztutor validate (run on the content folder) names it.",
        "…and {n} more files not read: quiztutor validate (run on the content folder) names them all.", 2)]
