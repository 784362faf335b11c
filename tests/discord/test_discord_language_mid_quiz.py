"""/language while a question waits: that question is asked again in the language chosen, where it was asked (a
poll in this channel, its old poll ended; or private buttons), the confirmation above it; the first answer stays
the one that counts. The same language again: the confirmation alone, as before."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import LEARNER_ID, RunningBot
from tests.discord.support import (
    button_for,
    buttons,
    first_answer,
    message_id,
    next_poll,
    poll_answers,
    poll_question,
    vote_for,
)

YORUBA_PROMPT = "Èwo ló ń fi àpapọ̀ gbogbo gradient sílẹ̀ lórí rank kọ̀ọ̀kan?"
YORUBA = {"Broadcast": "Ìgbéjáde (broadcast)", "All-reduce": "All-reduce (àkópọ̀ gbogbo)",
          "Scatter": "Ìfọ́nká (scatter)"}


async def test_a_poll_waiting_is_asked_again_in_the_language_chosen_and_the_old_one_ended(
        bot: RunningBot, fake: FakeDiscord) -> None:
    yo = bot.engine.localizer_for("yo")
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    first = await next_poll(fake, bot)
    mark = len(fake.calls)
    chosen = await fake.slash("language", {"language": "yo"}, user_id=LEARNER_ID)
    again = await next_poll(fake, bot, after=mark)  # before: none, the question left in English
    assert poll_question(again).endswith(YORUBA_PROMPT), poll_question(again)
    assert poll_answers(again) == [YORUBA[text] for text in poll_answers(first)]  # in the order shown
    await fake.wait_until(lambda: fake.ended_polls(after=mark) == [message_id(first)])
    confirmation = await fake.wait_until(first_answer(fake, chosen))
    assert confirmation.content == yo("From now on I'll speak {name}.", name="Èdè Yorùbá")

    mark = len(fake.calls)
    await vote_for(fake, again, YORUBA["All-reduce"], LEARNER_ID)
    second = await next_poll(fake, bot, after=mark)
    assert poll_question(second).startswith("2/3 ")
    await fake.quiet()

    mark = len(fake.calls)
    same = await fake.slash("language", {"language": "yo"}, user_id=LEARNER_ID)
    assert (await fake.wait_until(first_answer(fake, same))).content == confirmation.content
    await fake.quiet()
    assert fake.polls(after=mark) == [] and fake.ended_polls(after=mark) == []


async def test_a_private_question_waiting_is_asked_again_with_buttons_in_the_language_chosen(
        bot: RunningBot, fake: FakeDiscord) -> None:
    yo = bot.engine.localizer_for("yo")
    started = await fake.slash("quiz", {"quiz": "collectives", "private": True}, user_id=LEARNER_ID)
    question = await fake.wait_until(lambda: next((c for c in fake.answers(started) if buttons(c)), None))
    chosen = await fake.slash("language", {"language": "yo"}, user_id=LEARNER_ID)
    again = await fake.wait_until(lambda: next((c for c in fake.answers(chosen) if buttons(c)), None))
    assert yo("From now on I'll speak {name}.", name="Èdè Yorùbá") in again.content
    assert YORUBA_PROMPT in again.content
    assert [b["label"] for b in buttons(again)] == [YORUBA[b["label"]] for b in buttons(question)]
    assert fake.polls() == []

    click = await fake.click(message_id(again), button_for(again, YORUBA["All-reduce"]), user_id=LEARNER_ID)
    await fake.wait_until(lambda: next((c for c in fake.interaction_calls(click) if buttons(c)), None))
    old = await fake.click(message_id(question), button_for(question, "All-reduce"), user_id=LEARNER_ID)
    refusal = await fake.wait_until(first_answer(fake, old))  # the same question: the first answer counts
    assert refusal.content == yo("You already answered this question; your first answer counts.")


async def test_the_picker_under_help_asks_a_poll_waiting_again_in_the_language_pressed(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, user_id=LEARNER_ID)
    first = await next_poll(fake, bot)
    shown = await fake.wait_until(first_answer(fake, await fake.slash("help", {}, user_id=LEARNER_ID)))
    mark = len(fake.calls)
    press = await fake.click(message_id(shown), button_for(shown, "Èdè Yorùbá"), user_id=LEARNER_ID)
    again = await next_poll(fake, bot, after=mark)
    assert poll_question(again).endswith(YORUBA_PROMPT)
    await fake.wait_until(lambda: fake.ended_polls(after=mark) == [message_id(first)])
    said = await fake.wait_until(lambda: next((c for c in fake.answers(press) if c.content), None))
    assert said.content == bot.engine.localizer_for("yo")("From now on I'll speak {name}.", name="Èdè Yorùbá")
    # The picker's buttons taken away: its own call, which may come after the reply under a loaded machine
    assert await fake.wait_until(lambda: any(c.method == "PATCH" and c.body.get("components") == []
                                             for c in fake.interaction_calls(press)))
