"""A quiz's title is content too: "setup.py tips" (.py is Paraguay's domain) or "x.ai" would be a link Telegram
makes by itself wherever the bot shows it, in the list of quizzes, a preview, the welcome back, the summary, the
progress, a group game's lobby and podium, as would the answer a game's results name. Each shows such words as
every other piece of content does (html_text.content): in code, the bot's own commands beside them still
commands."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.support.content import edit_question
from tests.telegram.game_steps import begun, group_calls, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import GROUP, correct, for_chat, next_poll, poll_id, running_bot
from tests.telegram.test_telegram_content_links import unmeant

TITLE = "setup.py tips for x.ai"
ANSWER = "All-reduce (see setup.py)"
ADA = FakeUser(131, "Ada", "en")
GAMES = 0.02  # seconds between looks for game phases that are due


def with_link_like_title(content_dir: Path) -> None:
    path = content_dir / "quizzes" / "collectives.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    quiz["title"] = dict.fromkeys(quiz["title"], TITLE)
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")

    def answer_names_a_file(question: dict[str, Any]) -> None:
        next(option for option in question["options"] if option["id"] == "all-reduce")["text"]["en"] = ANSWER
    edit_question(content_dir, "sum-everywhere", answer_names_a_file)


def shown(texts: list[str], words: str) -> list[str]:
    """The texts that show ``words`` (as code or not)."""
    return [text for text in texts if words in re.sub(r"</?code>", "", text)]


def linked(texts: list[str]) -> dict[str, list[str]]:
    """What Telegram would make an entity of in each text, but the bot's own commands ("/quiz collectives")."""
    return {text: found for text in texts if (found := [word for word in unmeant(text) if not word.startswith("/")])}


async def test_a_learner_never_meets_a_link_made_of_a_quiz_s_title(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    with_link_like_title(content_dir)
    async with running_bot(settings):
        await api.command(ADA, "/quizzes")
        await api.wait_for("sendMessage", 1, lambda p: "Available quizzes" in p["text"])
        await api.command(ADA, "/preview collectives")
        await api.wait_for("sendMessage", 1, lambda p: "questions. Answers and explanations" in p["text"])
        await api.command(ADA, "/quiz collectives")
        first = await next_poll(api, ADA.id, 1)
        await api.command(ADA, "/start")  # the welcome names the quiz left open
        await api.wait_for("sendMessage", 1, lambda p: "still in progress" in p["text"])
        await api.answer_poll(ADA, poll_id(first), [correct(first)])
        second = await next_poll(api, ADA.id, 2)
        await api.answer_poll(ADA, poll_id(second), [correct(second)])
        third = await next_poll(api, ADA.id, 3)
        await api.answer_poll(ADA, poll_id(third), [correct(third)])
        await api.wait_for("sendMessage", 1, lambda p: "Quiz finished" in p["text"])
        await api.command(ADA, "/progress")
        await api.wait_for("sendMessage", 1, lambda p: "Your progress" in p["text"])
        texts = [call.params.get("text") or call.params.get("caption", "")
                 for call in api.requests if call.ok and for_chat(ADA.id)(call.params)]
    assert len(shown(texts, TITLE)) >= 5  # the list, the preview, the welcome, the summary, the progress
    assert linked(texts) == {}


async def test_a_group_game_s_messages_make_no_link_of_its_title_or_answer(
        api: FakeBotApi, settings: Settings, content_dir: Path, clock: FixedClock) -> None:
    with_link_like_title(content_dir)
    async with running_bot(settings, clock, game_interval=GAMES):
        _game, first = await begun(api, ADA, GROUP)
        await vote(api, first, ADA, right=True)
        await api.wait_for("sendMessage", 1, lambda p: "Answers: " in p["text"])
        await api.command(ADA, "/game stop", GROUP)
        await api.wait_for("sendMessage", 1, lambda p: "Game stopped" in p["text"])
        texts = [call.params["text"] for call in group_calls(api, GROUP) if "text" in call.params]
    assert len(shown(texts, TITLE)) >= 2 and shown(texts, ANSWER)  # the lobby, the podium; the results
    assert linked(texts) == {}
