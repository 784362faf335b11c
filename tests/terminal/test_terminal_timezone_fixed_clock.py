"""`timezone GMT` in the terminal: the tz database's GMT keeps UTC+0 all year, so a Londoner who chose it had days
an hour off their clock all summer, and nothing said so. It is set, and the reply says so, in the learner's
language, and names a city that keeps summer time; `timezone UTC` is set without it."""

from __future__ import annotations

from pathlib import Path

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
ACTOR = Actor("terminal", "londoner", "terminal")


async def test_gmt_is_set_and_said_to_keep_no_summer_time_and_utc_is_set_without_it(tmp_path: Path) -> None:
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        io = ScriptedLineIO(["language fr", "timezone GMT", "timezone UTC", "quit"])
        await TerminalPlayer(services.engine, ACTOR, io).play()
        _ = services.engine.localizer_for("fr")
    said = " ".join(io.transcript.split())  # as wrapped to the terminal's width, French's no-break spaces joined
    note = " ".join(_("It stays at {offset} all year, with no summer time: if your clock changes in summer, name your "
                      "city instead, like {city}.", offset="UTC+0", city="Europe/London").split())
    assert said.count(note) == 1
    assert said.index("Votre fuseau horaire est désormais GMT") < said.index(note)
    assert "Votre fuseau horaire est désormais UTC" in said
