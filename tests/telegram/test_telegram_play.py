"""A learner plays a whole quiz through the real PTB Application against the fake Bot API."""

from __future__ import annotations

from adapters.settings import Settings
from bot.replies import Actor
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import (
    AMINATA,
    JUMA,
    WANJIRU,
    correct,
    for_chat,
    next_poll,
    options,
    poll_id,
    running_bot,
    wrong,
)


async def test_a_french_learner_plays_a_quiz_from_start_to_summary_with_polls_in_french(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(AMINATA, "/start")
        welcome = (await api.wait_for("sendMessage", 1, for_chat(AMINATA.id)))[0]
        assert "Aminata" in welcome.params["text"]
        assert "reply_markup" not in welcome.params  # French is known from the client: no picker

        await api.command(AMINATA, "/quiz collectives")
        first = await next_poll(api, AMINATA.id, 1)
        assert first.params["question"] == ("1/3 · Quelle collective laisse la somme de tous les gradients "
                                            "sur chaque rang ?")
        assert first.params["type"] == "quiz" and first.params["is_anonymous"] is False
        assert first.params["explanation"].startswith("All-reduce additionne sur tous les rangs")
        assert sorted(options(first)) == ["All-reduce (réduction totale)", "Diffusion (broadcast)",
                                                   "Dispersion (scatter)"]
        assert options(first)[correct(first)] == "All-reduce (réduction totale)"

        await api.answer_poll(AMINATA, poll_id(first), [correct(first)])
        second = await next_poll(api, AMINATA.id, 2)
        assert second.params["question"].startswith("2/3 · Quelle collective reconstruit")
        follow_up = api.sent_texts(AMINATA.id)[-1]  # details and reference didn't fit the popup
        assert "anneau" in follow_up and "NCCL collective operations — https://docs.nvidia.com" in follow_up

        await api.answer_poll(AMINATA, poll_id(second), [wrong(second)])
        third = await next_poll(api, AMINATA.id, 3)
        assert third.params["question"].startswith("3/3 · Which link")  # English-only, with a notice
        assert "Français" in api.sent_texts(AMINATA.id)[-1]

        await api.answer_poll(AMINATA, poll_id(third), [correct(third)])
        summary = (await api.wait_for("sendMessage", 1, lambda p: "✅" in p["text"]))[0]
        _ = engine.localizer_for("fr")
        assert _("Quiz finished: {title}", title="Collectives") in summary.params["text"]
        marks = [line[0] for line in summary.params["text"].splitlines()[3:]]  # each question's, under the tally
        assert marks.count("✅") == 2 and marks.count("❌") == 1
        assert "✅ 2 bonnes réponses · ❌ 1 mauvaise réponse" in summary.params["text"].splitlines()
        retry = summary.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        assert retry.startswith("retry:")

        await api.press(AMINATA, retry)
        again = await next_poll(api, AMINATA.id, 4)
        assert again.params["question"].startswith("1/1 · Quelle collective reconstruit")
        progress = await engine.progress(Actor("telegram", str(AMINATA.id)))
        assert [line.text for line in progress.lines] == [
            " · ".join([_("best {correct}/{total}", correct=2, total=3), _.ngettext("{n} attempt", "{n} attempts", 1),
                        _.ngettext("retry of {n} missed question under way: {answered} of {n} answered, "
                                   "{correct} right", "retry of {n} missed questions under way: {answered} of {n} "
                                   "answered, {correct} right", 1, answered=0, correct=0)])]


async def test_a_learner_without_a_client_language_picks_swahili_and_plays_in_swahili(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings) as engine:
        await api.command(JUMA, "/start")
        welcome = (await api.wait_for("sendMessage", 1, for_chat(JUMA.id)))[0]
        buttons = [row[0] for row in welcome.params["reply_markup"]["inline_keyboard"]]
        assert [button["text"] for button in buttons] == ["English", "Français", "Kiswahili", "Èdè Yorùbá",
                                                          "chiShona"]

        await api.press(JUMA, "lang:sw", message_id=int(welcome.result["message_id"]))
        edited = (await api.wait_for("editMessageText"))[0]
        assert "Kiswahili" in edited.params["text"]
        assert api.calls("answerCallbackQuery")

        await api.command(JUMA, "/quiz collectives")
        first = await next_poll(api, JUMA.id, 1)
        assert first.params["question"] == "1/3 · Operesheni ipi huacha jumla ya gradients zote kwenye kila rank?"
        assert first.params["explanation"].startswith("All-reduce hujumlisha")
        await api.answer_poll(JUMA, poll_id(first), [wrong(first)])
        second = await next_poll(api, JUMA.id, 2)
        assert second.params["explanation"].startswith("All-gather huunganisha")
        await api.answer_poll(JUMA, poll_id(second), [correct(second)])
        third = await next_poll(api, JUMA.id, 3)
        await api.answer_poll(JUMA, poll_id(third), [correct(third)])
        summary = (await api.wait_for("sendMessage", 1, lambda p: "✅" in p["text"]))[0]
        _ = engine.localizer_for("sw")
        assert _("Quiz finished: {title}", title="Mawasiliano ya pamoja") in summary.params["text"]
        assert _.ngettext("You scored {correct} out of {n} question.", "You scored {correct} out of {n} questions.",
                          3, correct=2) in summary.params["text"]


async def test_the_command_menu_is_published_in_every_language_and_polling_asks_for_poll_answers(
        api: FakeBotApi, settings: Settings) -> None:
    async with running_bot(settings):
        await api.command(WANJIRU, "/help")
        await api.wait_for("sendMessage")
    menus = {call.params.get("language_code"): call.params["commands"] for call in api.calls("setMyCommands")}
    assert set(menus) == {None, "en", "fr", "sw", "yo", "sn"}
    assert {command["command"] for command in menus["sw"]} >= {"quiz", "quizzes", "language", "progress"}
    allowed = api.calls("getUpdates")[0].params["allowed_updates"]
    assert set(allowed) == {"message", "callback_query", "poll_answer", "my_chat_member"}
