"""A game's lobby open while a reload removed its quiz: begun (by its starter, or at the lobby's time), it said "Game
on! 2 players: Ada, Aminata" and at once "Final results: collectives" with "This quiz's remaining questions were
removed, so the game ends here", though none was asked. The group now reads that the game is stopped because its
quiz was removed before it began, and no "Game on!"."""

from __future__ import annotations

from pathlib import Path

from adapters.settings import Settings
from tests.fakes.clock import FixedClock
from tests.telegram.game_steps import group_calls, lobby, press
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import ADMIN, AMINATA, GROUP, for_chat, running_bot

ADA = FakeUser(301, "Ada", "en")
GAMES = 0.02  # seconds between looks for game phases that are due


async def test_a_lobby_whose_quiz_a_reload_removed_is_stopped_saying_so_when_begun(
        api: FakeBotApi, settings: Settings, clock: FixedClock, content_dir: Path) -> None:
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        await api.command(ADA, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        await press(api, AMINATA, f"gj:{game_id}", GROUP)
        before = len(group_calls(api, GROUP))
        (content_dir / "quizzes" / "collectives.yaml").unlink()
        await api.command(ADMIN, "/reload")
        await api.wait_for("sendMessage", 1, for_chat(ADMIN.id))
        await press(api, ADA, f"gb:{game_id}", GROUP)
        await api.settle()
        _ = engine.localizer_for("en")
    shown = [str(call.params.get("text", "")) for call in group_calls(api, GROUP)[before:]]
    assert not any(text.startswith("Game on!") for text in shown), shown
    [podium] = [text for text in shown if _("Game stopped: {quiz}", quiz="collectives") in text]
    assert _("This quiz was removed before the game began, so the game can't be played.") in podium
    assert _("This quiz's remaining questions were removed, so the game ends here.") not in podium


async def test_joining_a_lobby_whose_quiz_a_reload_removed_is_refused_saying_why(
        api: FakeBotApi, settings: Settings, clock: FixedClock, content_dir: Path) -> None:
    """Joining said "You're in! 2 players so far." for a game that could never be played."""
    async with running_bot(settings, clock, game_interval=GAMES) as engine:
        await api.command(ADA, "/game collectives", GROUP)
        _lobby, game_id = await lobby(api, GROUP)
        (content_dir / "quizzes" / "collectives.yaml").unlink()
        await api.command(ADMIN, "/reload")
        await api.wait_for("sendMessage", 1, for_chat(ADMIN.id))
        answer = await press(api, AMINATA, f"gj:{game_id}", GROUP)
        fr = engine.localizer_for("fr")
    assert answer["text"] == fr("This quiz was removed before the game began, so the game can't be played.")
