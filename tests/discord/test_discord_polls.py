"""Public play: a quiz as native polls, the owner's vote, the explanation, the next poll, the summary."""

from __future__ import annotations

import pytest

from bot.replies import Actor
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import RunningBot
from tests.discord.payloads import ALL_PERMISSIONS, CHANNEL_ID, NO_POLLS_CHANNEL_ID, OWNER_ID, WITHOUT_POLLS
from tests.discord.support import first_answer, message_id, next_poll, poll_answers, poll_question, reply_to, vote_for


async def test_a_quiz_in_a_french_server_runs_as_polls_with_french_explanations_then_a_summary(
        bot: RunningBot, fake: FakeDiscord) -> None:
    fr = bot.engine.localizer_for("fr")
    token = await fake.slash("quiz", {"quiz": "collectives"}, locale="fr", guild_locale="fr")

    first = await next_poll(fake, bot)
    assert fake.interaction_calls(token)[0].body == {"type": 5, "data": {"flags": 64}}  # deferred at once
    assert poll_question(first) == "1/3 · Quelle collective laisse la somme de tous les gradients sur chaque rang ?"
    assert sorted(poll_answers(first)) == ["All-reduce (réduction totale)", "Diffusion (broadcast)",
                                           "Dispersion (scatter)"]
    assert first.body["poll"]["duration"] == 2 and not first.body["poll"]["allow_multiselect"]
    assert first.content.startswith(f"<@{OWNER_ID}>")
    intro = await fake.wait_until(first_answer(fake, token))
    assert intro.method == "PATCH" and "Collectives" in intro.content  # the ephemeral reply to /quiz

    mark = len(fake.calls)
    await vote_for(fake, first, "All-reduce (réduction totale)", OWNER_ID)
    second = await next_poll(fake, bot, after=mark)
    feedback = await reply_to(fake, first, after=mark)
    ended = next(i for i, c in enumerate(fake.calls) if c.path.endswith(f"/polls/{message_id(first)}/expire"))
    assert ended < fake.calls.index(feedback) < fake.calls.index(second)  # end the poll, explain, go on
    assert fr("Correct!") in feedback.content
    assert "All-reduce additionne sur tous les rangs" in feedback.content
    assert "Le all-reduce en anneau" in feedback.content  # the details, too
    assert "NCCL collective operations" in feedback.content  # and the reference
    assert poll_question(second).startswith("2/3 · Quelle collective reconstruit")

    mark = len(fake.calls)
    await vote_for(fake, second, "Reduce-scatter (réduction dispersée)", OWNER_ID)
    third = await next_poll(fake, bot, after=mark)
    feedback = await reply_to(fake, second, after=mark)
    assert fr("Not quite.") in feedback.content
    assert fr("The answer: {option}", option="All-gather (collecte totale)") in feedback.content
    assert "All-gather concatène" in feedback.content

    # The third question exists only in English: it says so, in French.
    assert poll_question(third) == "3/3 · Which link usually carries tensor-parallel traffic inside one node?"
    notice = fr("This question isn't available in {language} yet, so it is shown in English.", language="Français")
    assert notice in third.content

    mark = len(fake.calls)
    await vote_for(fake, third, "NVLink", OWNER_ID)
    summary = await fake.wait_until(
        lambda: next((c for c in fake.channel_messages(after=mark) if "🏁" in c.content), None))
    assert fr("Quiz finished: {title}", title="Collectives") in summary.content
    assert fr.ngettext("You scored {correct} out of {n} question.", "You scored {correct} out of {n} questions.",
                       3, correct=2) in summary.content
    await fake.quiet()
    assert fake.polls(after=mark) == []  # no fourth poll


async def test_options_too_long_for_a_poll_become_letters_with_the_full_text_above(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "long-options"})
    poll = await next_poll(fake, bot)
    assert poll_answers(poll) == ["A", "B"]
    lines = poll.content.splitlines()
    full = "Only its own shard of the parameters, the gradients and the optimizer state, which is about one N-th"
    right = next(line for line in lines if full in line)
    assert any("A full copy of everything" in line for line in lines)
    letter = right.removeprefix("**")[0]

    mark = len(fake.calls)
    await vote_for(fake, poll, letter, OWNER_ID)
    feedback = await reply_to(fake, poll, after=mark)
    assert "Correct!" in feedback.content
    summary = await fake.wait_until(lambda: next((c for c in fake.channel_messages(after=mark) if "🏁" in c.content),
                                                 None))
    assert "You scored 1 out of 1 question." in summary.content
    assert summary.content.endswith("Send /quizzes to choose a quiz, or /help to see everything I can do.")


@pytest.mark.parametrize(("permissions", "tried", "named"), [
    (WITHOUT_POLLS, [], "the “Create Polls” permission."),  # visibly missing: said without trying
    (ALL_PERMISSIONS, [403], "the “Send Messages”, “Create Polls” permissions."),  # refused all the same
], ids=["visibly-missing", "refused-anyway"])
async def test_a_channel_that_refuses_polls_gets_an_ephemeral_reply_naming_the_missing_permission(
        bot: RunningBot, fake: FakeDiscord, permissions: int, tried: list[int], named: str) -> None:
    token = await fake.slash("quiz", {"quiz": "collectives"}, channel_id=NO_POLLS_CHANNEL_ID,
                             permissions=permissions)
    reply = await fake.wait_until(first_answer(fake, token))
    refused = [c for c in fake.calls if c.path == f"/channels/{NO_POLLS_CHANNEL_ID}/messages"]
    assert [c.status for c in refused] == tried
    assert f"I'm missing {named}" in reply.content
    assert fake.interaction_calls(token)[0].body == {"type": 5, "data": {"flags": 64}}  # ephemeral all along


