"""Content as long as the loader allows reaches a Telegram chat whole: a prompt of up to 1,500 characters with its
options (the poll shows only 300), an answer of hundreds, details of up to 1,000 characters, in a quiz, its /preview
and a group game. Before, every piece was cut at 700 characters with "…"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from adapters.settings import Settings
from bot.content.library import ContentLibrary
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import begun, vote
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import ADMIN, GROUP, next_poll, running_bot
from tests.telegram.telegram_html import shown_text
from tests.telegram.test_telegram_admin import edit_quiz

ADA = FakeUser(301, "Ada", "en")
# Escaped, each "&" and "<" takes 4-5 characters of HTML but one of what Telegram counts.
PROMPT = " ".join(f"Step {n}: R&D <rank {n}> sends its shard on." for n in range(32)) + " WHICH-ONE?"  # ~1,400
ANSWER = " ".join(f"All-reduce, phase {n} & <ring>." for n in range(30))  # ~900, the poll's options: 100
# Details at their limit, 1,000 characters: escaped, each "&" and "<" takes 4-5 characters of HTML.
DETAILS = " ".join(f"Ring step {n} moves R&D <chunk {n}> onward." for n in range(24))[:1000]
GAMES = 0.02  # seconds between looks for game phases that are due


def first_question(change: dict[str, Any]) -> Any:
    """An edit_quiz change: the English texts of collectives' first question (whose answer is all-reduce)."""
    def edit(quiz: dict[str, Any]) -> None:
        question = quiz["questions"][0]
        question["prompt"]["en"] = change.get("prompt", question["prompt"]["en"])
        question["details"]["en"] = change.get("details", question["details"]["en"])
        answer = next(option for option in question["options"] if option["id"] == question["answer"])
        answer["text"]["en"] = change.get("answer", answer["text"]["en"])
    return edit


def shown(api: FakeBotApi, chat_id: int) -> str:
    """Everything the chat was sent as text, as it reads there, its lines and messages run together."""
    return " ".join(" ".join(shown_text(text, html_mode=True).split()) for text in api.sent_texts(chat_id))


def words(text: str) -> str:
    return " ".join(text.split())


async def test_a_prompt_over_the_polls_300_characters_is_shown_whole_in_one_message_before_it(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    edit_quiz(content_dir, "collectives", first_question({"prompt": PROMPT}))
    ContentLibrary.load(content_dir)  # the loader accepts it: prompt and options under 1,500 characters
    async with running_bot(settings):
        await api.command(ADMIN, "/quiz collectives")
        poll = await next_poll(api, ADMIN.id, 1)
        assert len(poll.params["question"]) == 300
        assert any(PROMPT in shown_text(text, html_mode=True) for text in api.sent_texts(ADMIN.id))


async def test_a_long_answer_and_details_at_their_limit_follow_a_vote_whole(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    edit_quiz(content_dir, "collectives", first_question({"answer": ANSWER, "details": DETAILS[:-5] + "\nEND."}))
    ContentLibrary.load(content_dir)  # the details at their limit
    async with running_bot(settings):
        await api.command(ADMIN, "/quiz collectives")
        first = await next_poll(api, ADMIN.id, 1)
        await api.answer_poll(ADMIN, str(first.result["poll"]["id"]), [int(first.params["correct_option_ids"][0])])
        await next_poll(api, ADMIN.id, 2)
        assert words(ANSWER) in shown(api, ADMIN.id) and words(DETAILS[:-5]) + " END." in shown(api, ADMIN.id)
        assert all(call.ok for call in api.calls("sendMessage"))  # each parsed, and within Telegram's 4,096


async def test_preview_shows_a_long_prompt_and_option_whole(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    edit_quiz(content_dir, "collectives", first_question({"prompt": PROMPT[:500], "answer": ANSWER}))
    async with running_bot(settings):
        await api.command(ADMIN, "/preview collectives")
        await api.wait_for("sendMessage", 1, lambda params: params["chat_id"] == str(ADMIN.id))
        await api.settle()
        assert f"1. {words(PROMPT[:500])}" in shown(api, ADMIN.id) and f"• {words(ANSWER)}" in shown(api, ADMIN.id)


async def test_a_game_shows_a_long_answer_in_its_results_and_long_details_in_the_explanation(
        api: FakeBotApi, settings: Settings, clock: FixedClock, content_dir: Path) -> None:
    edit_quiz(content_dir, "collectives", first_question({"answer": ANSWER, "details": DETAILS}))
    async with running_bot(settings, clock, game_interval=GAMES):
        game_id, first = await begun(api, ADA, GROUP)
        await vote(api, first, ADA, right=True)
        await api.wait_for("sendMessage", 1, lambda params: "Answers: " in params["text"])
        assert re.search(rf"the answer is [ABC]\. {re.escape(words(ANSWER))}", shown(api, GROUP.id))  # shuffled
        await api.command(ADA, f"/start gx_{game_id}_0")  # what the results' Explain button links to
        await api.wait_for("sendMessage", 1, lambda params: params["chat_id"] == str(ADA.id))
        await api.settle()
        assert words(DETAILS) in shown(api, ADA.id)
