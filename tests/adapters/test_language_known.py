"""The engine tells an adapter whether it knows a user's language, so it can offer a picker when not."""

from pathlib import Path

from bot.replies import Actor
from tests.support.engine_on_sqlite import services_on_sqlite

FIXTURES = Path(__file__).parent.parent / "fixtures" / "content"


async def test_a_new_user_without_a_usable_hint_has_no_known_language(tmp_path: Path) -> None:
    async with services_on_sqlite(tmp_path, FIXTURES) as services:
        assert not await services.engine.language_known(Actor("telegram", "1"))
        assert not await services.engine.language_known(Actor("telegram", "2", language_hint="de-DE"))


async def test_a_usable_hint_is_remembered_for_later_events_without_one(tmp_path: Path) -> None:
    async with services_on_sqlite(tmp_path, FIXTURES) as services:
        assert await services.engine.language_known(Actor("telegram", "1", language_hint="sw-KE"))
        assert await services.engine.language_known(Actor("telegram", "1"))


async def test_a_chosen_language_is_known_even_when_it_is_english(tmp_path: Path) -> None:
    async with services_on_sqlite(tmp_path, FIXTURES) as services:
        engine = services.engine
        await engine.set_language(Actor("telegram", "1"), "en")
        assert await engine.language_known(Actor("telegram", "1", language_hint="de"))