async def test_a_quiz_the_channel_would_refuse_is_not_started_and_the_one_played_stays_current(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"}, locale="fr", guild_locale="fr")
    playing = await next_poll(fake, bot)
    mark = len(fake.calls)
    token = await fake.slash("quiz", {"quiz": "long-options"}, channel_id=NO_POLLS_CHANNEL_ID,
                             permissions=WITHOUT_POLLS, locale="fr", guild_locale="fr")
    reply = await fake.wait_until(first_answer(fake, token))
    assert reply.content.startswith("Je ne peux pas publier")
    assert "la permission «\u00a0Créer des sondages\u00a0»." in reply.content  # quoted as French quotes
    assert fake.interaction_calls(token)[0].body == {"type": 5, "data": {"flags": 64}}  # only to them
    await fake.quiet()
    assert fake.ended_polls(after=mark) == []  # the quiz being played keeps its poll open to its vote

    mark = len(fake.calls)
    await fake.slash("quiz", locale="fr", guild_locale="fr")  # "carry on": the quiz played, not the refused one
    again = await next_poll(fake, bot, after=mark)
    assert poll_question(again) == poll_question(playing)
    # Asked again, so the old poll is ended: after the new one is posted (not yet seen under a loaded machine).
    await fake.wait_until(lambda: fake.ended_polls(after=mark))
    assert fake.ended_polls(after=mark) == [message_id(playing)]


async def test_polls_refused_mid_quiz_keep_the_answer_and_tell_the_learner_as_text(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    fake.poll_refusing_channels.add(CHANNEL_ID)  # an admin takes Create Polls away mid-quiz
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", OWNER_ID)
    feedback = await reply_to(fake, poll, after=mark)
    assert "Correct!" in feedback.content  # the answer counted
    told = await fake.wait_until(lambda: next((c for c in fake.channel_messages(after=mark)
                                               if "“Create Polls”" in c.content), None))
    assert told.content.startswith(f"<@{OWNER_ID}> I can't post the quiz poll in this channel: I'm missing the "
                                   "“Create Polls” permission.")  # only that one: this text went out
    assert "/quiz private:True" in told.content
    progress = await bot.engine.progress(Actor("discord", str(OWNER_ID)))
    assert progress.lines[0].text.startswith("in progress: 1 of 3 answered, 1 right")


async def test_without_read_message_history_the_explanation_comes_as_a_plain_message(
        bot: RunningBot, fake: FakeDiscord) -> None:
    fake.no_history_channels.add(CHANNEL_ID)  # Discord refuses replies without that permission
    await fake.slash("quiz", {"quiz": "collectives"})
    poll = await next_poll(fake, bot)
    mark = len(fake.calls)
    await vote_for(fake, poll, "All-reduce", OWNER_ID)
    await next_poll(fake, bot, after=mark)
    refused, plain = [c for c in fake.calls[mark:] if "All-reduce sums across ranks" in c.content]
    assert refused.status == 403 and refused.body.get("message_reference")
    assert plain.status == 200 and not plain.body.get("message_reference")


@pytest.mark.parametrize(("command", "options", "suggested"), [
    ("quiz", {"quiz": "collectives"}, "/quiz privé:True"),
    ("review", {}, "/révision privé:True"),  # not /quiz, which would start a quiz instead of the review
])
async def test_the_permission_reply_names_the_command_sent_with_the_private_option_as_a_french_client_shows_it(
        bot: RunningBot, fake: FakeDiscord, command: str, options: dict[str, str], suggested: str) -> None:
    token = await fake.slash(command, options, channel_id=NO_POLLS_CHANNEL_ID,
                             permissions=WITHOUT_POLLS, locale="fr", guild_locale="fr")
    reply = await fake.wait_until(first_answer(fake, token))
    assert "«\u00a0Créer des sondages\u00a0»" in reply.content, reply.content
    assert suggested in reply.content, reply.content


async def test_resuming_asks_the_open_question_in_a_new_poll_and_ends_the_old_one(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    first = await next_poll(fake, bot)
    mark = len(fake.calls)
    await fake.slash("quiz", {"quiz": "collectives"})  # "welcome back": the same question, asked again
    again = await next_poll(fake, bot, after=mark)
    assert poll_question(again) == poll_question(first)
    # Left open, the first poll took votes for a question now asked elsewhere, and one of the two stayed open.
    await fake.wait_until(lambda: any(call.path.endswith(f"/polls/{message_id(first)}/expire")
                                      for call in fake.calls[mark:]))
    assert not any(call.path.endswith(f"/polls/{message_id(again)}/expire") for call in fake.calls)


async def test_starting_another_quiz_ends_the_poll_of_the_one_left_and_resuming_it_asks_again(
        bot: RunningBot, fake: FakeDiscord) -> None:
    await fake.slash("quiz", {"quiz": "collectives"})
    collectives = await next_poll(fake, bot)
    mark = len(fake.calls)
    await fake.slash("quiz", {"quiz": "long-options"})
    long_options = await next_poll(fake, bot, after=mark)
    # Left open, a vote on it went to the paused quiz and posted its next poll beside this one: two open polls.
    await fake.wait_until(lambda: fake.ended_polls(mark) == [message_id(collectives)])

    mark = len(fake.calls)
    await fake.slash("quiz", {"quiz": "collectives"})
    again = await next_poll(fake, bot, after=mark)
    assert poll_question(again) == poll_question(collectives)
    await fake.wait_until(lambda: message_id(long_options) in fake.ended_polls(mark))
    assert message_id(again) not in fake.ended_polls()
