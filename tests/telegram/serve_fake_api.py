"""The fake Bot API on its own, to try `quiztutor run` by hand without Telegram (README, "How"):

    .venv/bin/python -m tests.telegram.serve_fake_api 8081     # until Ctrl-C or SIGTERM

then run the bot with QUIZ_TELEGRAM_API_URL=http://127.0.0.1:8081/bot and the tests' token,
QUIZ_TELEGRAM_TOKEN=123456:SECRET-test-token (any other is refused with 401, as Telegram would). It prints each
call the bot makes, getUpdates aside, as a line: the method, ok or FAIL, its parameters as JSON; a sent poll's line
ends with what a vote on it names, ` -> {"poll_id": ..., "option_persistent_ids": [...]}`. In webhook mode, post
the updates to the bot yourself (curl with the X-Telegram-Bot-Api-Secret-Token header).
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys

from tests.telegram.fake_types import Call
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import TOKEN

DEFAULT_PORT = 8081


class PrintingBotApi(FakeBotApi):
    async def _record(self, call: Call) -> None:
        await super()._record(call)
        if call.method != "getUpdates":
            print(call.method, "ok" if call.ok else "FAIL", json.dumps(call.params, ensure_ascii=False, default=repr)
                  + vote_keys(call), flush=True)


def vote_keys(call: Call) -> str:
    """The poll's id is Telegram's to give, in the result: a poll_answer posted by hand must name it."""
    poll = call.result.get("poll") if call.method == "sendPoll" and isinstance(call.result, dict) else None
    if poll is None:
        return ""
    keys = {"poll_id": poll["id"], "option_persistent_ids": [option["persistent_id"] for option in poll["options"]]}
    return f" -> {json.dumps(keys)}"


async def serve(port: int) -> None:
    api = PrintingBotApi(TOKEN)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    print(f"fake Bot API on {await api.start(port)}, token {TOKEN}", flush=True)
    try:
        await stop.wait()
    finally:
        await api.close()


def main(argv: list[str]) -> int:
    if len(argv) > 1 or (argv and not argv[0].isdigit()):
        print("usage: python -m tests.telegram.serve_fake_api [PORT]", file=sys.stderr)
        return 2
    asyncio.run(serve(int(argv[0]) if argv else DEFAULT_PORT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
