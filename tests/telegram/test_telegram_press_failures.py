"""A button press whose handling fails is still answered, exactly once: its spinner stops with the apology, and a
press answered before the failure is not answered again (Telegram refuses a second answer)."""

from __future__ import annotations

import time

import pytest

from adapters.settings import Settings
from adapters.telegram.errors import LANGUAGE_WAIT
from tests.support.table_away import table_away
from tests.support.write_lock import writes_held
from tests.telegram.game_steps import lobby
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import ADMIN, AMINATA, GROUP, WANJIRU, for_chat, running_bot

SORRY = "Sorry, something went wrong. Please try again in a moment."


async def answers_when_the_turn_fails(api: FakeBotApi, settings: Settings, user: FakeUser, action: str,
                                      language: str) -> tuple[list[str | None], str]:
    """The texts of every answer tried for ``user``'s press of ``action`` (gj: Join, gb: Start) on a lobby
    ADMIN opened, once the group heard the apology, with the database gone; and that apology, in ``language``
    (the presser's)."""
    async with running_bot(settings) as engine:
        await api.command(ADMIN, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        before = len([call for call in api.requests if call.method == "answerCallbackQuery"])
        async with table_away(settings, "users"):  # every turn reads its learner first
            await api.press(user, f"{action}:{game_id}", GROUP)
            sorry = engine.localizer_for(language)(SORRY)
            await api.wait_for("sendMessage", 1, lambda p: for_chat(GROUP.id)(p) and p["text"] == sorry)
            await api.settle()
        assert not api.polls(GROUP.id)  # nothing began
        answers = [call for call in api.requests if call.method == "answerCallbackQuery"][before:]
        return [call.params.get("text") for call in answers], sorry


async def test_a_join_press_whose_turn_fails_is_answered_once_with_the_apology(
        api: FakeBotApi, settings: Settings) -> None:
    """Join is answered after the engine's turn: with the database gone, that never comes."""
    answers, sorry = await answers_when_the_turn_fails(api, settings, AMINATA, "gj", "fr")
    assert answers == [sorry]


async def test_a_start_press_whose_turn_fails_is_answered_once_with_the_apology(
        api: FakeBotApi, settings: Settings) -> None:
    """Start too: its answer comes from inside the engine's act, which fails before it."""
    answers, sorry = await answers_when_the_turn_fails(api, settings, ADMIN, "gb", "en")
    assert answers == [sorry]


async def test_a_which_one_press_whose_turn_fails_is_answered_once_with_the_apology(
        api: FakeBotApi, settings: Settings) -> None:
    """A quiz of /game's which-one opens its lobby in the engine's turn, answered from inside it: with the database
    gone, that answer never comes, and the press is the error handler's to answer, with the apology."""
    async with running_bot(settings) as engine:
        async with table_away(settings, "users"):  # every turn reads its learner first
            await api.press(AMINATA, "gq:collectives/20", GROUP)
            sorry = engine.localizer_for("fr")(SORRY)
            await api.wait_for("sendMessage", 1, lambda p: for_chat(GROUP.id)(p) and p["text"] == sorry)
            await api.settle()
        assert not api.calls("sendMessage", lambda p: for_chat(GROUP.id)(p) and p["text"] != sorry)  # no lobby
        answers = [call.params.get("text") for call in api.requests if call.method == "answerCallbackQuery"]
        assert answers == [sorry]


async def test_a_press_answered_before_its_handling_failed_is_not_answered_again(
        api: FakeBotApi, settings: Settings) -> None:
    """A quiz's button stops its spinner first, then starts the quiz: with the database gone, the apology is said
    in the chat only."""
    async with running_bot(settings) as engine:
        async with table_away(settings, "users"):  # every turn reads its learner first
            await api.press(WANJIRU, "quiz:collectives")
            sorry = engine.localizer_for("sw")(SORRY)
            await api.wait_for("sendMessage", 1, lambda p: for_chat(WANJIRU.id)(p) and p["text"] == sorry)
            await api.settle()
        answers = [call for call in api.requests if call.method == "answerCallbackQuery"]
        assert len(answers) == 1 and "text" not in answers[0].params


async def test_a_press_whose_answer_was_refused_is_not_answered_again_when_its_handling_then_fails(
        api: FakeBotApi, settings: Settings) -> None:
    """Join's answer refused with a 403, which the handler doesn't swallow as it does a press too old: it fails on
    it. The answer was tried, perhaps taken: the error handler doesn't try again."""
    async with running_bot(settings):
        await api.command(ADMIN, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        before = len([call for call in api.requests if call.method == "answerCallbackQuery"])
        api.fail_next("answerCallbackQuery", 403, "Forbidden: bot was kicked from the group chat")
        await api.press(AMINATA, f"gj:{game_id}", GROUP)
        await api.settle()
        assert len([call for call in api.requests if call.method == "answerCallbackQuery"]) == before + 1




async def test_a_failed_press_is_apologised_for_at_once_while_the_database_is_too_slow_to_say_a_language(
        api: FakeBotApi, settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """Its handling failed waiting for the database; the apology doesn't wait for it again to read the presser's
    language (Telegram waits only seconds for a press's answer): it is said in the language the press came with."""
    async with running_bot(settings) as engine:
        await api.command(ADMIN, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        sorry = engine.localizer_for("fr")(SORRY)
        await api.settle()  # the lobby's turn committed
        async with writes_held(settings):
            await api.press(AMINATA, f"gj:{game_id}", GROUP)
            await api.wait_for("answerCallbackQuery", 1, lambda p: p.get("text") == sorry, within=60)
            answered = time.time()
        [failed] = [record for record in caplog.records if "failed" in record.getMessage()
                    and record.name == "adapters.telegram.errors"]
        assert answered - failed.created < LANGUAGE_WAIT + 3.0  # before: not while the lock was held (over 90 s)
