"""In a group, every reply meant for one member names them (``<b>Ada</b> · ...``): several may be quizzing there
side by side, and a reply that names nobody leaves each wondering whose it is. Private chats name nobody."""

from __future__ import annotations

from pathlib import Path

from adapters.settings import Settings
from tests.support.content import BROADCAST_WHY_NOT, give_broadcast_a_why_not
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import AMINATA, GROUP, correct, next_poll, options, poll_id, running_bot

ADA = FakeUser(201, "<Ada & Co>", "en")  # a name that would break HTML if it weren't escaped
BOLA = FakeUser(202, "Bola", "yo")
ADA_SAYS = "<b>&lt;Ada &amp; Co&gt;</b> · "


async def test_the_explanation_after_a_vote_in_a_group_names_whose_answer_it_explains(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    give_broadcast_a_why_not(content_dir)
    async with running_bot(settings) as engine:
        await api.command(ADA, "/quiz collectives", GROUP)
        ada_first = await next_poll(api, GROUP.id, 1)
        await api.command(BOLA, "/quiz collectives", GROUP)
        bola_first = await next_poll(api, GROUP.id, 2)

        await api.answer_poll(ADA, poll_id(ada_first), [correct(ada_first)])
        await next_poll(api, GROUP.id, 3)
        answer = engine.localizer_for("en")("The answer: {option}", option="All-reduce")
        assert api.sent_texts(GROUP.id)[-1].split("\n")[0] == ADA_SAYS + answer

        await api.answer_poll(BOLA, poll_id(bola_first), [options(bola_first).index("Ìgbéjáde (broadcast)")])
        await next_poll(api, GROUP.id, 4)
        assert api.sent_texts(GROUP.id)[-1].split("\n")[0] == "<b>Bola</b> · ❌ " + BROADCAST_WHY_NOT["yo"]


async def test_the_explanation_in_a_private_chat_names_nobody(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        await next_poll(api, AMINATA.id, 2)
        answer = engine.localizer_for("fr")("The answer: {option}", option="All-reduce (réduction totale)")
        assert api.sent_texts(AMINATA.id)[-1].split("\n")[0] == answer
