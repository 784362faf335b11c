"""A group's /game naming several quizzes, through the real Application: the which-one reply lists each quiz with
its /game command, as /quiz's lists its own, and has a ▶ button per quiz as /quiz's has. A press opens the lobby of
exactly that quiz id, with the seconds /game was given, for whoever pressed, in their language, with the checks a
typed /game gets (a game already live in the chat, a private chat); a quiz a reload removed is gone, not another
its id names in part. Every press is answered."""

from __future__ import annotations

from adapters.settings import Settings
from adapters.telegram.callback_data import MAX_BYTES
from adapters.telegram.keyboards import game_buttons
from bot.replies import QuizList, QuizListEntry
from tests.telegram.game_steps import buttons, buttons_data, lobby, press
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat
from tests.telegram.telegram_harness import AMINATA, GROUP, WANJIRU, for_chat, running_bot

QUESTION = "Several quizzes match “{name}”. Which one do you mean?"
RUNNING = "A game is already running in this chat. Play along, or wait for it to end."


async def test_game_naming_two_quizzes_has_a_button_that_opens_each_with_its_seconds(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        sw, fr = engine.localizer_for("sw"), engine.localizer_for("fr")
        await api.command(WANJIRU, "/game o 20", GROUP)
        asked = (await api.wait_for("sendMessage", 1, for_chat(GROUP.id)))[0]
        text = asked.params["text"]
        assert sw(QUESTION, name="o") in text  # the commands stay, as under /quiz's which-one
        assert "/game long-options 20" in text and "/game collectives 20" in text
        assert sorted(buttons_data(asked.params)) == ["gq:collectives/20", "gq:long-options/20"]
        assert sorted(button["text"] for button in buttons(asked)) == ["▶ Chaguo ndefu", "▶ Mawasiliano ya pamoja"]
        await api.settle()
        assert len(api.calls("sendMessage", for_chat(GROUP.id))) == 1  # no lobby opened with a guess

        # Pressed by someone whose client is French: their game, their words, the 20 seconds /game was given.
        answered = await press(api, AMINATA, "gq:collectives/20", GROUP)
        assert "text" not in answered  # the spinner stops; the lobby says the rest
        lobby_call, _game_id = await lobby(api, GROUP)
        assert fr("Players: {names}", names="Aminata") in lobby_call.params["text"]
        assert fr.ngettext("{n} question, {seconds} seconds each.", "{n} questions, {seconds} seconds each.", 3,
                           seconds=20) in lobby_call.params["text"]

        # A second press meets the game now live in the chat, as a typed /game would: said to Wanjiru, in Swahili.
        await press(api, WANJIRU, "gq:long-options/20", GROUP)
        said = (await api.wait_for("sendMessage", 3, for_chat(GROUP.id)))[-1].params["text"]
        assert said == f"<b>Wanjiru</b> · {sw(RUNNING)}"
        await api.settle()
        assert len(api.calls("sendMessage", for_chat(GROUP.id))) == 3


async def test_a_game_button_without_seconds_opens_the_usual_length(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/game o", GROUP)
        asked = (await api.wait_for("sendMessage", 1, for_chat(GROUP.id)))[0]
        assert "gq:long-options" in buttons_data(asked.params)
        await press(api, WANJIRU, "gq:long-options", GROUP)
        lobby_call, _game_id = await lobby(api, GROUP)
        sw = engine.localizer_for("sw")  # Wanjiru's lobby, in Wanjiru's words
        assert sw("Players: {names}", names="Wanjiru") in lobby_call.params["text"]
        assert sw.ngettext("{n} question, {seconds} seconds each.", "{n} questions, {seconds} seconds each.", 1,
                           seconds=30) in lobby_call.params["text"]


async def test_a_game_button_whose_quiz_is_gone_opens_no_other_quiz(api: FakeBotApi, settings: Settings) -> None:
    """"long", as a quiz a reload removed would be, is in long-options' id, but the button opens no game of its own."""
    async with running_bot(settings) as engine:
        answered = await press(api, WANJIRU, "gq:long/20", GROUP)
        assert "text" not in answered
        said = (await api.wait_for("sendMessage", 1, for_chat(GROUP.id)))[0].params["text"]
        assert engine.localizer_for("sw")("There is no quiz called “{name}”.", name="long") in said
        await api.settle()
        assert len(api.calls("sendMessage", for_chat(GROUP.id))) == 1 and not api.polls(GROUP.id)


async def test_a_game_button_in_a_private_chat_is_refused_as_a_typed_game(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await press(api, AMINATA, "gq:collectives", FakeChat.private(AMINATA))
        said = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0].params["text"]
        assert said == engine.localizer_for("fr")("Group games are played in groups: add me to a group and send "
                                                  "/game there.")
        await api.settle()
        assert len(api.calls("sendMessage")) == 1


def test_the_longest_quiz_id_with_any_seconds_fits_telegrams_callback_data() -> None:
    entry = QuizListEntry("q" * 48, "Title", "", "")
    keyboard = game_buttons(QuizList("", (entry,)), 10 ** 9)
    assert keyboard is not None
    data = keyboard.inline_keyboard[0][0].callback_data
    assert isinstance(data, str) and len(data.encode()) <= MAX_BYTES and data.startswith("gq:" + "q" * 48 + "/")


async def test_a_repeated_refused_game_button_is_answered_to_the_presser_alone(
        api: FakeBotApi, settings: Settings) -> None:
    """The group hears a refusal once per person per half minute; a second press within it still gets its answer:
    why not, shown only to the one who pressed (before, the press was answered with nothing to read)."""
    async with running_bot(settings) as engine:
        await press(api, AMINATA, "gq:collectives", GROUP)
        await lobby(api, GROUP)
        first = await press(api, WANJIRU, "gq:long-options", GROUP)
        assert "text" not in first  # said in the group, to Wanjiru
        await api.wait_for("sendMessage", 2, for_chat(GROUP.id))
        again = await press(api, WANJIRU, "gq:long-options", GROUP)
        assert again.get("text") == engine.localizer_for("sw")(RUNNING)
        await api.settle()
        assert len(api.calls("sendMessage", for_chat(GROUP.id))) == 2  # nothing more in the group


async def test_a_game_button_is_answered_before_the_lobby_is_posted(api: FakeBotApi, settings: Settings) -> None:
    """The press waits for the game to open, not for the group's message limit nor the starter's other chats."""
    async with running_bot(settings):
        await press(api, AMINATA, "gq:collectives", GROUP)
        lobby_call, _game_id = await lobby(api, GROUP)
        answered = api.calls("answerCallbackQuery")
        assert len(answered) == 1
        assert api.requests.index(answered[0]) < api.requests.index(lobby_call)


async def test_a_game_button_is_answered_once_when_the_lobby_fails(api: FakeBotApi, settings: Settings) -> None:
    """The game opened, then posting its lobby failed: the press was answered all the same, and only once (the
    group hears the usual apology)."""
    async with running_bot(settings):
        api.fail_next("sendMessage", 400, "Bad Request: message is too long")
        answered = await press(api, AMINATA, "gq:collectives", GROUP)
        assert "text" not in answered
        await api.wait_for("sendMessage", 1, for_chat(GROUP.id))  # the apology
        await api.settle()
        assert len([call for call in api.requests if call.method == "answerCallbackQuery"]) == 1


async def test_a_game_whose_press_cannot_be_answered_still_shows_its_lobby(
        api: FakeBotApi, settings: Settings) -> None:
    """The answer comes between opening the game and posting its lobby: an answer Telegram refuses (any error, not
    only a press too old) must not leave a game behind that nobody sees, refusing the next /game."""
    async with running_bot(settings):
        api.fail_next("answerCallbackQuery", 403, "Forbidden: bot was kicked from the group chat")
        await api.press(AMINATA, "gq:collectives", GROUP)
        await lobby(api, GROUP)
        await api.settle()
        assert len([call for call in api.requests if call.method == "answerCallbackQuery"]) == 1



async def test_a_game_given_thousands_of_digits_for_seconds_offers_the_buttons_seconds(
        api: FakeBotApi, settings: Settings) -> None:
    """The seconds said back in each quiz's /game line are the buttons' (any number past the longest, that longest
    one and a second). Said back as typed, each line ended in 700 of its digits and "…", a command nobody could
    send, and each other number typed was another list, in full again within the minute, out of the group's 20."""
    async with running_bot(settings):
        await api.command(WANJIRU, "/game o " + "9" * 4000, GROUP)
        asked = (await api.wait_for("sendMessage", 1, for_chat(GROUP.id)))[0]
        assert "/game long-options 301" in asked.params["text"] and "/game collectives 301" in asked.params["text"]
        assert sorted(buttons_data(asked.params)) == ["gq:collectives/301", "gq:long-options/301"]
        await api.command(WANJIRU, "/game o " + "8" * 4000, GROUP)  # the same list: said to be just above
        again = (await api.wait_for("sendMessage", 2, for_chat(GROUP.id)))[1]
        assert "/game collectives" not in again.params["text"] and "reply_markup" not in again.params
