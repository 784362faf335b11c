"""In a group, /quiz starts the caller's own session, and only the caller's votes count for it."""

from __future__ import annotations

from adapters.settings import Settings
from bot.replies import Actor
from tests.support.next_step import NEXT_STEP
from tests.telegram.fake_types import Failure, FakeChat
from tests.telegram.telegram_fake_api import FakeBotApi, FakeUser
from tests.telegram.telegram_harness import GROUP, correct, next_poll, poll_id, running_bot, wrong

ADA = FakeUser(201, "<Ada & Co>", "en")  # a name that would break HTML if it weren't escaped
BOLA = FakeUser(202, "Bola", "yo")
ANONYMOUS_ADMIN = FakeUser(1087968824, "Group", is_bot=True)  # Telegram's GroupAnonymousBot: one for every group's
OTHER_GROUP = FakeChat(-100777, "supergroup", "Another group")
NEVER_STARTED = Failure(403, "Forbidden: bot can't initiate conversation with a user")


async def test_two_members_of_a_group_each_play_their_own_quiz_and_only_their_own_votes_count(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(ADA, "/quiz@QuizTutorBot collectives", GROUP)
        ada_first = await next_poll(api, GROUP.id, 1)
        intro = api.sent_texts(GROUP.id)[0]
        assert intro.startswith("<b>&lt;Ada &amp; Co&gt;</b> · ")

        await api.command(BOLA, "/quiz collectives", GROUP)
        bola_first = await next_poll(api, GROUP.id, 2)
        assert bola_first.params["question"].startswith("1/3 (Bola) · Èwo ló ń fi àpapọ̀")  # in Bola's language
        assert ada_first.params["question"].startswith("1/3 (<Ada & Co>) · Which collective")  # plain text

        await api.answer_poll(BOLA, poll_id(ada_first), [wrong(ada_first)])  # not Bola's quiz: ignored, quietly
        await api.settle()
        assert len(api.polls(GROUP.id)) == 2 and len(api.sent_texts(GROUP.id)) == 2

        await api.answer_poll(ADA, poll_id(ada_first), [correct(ada_first)])
        ada_second = await next_poll(api, GROUP.id, 3)
        assert ada_second.params["question"].startswith("2/3 (<Ada & Co>) · Which collective rebuilds")

        await api.answer_poll(BOLA, poll_id(bola_first), [correct(bola_first)])
        bola_second = await next_poll(api, GROUP.id, 4)
        assert bola_second.params["question"].startswith("2/3 (Bola) · Èwo ló ń tún tensor")

        for user, expected in ((ADA, 1), (BOLA, 1)):
            progress = await engine.progress(Actor("telegram", str(user.id)))
            _ = engine.localizer_for(user.language_code or "en")
            assert progress.lines[0].text == _(
                "in progress: {answered} of {total} answered, {correct} right", answered=expected, total=3,
                correct=expected)


async def test_a_command_posted_in_the_groups_name_is_nobodys_and_says_so_in_the_groups_language(
        api: FakeBotApi, settings: Settings) -> None:
    api.admins[OTHER_GROUP.id] = {ADA.id}
    async with running_bot(settings) as engine:
        await api.command(ADA, "/language fr", OTHER_GROUP)  # that group's games are in French
        await api.wait_for("sendMessage", 1)
        for group in (GROUP, OTHER_GROUP):  # one placeholder user for all: it must not become one shared learner
            await api.command(ANONYMOUS_ADMIN, "/quiz collectives", group, as_chat=group)
        await api.wait_for("sendMessage", 3)
        why = ("I can't tell who you are while you post as the group, so I can't keep your quiz or your score. "
               "Turn off \"Remain anonymous\" to play, or message me privately.")
        assert api.sent_texts(GROUP.id) == [engine.localizer_for("en")(why)]
        assert api.sent_texts(OTHER_GROUP.id)[1:] == [engine.localizer_for("fr")(why)]
        assert api.sent_texts(OTHER_GROUP.id)[1].startswith("Je ne sais pas qui vous êtes")
        assert api.polls(GROUP.id) == api.polls(OTHER_GROUP.id) == []
        progress = await engine.progress(Actor("telegram", str(ANONYMOUS_ADMIN.id)))
        assert not progress.lines  # no quiz was kept for the placeholder
        channel = FakeChat(-100555, "channel", "A linked channel")
        await api.command(FakeUser(136817688, "Channel", is_bot=True), "/quiz collectives", GROUP, as_chat=channel)
        await api.settle()  # posted as a channel, not as the group: nobody's, and nothing to say to a channel
        assert len(api.sent_texts(GROUP.id)) == 1


async def test_a_name_with_a_bidi_override_shows_without_it_so_the_line_after_it_reads_the_right_way(
        api: FakeBotApi, settings: Settings) -> None:
    spoofer = FakeUser(203, "Eve\u202e\n reversed", "en")
    async with running_bot(settings):
        await api.command(spoofer, "/quiz collectives", GROUP)
        poll = await next_poll(api, GROUP.id, 1)
        assert api.sent_texts(GROUP.id)[0].startswith("<b>Eve reversed</b> · ")
        assert poll.params["question"].startswith("1/3 (Eve reversed) · ")
        await api.command(spoofer, "/game collectives", GROUP)
        lobby = await api.wait_for("sendMessage", 1, lambda p: "Group game" in p["text"])
        assert "Players: Eve reversed" in lobby[-1].params["text"]


async def test_a_group_that_becomes_a_supergroup_keeps_its_language_and_its_quizzes(
        api: FakeBotApi, settings: Settings) -> None:
    group, supergroup = FakeChat(-4242, "group", "Study group"), FakeChat(-1004242, "supergroup", "Study group")
    api.admins[group.id] = api.admins[supergroup.id] = {ADA.id}
    async with running_bot(settings) as engine:
        yo = engine.localizer_for("yo")
        await api.command(ADA, "/language yo", group)
        await api.wait_for("sendMessage", 1, lambda p: p["chat_id"] == str(group.id))
        await api.command(BOLA, "/quiz collectives", group)
        first = await next_poll(api, group.id, 1)

        await api.migrate(group, supergroup, ADA)
        await api.settle()
        link = await engine.message_link("telegram", poll_id(first))
        assert link is not None and link.chat_id == str(supergroup.id)  # her quiz is the new chat's now

        await api.command(ADA, "/game collectives", supergroup)
        lobby = await api.wait_for("sendMessage", 1, lambda p: p["chat_id"] == str(supergroup.id))
        assert lobby[-1].params["text"].startswith("🎲 <b>" + yo("Group game: {quiz}", quiz=""))  # still Yoruba


async def test_someone_elses_retry_button_says_whose_it_is_only_to_the_presser(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(ADA, "/quiz long-options", GROUP)
        poll = await next_poll(api, GROUP.id, 1)
        await api.answer_poll(ADA, poll_id(poll), [wrong(poll)])
        summary = (await api.wait_for("sendMessage", 1, lambda p: "reply_markup" in p and "❌" in p["text"]))[0]
        sent = len(api.sent_texts(GROUP.id))
        await api.press(BOLA, summary.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"], GROUP)
        alert = (await api.wait_for("answerCallbackQuery", 1))[-1].params
        _ = engine.localizer_for("yo")
        assert alert["text"] == _("This button belongs to someone else's quiz. Start your own with /quiz.")
        assert alert["show_alert"] is True  # not "There is nothing to retry.", and nothing said in the group
        await api.settle()
        assert len(api.sent_texts(GROUP.id)) == sent and len(api.polls(GROUP.id)) == 1


async def test_stop_in_a_group_says_whose_quiz_it_stopped(api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(ADA, "/quiz collectives", GROUP)
        await next_poll(api, GROUP.id, 1)
        await api.command(BOLA, "/quiz collectives", GROUP)
        await next_poll(api, GROUP.id, 2)
        await api.command(ADA, "/stop", GROUP)
        _ = engine.localizer_for("en")
        stopped = _("Quiz stopped: {title}. Your answers so far are saved.", title="Collectives")
        said = (await api.wait_for("sendMessage", 1, lambda p: stopped in p["text"]))[0].params["text"]
        assert said == f"<b>&lt;Ada &amp; Co&gt;</b> · {stopped}"  # with two quizzes here, not Bola's


async def test_a_refused_skip_in_a_group_says_whom_it_answers(api: FakeBotApi, settings: Settings) -> None:
    """ "You have no quiz in progress." in a group left everyone wondering who was meant, where /stop names them.
    Said there only to one the bot can't write to privately."""
    api.refusing[ADA.id] = NEVER_STARTED
    async with running_bot(settings) as engine:
        await api.command(BOLA, "/quiz collectives", GROUP)
        await next_poll(api, GROUP.id, 1)
        await api.command(ADA, "/skip", GROUP)  # Ada has no quiz of her own
        none = engine.localizer_for("en")("You have no quiz in progress.") + " " + NEXT_STEP
        said = (await api.wait_for("sendMessage", 1, lambda p: none in p["text"]))[0].params["text"]
        assert said == f"<b>&lt;Ada &amp; Co&gt;</b> · {none}"
