"""Messages that aren't commands: a hint in a private chat, at most once a minute; silence in groups."""

from __future__ import annotations

import time

import pytest

from adapters.once_per import OncePer
from adapters.settings import Settings
from tests.telegram.telegram_fake_api import FakeBotApi, FakeChat
from tests.telegram.telegram_harness import AMINATA, GROUP, JUMA, for_chat, next_poll, running_bot

HINT_FR = "Envoyez /quizzes pour choisir un quiz, ou /help pour voir tout ce que je sais faire."
HINT_EN = "Send /quizzes to choose a quiz, or /help to see everything I can do."
ANSWER_HINT_FR = ("Pour répondre, touchez une option dans le sondage de la question. Envoyez /quiz pour la revoir, "
                  "/skip pour passer à la suivante, ou /stop pour arrêter le quiz.")


def sticker_from(user_id: int, chat: FakeChat) -> dict[str, object]:
    return {"message": {"message_id": 7, "date": int(time.time()), "chat": chat.json(),
                        "from": {"id": user_id, "is_bot": False, "first_name": "Juma"},
                        "sticker": {"file_id": "s1", "file_unique_id": "u1", "type": "regular", "width": 512,
                                    "height": 512, "is_animated": False, "is_video": False}}}


async def test_free_text_an_unknown_command_or_a_sticker_in_private_gets_a_hint_once_a_minute(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "bonjour ?")
        await api.wait_for("sendMessage", 1, lambda p: p["chat_id"] == str(AMINATA.id))
        assert api.sent_texts(AMINATA.id) == [HINT_FR]  # in her language
        await api.command(AMINATA, "/nonsense")  # an unknown command, a moment later: no second hint
        await api.push(sticker_from(JUMA.id, FakeChat.private(JUMA)))
        await api.wait_for("sendMessage", 1, lambda p: p["chat_id"] == str(JUMA.id))
        await api.command(AMINATA, "hello?", GROUP)  # in a group: not for us
        await api.settle()
        assert len(api.sent_texts(AMINATA.id)) == 1
        assert api.sent_texts(JUMA.id) == [HINT_EN]
        assert api.sent_texts(GROUP.id) == []


async def test_an_answer_typed_while_a_question_waits_hears_how_to_answer_not_how_to_start(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(AMINATA, "/quiz collectives")
        await next_poll(api, AMINATA.id, 1)
        before = len(api.sent_texts(AMINATA.id))
        await api.command(AMINATA, "b")  # the answer typed, rather than tapped on the poll
        await api.wait_for("sendMessage", before + 1, lambda p: p["chat_id"] == str(AMINATA.id))
        assert api.sent_texts(AMINATA.id)[before:] == [ANSWER_HINT_FR]


def test_a_hint_is_allowed_again_once_its_period_has_passed() -> None:
    now = [100.0]
    hints = OncePer(60, clock=lambda: now[0])
    assert hints.allow("ada") and not hints.allow("ada") and hints.allow("bola")
    now[0] += 59
    assert not hints.allow("ada")
    now[0] += 1
    assert hints.allow("ada")
    forever = OncePer(None, clock=lambda: now[0], remembered=2)
    assert forever.allow(1) and forever.allow(2) and not forever.allow(1)
    assert forever.allow(3) and forever.allow(1)  # only the newest two are remembered


async def test_a_command_typed_with_a_full_width_slash_runs_as_the_command(api: FakeBotApi, settings: Settings) -> None:
    """A Chinese or Japanese input method sends "／quiz ｃｏｌｌｅｃｔｉｖｅｓ": plain text to Telegram (no command
    entity), which got the hint; read in its compatibility form it is /quiz collectives."""
    async with running_bot(settings):
        await api.command(AMINATA, "／ｑｕｉｚ　ｃｏｌｌｅｃｔｉｖｅｓ")
        poll = await next_poll(api, AMINATA.id, 1)
        assert poll.params["question"].startswith("1/3 · ")
        await api.command(AMINATA, "／ｌａｎｇｕａｇｅ＠ＱｕｉｚＴｕｔｏｒＢｏｔ ｓｗ")
        await api.wait_for("sendMessage", 1, lambda p: "Kiswahili" in p.get("text", ""))
        assert HINT_FR not in api.sent_texts(AMINATA.id)


@pytest.mark.parametrize("typed", ["／ｑｕｉｚ＠ＱｕｉｚＴｕｔｏｒＢｏｔ　ｃｏｌｌｅｃｔｉｖｅｓ",
                                   "／quiz@quiztutorbot collectives", "／quiz collectives @QuizTutorBot",
                                   "@QuizTutorBot ／quiz collectives"])
async def test_in_a_group_a_full_width_command_runs_when_it_names_this_bot(
        api: FakeBotApi, settings: Settings, typed: str) -> None:
    """Before: ignored in a group (only private chats read it). The bot's @username, in any case or width, on the
    command or apart (a mention, which Telegram passes to a bot in privacy mode), says it is for this bot."""
    async with running_bot(settings):
        await api.command(AMINATA, typed, GROUP)
        poll = await next_poll(api, GROUP.id, 1)
        assert poll.params["question"].startswith("1/3 (Aminata) · ")


async def test_in_a_group_other_members_full_width_chatter_is_left_alone_and_admin_commands_keep_their_check(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        for chatter in ("／quiz collectives", "／quiz@OtherBot collectives", "／ｑｕｉｚ", "hello @QuizTutorBot",
                        "／quiz@OtherBot collectives @QuizTutorBot", "@QuizTutorBot"):
            await api.command(AMINATA, chatter, GROUP)
        await api.settle()
        assert api.sent_texts(GROUP.id) == [] and api.polls(GROUP.id) == []
        await api.command(AMINATA, "／reload@QuizTutorBot", GROUP)  # not one of the bot's admins: told privately
        refused = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0].params["text"]
        assert refused.endswith(engine.localizer_for("fr")("Sorry, only the bot's admins can reload the content."))
