"""A quiz poll's explanation (the popup after a vote) is a caption to Telegram: it runs the same entity finder on it
as on a message (TDLib's process_input_caption), so "/tmp" there was a command a tap sent as the learner's own,
"setup.py" a website, "@torch" someone's profile, in a solo quiz and in a game alike. It is sent as HTML
(explanation_parse_mode), such words in code as the messages show them, within the popup's 200 characters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import regex

from adapters.settings import Settings
from adapters.telegram.poll_layout import poll_layout
from bot.replies import QuestionView
from tests.support.content import edit_question
from tests.telegram.game_steps import lobby, press
from tests.telegram.telegram_entities import found_entities
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, next_poll, running_bot
from tests.telegram.telegram_html import problem, shown_text

EXPLANATIONS = {
    "en": "All-reduce sums in place: spill to /tmp, not setup.py; see @torch.compile & <ring>.",
    "fr": "All-reduce additionne sur place\u00a0: débordez dans /tmp, pas setup.py\u00a0; voir @torch.compile.",
    "sw": "All-reduce hujumlisha papo hapo: mwaga kwenye /tmp, si setup.py; tazama @torch.compile.",
    "yo": "All-reduce ń ṣàkópọ̀ níbẹ̀: da sí /tmp, kì í ṣe setup.py; wo @torch.compile.",
    "sn": "All-reduce inobatanidza ipapo: dururira ku/tmp, kwete setup.py; ona @torch.compile.",
}
CODE = regex.compile(r"<code>[^<]*</code>")
ADA = FakeUser(205, "Ada", "en")


def with_signs(question: dict[str, Any]) -> None:
    question["explanation"] = EXPLANATIONS


def assert_shown_without_entities(params: dict[str, Any], plain: str) -> None:
    assert params.get("explanation_parse_mode") == "HTML", params
    assert problem("sendPoll", params) is None
    explanation = params["explanation"]
    assert shown_text(explanation, html_mode=True) == plain
    assert "<code>setup.py</code>" in explanation and found_entities(CODE.sub(" ", explanation)) == []


async def test_a_solo_quiz_polls_explanation_shows_no_command_link_or_mention(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    edit_question(content_dir, "sum-everywhere", with_signs)
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
    assert_shown_without_entities(first.params, EXPLANATIONS["fr"])


async def test_a_games_polls_explanation_shows_no_command_link_or_mention(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    edit_question(content_dir, "sum-everywhere", with_signs)
    async with running_bot(settings, game_interval=0.02):
        await api.command(ADA, "/game collectives", GROUP)
        _, game_id = await lobby(api, GROUP)
        await press(api, AMINATA, f"gj:{game_id}", GROUP)
        await press(api, ADA, f"gb:{game_id}", GROUP)
        first = await next_poll(api, GROUP.id, 1)
    assert_shown_without_entities(first.params, EXPLANATIONS["en"])


def test_the_explanation_is_cut_to_the_popup_as_shown_not_as_sent() -> None:
    """Tags and entities count nothing toward the 200 characters: the code tags don't cost the text a letter."""
    explanation = "See setup.py & /tmp. " + "x" * 300
    view = QuestionView(session_id="s1", quiz_id="q", question_id="q1", number=1, total=2, label="Question 1 of 2",
                        prompt="Where?", options=("A", "B"), correct_index=0, explanation=explanation, language="en")
    html = poll_layout(view).explanation
    assert len(shown_text(html, html_mode=True)) == 200 and html.count("<code>") == 2
