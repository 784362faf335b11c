"""A poll whose link was never stored (Telegram made it, but sendPoll's answer failed or the process died before
storing the link; or a very fast voter). Only its own learner's vote asks its question again: a vote on another
learner's lost poll is the voter's own question's only if that one could be lost too, and one on a group game's
counts in that game (test_telegram_game_lost_poll.py)."""

from __future__ import annotations

import asyncio
from typing import Any

from adapters.settings import Settings
from tests.telegram.game_steps import group_calls, lobby, press
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import (
    AMINATA,
    GROUP,
    JUMA,
    correct,
    for_chat,
    next_poll,
    options,
    poll_id,
    running_bot,
    unheard_poll,
)

LOST_NOTE_FR = "J’ai perdu la trace de ce sondage\u00a0; voici de nouveau la question."
LOST_NOTE = "I lost track of that poll, so here is the question again."
PROGRESS_FR = "Votre progression"
GAMES_PLAYED_FR = "Parties de groupe\u00a0: 1 jouée"
BAD_GATEWAY = (502, "Bad Gateway")  # Telegram's front, for a server that made the poll all the same


async def after_her_vote(api: FakeBotApi) -> None:
    """Wait for the reply to a /progress of hers sent after her vote: her updates are handled in order, so whatever
    the vote sent went out before it."""
    def progress(params: dict[str, Any]) -> bool:
        return for_chat(AMINATA.id)(params) and PROGRESS_FR in params["text"]
    await api.command(AMINATA, "/progress")
    await api.wait_for("sendMessage", len(api.calls("sendMessage", progress)) + 1, progress)


async def test_a_vote_on_her_own_poll_that_was_never_linked_gets_the_question_again(api: FakeBotApi,
                                                                                   settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        api.fail_next("sendPoll", *BAD_GATEWAY, carried_out=True)  # her second: made, its id never heard
        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        lost = await unheard_poll(api, AMINATA.id)
        await api.settle()
        await api.answer_poll(AMINATA, poll_id(lost), [0])
        again = await next_poll(api, AMINATA.id, 2)
        assert again.params["question"] == lost.params["question"]  # the same question, not scored
        assert again.params["question"].startswith("2/3")
        assert sorted(options(again)) == sorted(options(lost))
        assert api.sent_texts(AMINATA.id)[-1] == LOST_NOTE_FR  # in her language, before the poll
        await api.answer_poll(AMINATA, poll_id(again), [correct(again)])
        third = await next_poll(api, AMINATA.id, 3)
        assert third.params["question"].startswith("3/3")


async def test_a_vote_on_a_group_games_unlinked_poll_counts_in_the_game_and_asks_her_own_question_nowhere(
        api: FakeBotApi, settings: Settings) -> None:
    """Before, her own quiz's question came again with "I lost track of that poll", though she never touched it;
    then her vote was dropped unheard, while the game waited for it. It counts in the game (she joins it by
    answering, as on any of its polls), and her own question is not asked again."""
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")  # her own quiz, in private: its poll linked
        mine = await next_poll(api, AMINATA.id, 1)
        await api.command(JUMA, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        api.fail_next("sendPoll", *BAD_GATEWAY, carried_out=True)  # the game's first poll: made, never linked
        await press(api, JUMA, f"gb:{game_id}", GROUP)
        lost = await unheard_poll(api, GROUP.id)
        await api.settle()
        in_group = len(group_calls(api, GROUP))
        await api.answer_poll(AMINATA, poll_id(lost), [correct(lost)])
        await after_her_vote(api)
        assert api.polls(AMINATA.id) == [mine]
        assert LOST_NOTE_FR not in api.sent_texts(AMINATA.id)
        assert GAMES_PLAYED_FR in api.sent_texts(AMINATA.id)[-1]  # her /progress: the game's answer counted
        assert len(group_calls(api, GROUP)) == in_group  # Juma's answer is still awaited


async def test_a_vote_on_another_learners_unlinked_poll_asks_nothing_and_his_own_vote_asks_again(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives", GROUP)  # hers, in the group: linked
        hers = await next_poll(api, GROUP.id, 1)
        api.fail_next("sendPoll", *BAD_GATEWAY, carried_out=True)
        await api.command(JUMA, "/quiz collectives", GROUP)  # his: made, never linked
        lost = await unheard_poll(api, GROUP.id)
        assert "(Juma)" in lost.params["question"]
        await api.settle()
        in_group, texts = len(group_calls(api, GROUP)), len(api.sent_texts(AMINATA.id))
        await api.answer_poll(AMINATA, poll_id(lost), [correct(lost)])
        await after_her_vote(api)
        assert api.polls(GROUP.id) == [hers]  # her question not asked again there, in front of everyone
        assert len(api.sent_texts(AMINATA.id)) == texts + 1 and api.polls(AMINATA.id) == []  # her /progress only
        assert len(group_calls(api, GROUP)) == in_group

        await api.answer_poll(JUMA, poll_id(lost), [correct(lost)])  # his own: asked again, not scored
        again = await next_poll(api, GROUP.id, 2)
        assert again.params["question"] == lost.params["question"]
        assert LOST_NOTE in api.sent_texts(GROUP.id)[-1]


async def test_a_vote_faster_than_the_polls_link_waits_for_it_and_is_scored(api: FakeBotApi,
                                                                          settings: Settings) -> None:
    async def vote_before_the_bot_hears_back(message: dict[str, Any]) -> None:
        poll = message["poll"]
        api.before_reply.pop("sendPoll")  # only the first poll
        await api.answer_poll(AMINATA, poll["id"], list(poll["correct_option_ids"]))
        await asyncio.sleep(0.5)  # the vote is handled while sendPoll hasn't returned

    api.before_reply["sendPoll"] = vote_before_the_bot_hears_back
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        polls = await api.wait_for("sendPoll", 2, for_chat(AMINATA.id))
        # The link is stored before the learner's lock is released, so the vote waited for it: scored, not
        # lost and not asked again.
        assert polls[1].params["question"].startswith("2/3")
        assert not any("here is the question again" in text or text == LOST_NOTE_FR
                       for text in api.sent_texts(AMINATA.id))


async def test_her_lost_poll_is_not_asked_again_in_a_group_where_a_game_of_its_quiz_opened_since(
        api: FakeBotApi, settings: Settings) -> None:
    """Nobody's own round of a quiz is asked in a chat where a group game plays it: its timed poll closes by itself,
    showing the players an answer the game may ask. Before, her lost poll's question was asked again there."""
    async with running_bot(settings) as engine:
        api.fail_next("sendPoll", *BAD_GATEWAY, carried_out=True)
        await api.command(AMINATA, "/quiz collectives", GROUP)  # hers, in the group: made, never linked
        lost = await unheard_poll(api, GROUP.id)
        await api.command(JUMA, "/game collectives", GROUP)
        await lobby(api, GROUP)
        await api.settle()
        await api.answer_poll(AMINATA, poll_id(lost), [correct(lost)])
        await after_her_vote(api)
        assert api.polls(GROUP.id) == []  # nothing asked in the group while its game is on
        _ = engine.localizer_for("fr")
        waits = _("A group game of {title} is on in this chat, so this answer to your own round of it doesn't "
                  "count. That round waits for you until the game is over.", title="Collectives")
        assert waits in api.sent_texts(GROUP.id)[-1]  # as a vote on her poll linked there is told
