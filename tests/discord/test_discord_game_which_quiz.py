"""/game start with a quiz name that matches several quizzes: the which-one reply has a button for each, as /quiz's
has (before: a list and no way to pick from it; Telegram's /game lists a command per quiz). A press opens the lobby
of exactly that quiz, with the seconds the command was given, for whoever pressed, in their language, with the
checks a typed /game start gets; a quiz a reload removed is gone, not another its id names in part."""

from __future__ import annotations

from tests.discord.fake_discord import FakeDiscord
from tests.discord.game_steps import PLAYER_PERMISSIONS, click, lobby
from tests.discord.harness import LEARNER_ID, OTHER_ID, RunningBot
from tests.discord.support import button_for, buttons, first_answer, message_id

SW_QUESTION = "Chemsha bongo kadhaa zinalingana na “{name}”. Unamaanisha ipi?"


async def test_game_start_naming_two_quizzes_has_a_button_that_opens_each_with_its_seconds(
        bot: RunningBot, fake: FakeDiscord) -> None:
    started = await fake.slash("game", {"quiz": "o", "seconds": 20}, subcommand="start", locale="sw",
                               user_id=LEARNER_ID, member_permissions=PLAYER_PERMISSIONS)
    asked = await fake.wait_until(first_answer(fake, started))
    assert asked.content.splitlines()[0] == SW_QUESTION.format(name="o")
    assert sorted(button["label"] for button in buttons(asked)) == ["▶ Chaguo ndefu", "▶ Mawasiliano ya pamoja"]
    assert button_for(asked, "▶ Mawasiliano ya pamoja") == "qt:gq:collectives:20"
    await fake.quiet()
    assert not fake.channel_messages()  # no lobby opened with a guess

    # Pressed by someone whose client is French: their game, their words.
    fr = bot.engine.localizer_for("fr")
    opened = await click(fake, message_id(asked), "qt:gq:collectives:20", OTHER_ID, locale="fr")
    assert opened == fr("The lobby is open: everyone here can join.")
    lobby_call, _game_id = await lobby(fake)
    assert fr("Group game: {quiz}", quiz="Collectives") in lobby_call.content
    assert fr("Players: {names}", names="user870") in lobby_call.content
    assert fr.ngettext("{n} question, {seconds} seconds each.", "{n} questions, {seconds} seconds each.", 3,
                       seconds=20) in lobby_call.content

    # A second press meets the game now live in the channel, as a typed /game start would.
    again = await click(fake, message_id(asked), "qt:gq:long-options:20", LEARNER_ID, locale="fr")
    assert again == fr("A game is already running in this chat. Play along, or wait for it to end.")
    assert len(fake.channel_messages()) == 1


async def test_a_game_button_without_seconds_opens_the_usual_length(bot: RunningBot, fake: FakeDiscord) -> None:
    asked = await fake.wait_until(first_answer(fake, await fake.slash("game", {"quiz": "o"}, subcommand="start",
                                                                      user_id=LEARNER_ID)))
    press = button_for(asked, "▶ Long options")
    assert press == "qt:gq:long-options"
    assert await click(fake, message_id(asked), press, LEARNER_ID) == "The lobby is open: everyone here can join."
    lobby_call, _game_id = await lobby(fake)
    assert "Group game: Long options" in lobby_call.content and "seconds each" in lobby_call.content
    assert "Seconds per question must be" not in lobby_call.content


async def test_a_game_button_whose_quiz_is_gone_opens_no_other_quiz(bot: RunningBot, fake: FakeDiscord) -> None:
    """A button's quiz id is taken exactly: "long", as a quiz a reload removed would be, is in long-options' id, but
    the button opens no game of its own."""
    asked = await fake.wait_until(first_answer(fake, await fake.slash("game", {"quiz": "o"}, subcommand="start",
                                                                      user_id=LEARNER_ID)))
    token = await fake.click(message_id(asked), button_for(asked, "▶ Long options"), user_id=LEARNER_ID,
                             forge="qt:gq:long")
    said = await fake.wait_until(lambda: next((c for c in fake.answers(token) if c.content), None))
    assert said.content == ("There is no quiz called “long”. Send /quizzes to choose a quiz, or /help to see "
                            "everything I can do.")
    await fake.quiet()
    assert not fake.channel_messages()
