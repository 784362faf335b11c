"""The button under a summary or a stop names as many questions as were missed: "Retry the question I missed" for
one (before, it said "questions" under "Want another go at the question you missed?"), in every language."""

from __future__ import annotations

from adapters.settings import Settings
from tests.telegram.telegram_fake_api import Call, FakeBotApi, FakeUser
from tests.telegram.telegram_harness import correct, for_chat, next_poll, poll_id, running_bot, wrong

ADA = FakeUser(311, "Ada", "en")
AMINATA = FakeUser(312, "Aminata", "fr")
ZAWADI = FakeUser(313, "Zawadi", "sw")


async def play(api: FakeBotApi, user: FakeUser, rights: list[bool]) -> Call:
    """Play the three questions of collectives, right or wrong as told; the summary."""
    await api.command(user, "/quiz collectives")
    for number, right in enumerate(rights, start=1):
        poll = await next_poll(api, user.id, number)
        await api.answer_poll(user, poll_id(poll), [correct(poll) if right else wrong(poll)])
    return (await api.wait_for("sendMessage", 1, lambda p: for_chat(user.id)(p) and "✅" in p["text"]))[0]


def button_text(summary: Call) -> str:
    return str(summary.params["reply_markup"]["inline_keyboard"][0][0]["text"])


async def test_one_missed_question_gets_a_button_for_one_question(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        summary = await play(api, ADA, [True, False, True])
        assert "Want another go at the question you missed?" in summary.params["text"]
        assert button_text(summary) == "Retry the question I missed"


async def test_in_french_one_missed_is_singular_and_in_swahili_two_are_plural(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        one = await play(api, AMINATA, [True, False, True])
        assert "Voulez-vous retenter la question ratée\u00a0?" in one.params["text"]
        assert button_text(one) == "Retenter la question ratée"
        two = await play(api, ZAWADI, [False, False, True])
        assert "Ungependa kujaribu tena maswali 2 uliyokosa?" in two.params["text"]
        assert button_text(two) == "Jaribu tena maswali niliyokosa"
