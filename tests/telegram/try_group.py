"""See a group game without Telegram: the real bot plays one in a fake group with three players, in real time,
and prints what the group and each player saw.

    .venv/bin/python -m tests.telegram.try_group        # about a minute

The players speak English, French and Swahili; they join, answer (one of them slowly, one sometimes wrong),
ask for an explanation, and look at the leaderboard.
"""

from __future__ import annotations

import asyncio
import html
import re
import tempfile
from pathlib import Path

from adapters.settings import Settings
from adapters.telegram.spec import TelegramSettings
from tests.telegram.game_steps import GROUP_CALLS, lobby, press, vote
from tests.telegram.telegram_fake_api import Call, FakeBotApi, FakeChat, FakeUser
from tests.telegram.telegram_harness import FIXTURES, TOKEN, for_chat, running_bot

GROUP = FakeChat(-100777, "supergroup", "Distributed training study group")
ADA = FakeUser(501, "Ada", "en")
AMINATA = FakeUser(502, "Aminata", "fr")
JUMA = FakeUser(503, "Juma", "sw")
SECONDS = 10


def plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def shown(call: Call) -> str:
    if call.method == "sendPoll":
        options = [option if isinstance(option, str) else option["text"] for option in call.params["options"]]
        return f"[poll, {call.params.get('open_period')} s] {call.params['question']}\n  " + "\n  ".join(options)
    if call.method == "stopPoll":
        return "[the poll closes]"
    if call.method == "editMessageText":
        return f"[the lobby becomes] {plain(call.params['text'])}"
    return plain(call.params["text"])


async def play(api: FakeBotApi) -> None:
    await api.command(ADA, "/game collectives 10", GROUP)
    _lobby, game_id = await lobby(api, GROUP)
    for user in (AMINATA, JUMA):
        print(f"  ({user.first_name} presses Join: “{(await press(api, user, f'gj:{game_id}', GROUP))['text']}”)")
    await press(api, ADA, f"gb:{game_id}", GROUP)
    for number in (1, 2, 3):
        poll = (await api.wait_for("sendPoll", number, for_chat(GROUP.id), within=40))[number - 1]
        await vote(api, poll, ADA, right=True)
        await vote(api, poll, AMINATA, right=number != 2)
        if number != 3:  # Juma lets the last question run out
            await asyncio.sleep(3)
            await vote(api, poll, JUMA, right=number == 1)
        await api.wait_for("sendMessage", number, lambda p: "Answers" in p["text"] or "Nobody" in p["text"]
                           or "Majibu" in p["text"], within=SECONDS + 10)
        if number == 2:
            answer = await press(api, AMINATA, f"gx:{game_id}/1", GROUP)
            print(f"  (Aminata presses Explain, and alone sees: “{answer.get('text') or answer.get('url')}”)")
    await api.wait_for("sendMessage", 1, lambda p: "🏁" in p["text"], within=40)
    await api.command(JUMA, "/leaderboard", GROUP)
    await api.wait_for("sendMessage", 1, lambda p: "🏆" in p["text"])


async def main() -> None:
    api = FakeBotApi(TOKEN)
    await api.start()
    with tempfile.TemporaryDirectory() as data:
        telegram = TelegramSettings(token=TOKEN, api_url=api.base_url)
        settings = Settings(data_dir=Path(data), content_dir=FIXTURES, platforms={"telegram": telegram})
        async with running_bot(settings, game_interval=1.0):
            await play(api)
            await api.settle()
    await api.close()
    print("\nWhat the group saw:\n")
    for call in api.requests:
        if call.ok and call.method in GROUP_CALLS and call.params.get("chat_id") == str(GROUP.id):
            print(shown(call) + "\n")


if __name__ == "__main__":
    asyncio.run(main())
