"""A poll whose link was never stored (a crash between sendPoll and the link, or a very fast voter)."""

from __future__ import annotations

import asyncio
from typing import Any

from telegram_fake_api import FakeBotApi
from telegram_harness import AMINATA, correct, for_chat, next_poll, options, poll_id, running_bot

from adapters.settings import Settings

LOST_NOTE_FR = "J’ai perdu la trace de ce sondage\u00a0; voici de nouveau la question."


async def test_a_vote_on_a_poll_that_was_never_linked_gets_the_question_again(api: FakeBotApi,
                                                                              settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        # As if the process died after sendPoll and before storing the link: Telegram knows a poll we don't.
        await api.answer_poll(AMINATA, "poll-sent-but-never-linked", [0])
        again = await next_poll(api, AMINATA.id, 2)
        assert again.params["question"] == first.params["question"]  # the same question, not the next
        assert sorted(options(again)) == sorted(options(first))
        assert api.sent_texts(AMINATA.id)[-1] == LOST_NOTE_FR  # in her language, before the poll
        await api.answer_poll(AMINATA, poll_id(again), [correct(again)])
        second = await next_poll(api, AMINATA.id, 3)
        assert second.params["question"].startswith("2/3")


async def test_a_vote_faster_than_the_polls_link_leaves_nobody_stuck(api: FakeBotApi, settings: Settings) -> None:
    async def vote_before_the_bot_hears_back(message: dict[str, Any]) -> None:
        poll = message["poll"]
        api.before_reply.pop("sendPoll")  # only the first poll
        await api.answer_poll(AMINATA, poll["id"], list(poll["correct_option_ids"]))
        await asyncio.sleep(0.5)  # the vote is handled while sendPoll hasn't returned

    api.before_reply["sendPoll"] = vote_before_the_bot_hears_back
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        polls = await api.wait_for("sendPoll", 2, for_chat(AMINATA.id))
        if polls[1].params["question"].startswith("1/3"):  # asked again rather than scored: answer that one
            await api.answer_poll(AMINATA, poll_id(polls[1]), [correct(polls[1])])
        later = await api.wait_for("sendPoll", 1, lambda p: for_chat(AMINATA.id)(p)
                                   and p["question"].startswith("2/3"))
        assert later
