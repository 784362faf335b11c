"""Which language a learner gets, and the whole-question fallback to English."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import QuizEngine
from bot.replies import Actor, Notice, NoticeCode, QuestionView, Summary
from tests.core.play import answer, next_question, start
from tests.fakes.storage import FakeDatabase

FALLBACK_NOTICE = "This question isn't available in Français yet, so it is shown in English."


@pytest.mark.parametrize(("hint", "language"), [
    ("fr-CA", "fr"), ("sw-KE", "sw"), ("sw_KE", "sw"), ("YO", "yo"), ("sn", "sn"), ("pt-BR", "en"), (None, "en"),
    ("", "en"),
])
async def test_the_platform_hint_is_normalised(engine: QuizEngine, hint: str | None, language: str) -> None:
    actor = Actor("telegram", "someone", language_hint=hint)
    assert (await engine.localizer(actor)).language == language
    assert (await start(engine, actor)).language == language


async def test_a_stored_choice_beats_the_platform_hint(engine: QuizEngine) -> None:
    french_phone = Actor("telegram", "juma", language_hint="fr-FR")
    chosen = await engine.set_language(french_phone, "sw")
    assert chosen == Notice("From now on I'll speak Kiswahili.")
    assert (await engine.localizer(french_phone)).language == "sw"
    question = await start(engine, french_phone)
    assert question.language == "sw"
    assert question.prompt == "Operesheni ipi huacha jumla ya gradients zote kwenye kila rank?"


async def test_a_language_can_be_chosen_by_a_regional_code(engine: QuizEngine) -> None:
    actor = Actor("discord", "ama")
    await engine.set_language(actor, "yo-NG")
    assert (await engine.localizer(actor)).language == "yo"


@pytest.mark.parametrize(("typed", "language"), [
    ("Français", "fr"), ("français", "fr"), ("FRANCAIS", "fr"), ("French", "fr"), ("kiswahili", "sw"),
    ("Swahili", "sw"), ("english", "en"), ("Èdè Yorùbá", "yo"), ("yoruba", "yo"), ("chiShona", "sn"), ("Shona", "sn"),
    ("yo (Èdè Yorùbá)", "yo"), (" fr (Français) ", "fr"),  # as the refusal lists them
    ("ｆｒ", "fr"), ("ＳＷ－ｋｅ", "sw"), ("ｙｏ　（Èdè Yorùbá）", "yo"),  # typed with a phone's full-width input
])
async def test_a_language_can_be_chosen_by_its_name_in_itself_or_in_english(engine: QuizEngine, typed: str,
                                                                            language: str) -> None:
    """The refusal of an unknown choice lists "fr (Français)": the name it shows is understood too."""
    actor = Actor("telegram", "ama", "ama")
    assert not (await engine.set_language(actor, typed)).is_error
    assert (await engine.localizer(actor)).language == language
    group = await engine.games.set_chat_language(Actor("telegram", "ama", "-100"), "-100", typed, moderator=True)
    assert group.language == language and not group.is_error


@pytest.mark.parametrize("typed", ["fr (Kiswahili)", "yo (", "(Français)", "xx (Français)"])
async def test_a_code_and_a_name_that_disagree_or_half_a_listing_are_refused(engine: QuizEngine, typed: str) -> None:
    reply = await engine.set_language(Actor("telegram", "ama", "ama"), typed)
    assert isinstance(reply, Notice) and reply.code is NoticeCode.UNKNOWN_LANGUAGE


async def test_an_unknown_language_choice_is_refused_and_lists_the_choices(engine: QuizEngine) -> None:
    actor = Actor("telegram", "pedro", language_hint="fr")
    reply = await engine.set_language(actor, "klingon")
    assert isinstance(reply, Notice) and reply.code is NoticeCode.UNKNOWN_LANGUAGE
    assert "klingon" in reply.text
    for name in ("English", "Français", "Kiswahili", "Èdè Yorùbá", "chiShona"):
        assert name in reply.text
    assert (await engine.localizer(actor)).language == "fr"  # nothing stored


async def test_an_event_without_a_hint_uses_the_last_hint_seen(engine: QuizEngine) -> None:
    # Meeting someone (their profile, at /start or /help) remembers the hint; asking for words stores nothing.
    await engine.profile(Actor("telegram", "amelie", language_hint="fr-CA"))
    no_hint = Actor("telegram", "amelie")  # e.g. a poll answer, which carries no language
    assert (await engine.localizer(no_hint)).language == "fr"
    await engine.profile(Actor("telegram", "amelie", language_hint="sw"))
    assert (await engine.localizer(no_hint)).language == "sw"


async def test_a_new_hint_on_a_turn_that_writes_nothing_is_kept_for_events_without_one(
        engine: QuizEngine, fake_db: FakeDatabase) -> None:
    """A quiz list writes nothing of its own; its sender's new hint is kept all the same, and only when new."""
    await engine.profile(Actor("telegram", "amelie", language_hint="fr"))
    assert (await engine.list_quizzes(Actor("telegram", "amelie", language_hint="sw"))).language == "sw"
    assert (await engine.localizer(Actor("telegram", "amelie"))).language == "sw"  # e.g. a reminder's
    commits = fake_db.commits
    await engine.list_quizzes(Actor("telegram", "amelie", language_hint="sw-KE"))
    assert fake_db.commits == commits  # the same hint: nothing to keep


