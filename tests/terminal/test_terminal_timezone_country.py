"""`timezone Zimbabwe` in the terminal was refused as an unknown zone: a country's name sets its zone, the reply
naming the country in the learner's language (Shona here); `timezone USA` asks for a city."""

from __future__ import annotations

from pathlib import Path

from adapters.terminal.lines import ScriptedLineIO
from adapters.terminal.player import TerminalPlayer
from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURE_CONTENT = Path(__file__).resolve().parents[1] / "fixtures" / "content"
ACTOR = Actor("terminal", "harare", "terminal")


async def test_a_country_sets_its_zone_and_one_of_several_clocks_asks_which(tmp_path: Path) -> None:
    async with services_on_sqlite(tmp_path, FIXTURE_CONTENT, seed=3) as services:
        io = ScriptedLineIO(["language sn", "timezone Zimbabwe", "timezone USA", "quit"])
        await TerminalPlayer(services.engine, ACTOR, io).play()
        _ = services.engine.localizer_for("sn")
    said = " ".join(io.transcript.split())  # as wrapped to the terminal's width
    set_to = _("Your time zone is now {zone} ({country}): it is {time} there.", zone="Africa/Harare",
               country="Zimbabwe", time="\0").partition("\0")[0]
    asked = _("{country} has more than one time zone: send your city or the name of your zone instead, like {zones}.",
              country="Amerika", zones="America/New_York, America/Chicago, America/Denver")
    assert " ".join(set_to.split()) in said and " ".join(asked.split()) in said