async def test_a_new_hint_on_a_turn_that_commits_is_kept_with_its_work_in_one_commit(
        engine: QuizEngine, fake_db: FakeDatabase) -> None:
    await engine.profile(Actor("telegram", "amelie", language_hint="fr"))
    commits = fake_db.commits
    assert (await start(engine, Actor("telegram", "amelie", language_hint="sw"))).language == "sw"
    assert fake_db.commits == commits + 1
    assert (await engine.localizer(Actor("telegram", "amelie"))).language == "sw"


async def test_a_hint_that_cant_be_kept_is_logged_and_the_reply_still_comes(
        engine: QuizEngine, fake_db: FakeDatabase, caplog: pytest.LogCaptureFixture) -> None:
    await engine.profile(Actor("telegram", "amelie", language_hint="fr"))
    fake_db.failing = OSError("disk I/O error")  # every commit fails; the quiz list commits nothing of its own
    assert (await engine.list_quizzes(Actor("telegram", "amelie", language_hint="sw"))).language == "sw"
    assert "could not keep a new language hint: OSError: disk I/O error" in caplog.text
    fake_db.failing = None
    assert (await engine.localizer(Actor("telegram", "amelie"))).language == "fr"  # kept by a later event


async def test_asking_for_someones_words_stores_nothing_and_commits_nothing(engine: QuizEngine,
                                                                            fake_db: FakeDatabase) -> None:
    assert (await engine.localizer(Actor("telegram", "nobody", language_hint="yo"))).language == "yo"
    assert (await engine.list_quizzes(Actor("telegram", "nobody", language_hint="yo"))).language == "yo"
    assert fake_db.state.users == {} and fake_db.commits == 0


async def test_an_english_only_question_is_shown_whole_in_english_with_a_notice(engine: QuizEngine) -> None:
    french = Actor("telegram", "amelie", language_hint="fr")
    first = await start(engine, french)
    assert (first.language, first.notices) == ("fr", ())
    assert first.prompt.startswith("Quelle collective laisse la somme")
    assert "All-reduce (réduction totale)" in first.options
    second = next_question(await answer(engine, french, first, right=True))
    assert second.language == "fr" and second.notices == ()
    assert second.prompt.startswith("Quelle collective reconstruit")
    outcome = await answer(engine, french, second, right=True)
    assert outcome.feedback is not None and outcome.feedback.explanation.startswith("All-gather concatène")
    third = next_question(outcome)
    assert third.language == "en"
    assert third.prompt == "Which link usually carries tensor-parallel traffic inside one node?"
    assert sorted(third.options) == ["Ethernet", "NVLink"]
    assert third.explanation.startswith("NVLink joins")
    assert third.notices == (FALLBACK_NOTICE,)
    last = await answer(engine, french, third, right=False)
    assert last.feedback is not None
    assert last.feedback.correct_option == "The answer: NVLink"
    assert last.feedback.explanation.startswith("NVLink joins")


async def test_an_english_speaker_gets_no_fallback_notice(engine: QuizEngine) -> None:
    english = Actor("telegram", "alice")
    question: QuestionView | Summary = await start(engine, english)
    seen = 0
    while isinstance(question, QuestionView):
        assert question.notices == ()
        seen += 1
        question = (await answer(engine, english, question, right=True)).next
    assert seen == 3


async def test_an_apology_in_an_outage_speaks_the_choice_last_read_not_the_apps_language(
        engine: QuizEngine, fake_db: FakeDatabase) -> None:
    english_phone = Actor("telegram", "kofi", language_hint="en")
    await engine.set_language(english_phone, "fr")  # nothing else is read before the outage
    stranger = Actor("telegram", "ama", language_hint="sw")
    fake_db.unreachable = ConnectionRefusedError(111, "Connection refused")  # the database goes away
    assert (await engine.localizer_or_hint(english_phone)).language == "fr"  # not his phone's English
    assert (await engine.localizer_or_hint(stranger)).language == "sw"  # never read here: her app's hint


async def test_an_apology_waits_no_longer_than_it_may_even_on_a_connection_stuck_in_its_query(
        engine: QuizEngine, fake_db: FakeDatabase) -> None:
    """Telegram's press apology waits 2 s at most for the language (adapters/telegram/errors.py): a read stuck on a
    connection that stopped answering is left behind, not awaited until its ROLLBACK gives up."""
    await engine.set_language(Actor("telegram", "ana"), "fr")
    fake_db.stalled = asyncio.Event()
    try:
        words = await asyncio.wait_for(engine.localizer_or_hint(Actor("telegram", "ana", language_hint="sw"),
                                                                within=0.1), 3)
        assert words.language == "fr"  # her choice, as last read here
    finally:
        fake_db.stalled.set()


async def test_an_apology_in_an_outage_speaks_the_last_hint_read_before_the_places_language(
        engine: QuizEngine, fake_db: FakeDatabase) -> None:
    """A Discord voter whose own locale the bot knows is apologised to in it, not in the server's language; the
    order stays: their /language choice, this event's hint, their last hint, the place's, English."""
    await start(engine, Actor("discord", "seen", language_hint="sw"))  # her own Discord's locale, stored and read
    await engine.set_language(Actor("discord", "chose", language_hint="yo"), "sn")
    fake_db.unreachable = ConnectionRefusedError(111, "Connection refused")  # the database goes away
    assert (await engine.localizer_or_hint(Actor("discord", "seen", place_hint="fr"))).language == "sw"
    assert (await engine.localizer_or_hint(Actor("discord", "seen", language_hint="yo", place_hint="fr"))
            ).language == "yo"
    assert (await engine.localizer_or_hint(Actor("discord", "chose", language_hint="fr", place_hint="fr"))
            ).language == "sn"
    assert (await engine.localizer_or_hint(Actor("discord", "never-read", place_hint="fr"))).language == "fr"
    assert (await engine.localizer_or_hint(Actor("discord", "never-read"))).language == "en"

async def test_the_places_language_speaks_only_for_someone_the_bot_knows_nothing_about(engine: QuizEngine) -> None:
    """A Discord vote carries the server's preferred locale, not the voter's: the weakest hint, never kept."""
    assert (await engine.localizer(Actor("discord", "new", place_hint="fr"))).language == "fr"
    assert (await engine.localizer(Actor("discord", "new", place_hint="pt-BR"))).language == "en"
    await start(engine, Actor("discord", "seen", language_hint="sw"))  # her own Discord's locale, stored
    assert (await engine.localizer(Actor("discord", "seen", place_hint="fr"))).language == "sw"
    assert (await engine.localizer(Actor("discord", "seen", language_hint="yo", place_hint="fr"))).language == "yo"
    await engine.set_language(Actor("discord", "chose"), "sn")
    assert (await engine.localizer(Actor("discord", "chose", place_hint="fr"))).language == "sn"
    await engine.profile(Actor("discord", "met", place_hint="fr"))  # stored, but the place isn't their language
    assert (await engine.profile(Actor("discord", "met"))).language_known is False


async def test_a_language_the_place_chose_speaks_for_it_before_the_platforms_hint(engine: QuizEngine) -> None:
    """A server's /language ... server:True is its language; still weaker than anything of the person's own."""
    await engine.games.set_chat_language(Actor("discord", "admin", "channel"), "guild", "sw", True)
    assert (await engine.localizer(Actor("discord", "new", place_hint="fr", place_id="guild"))).language == "sw"
    assert (await engine.localizer(Actor("discord", "new", place_hint="fr", place_id="other"))).language == "fr"
    assert (await engine.localizer(Actor("discord", "new", place_id="guild"))).language == "sw"
    await start(engine, Actor("discord", "seen", language_hint="yo"))  # her own Discord's locale, stored
    assert (await engine.localizer(Actor("discord", "seen", place_hint="fr", place_id="guild"))).language == "yo"
    await engine.set_language(Actor("discord", "chose"), "sn")
    assert (await engine.localizer(Actor("discord", "chose", place_id="guild"))).language == "sn"
    assert (await engine.localizer(Actor("discord", "new", "channel", "fr", place_id="guild"))).language == "fr"
