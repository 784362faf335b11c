"""PTB's HTTP layer, told what a Bot API answer is: JSON that isn't one fails like an answer that isn't JSON."""

from __future__ import annotations

from typing import Any

from telegram.error import TelegramError
from telegram.request import HTTPXRequest

POOL_SIZE = 256  # what PTB's ApplicationBuilder gives the bot's own requests (getUpdates keeps HTTPXRequest's 1)


class NotTheBotApi(ValueError):
    """JSON no Bot API server sends (another JSON API, a proxy's JSON error): said as what it is, briefly."""


class BotApiRequest(HTTPXRequest):
    """PTB takes any JSON for the Bot API's object, with "result" on a success or "ok": false on a failure, and
    otherwise fails with a KeyError or an AttributeError (a bug's traceback, exit 1). Here it is PTB's own
    "Invalid server response" instead, caused as for an answer that isn't JSON, so start-up says what answered."""

    @staticmethod
    def parse_json_payload(payload: bytes) -> dict[str, Any]:
        answer: object = HTTPXRequest.parse_json_payload(payload)
        if not isinstance(answer, dict):
            raise TelegramError("Invalid server response") from NotTheBotApi("JSON that is not an object")
        if answer.get("ok") is False:
            # The Bot API's refusals always say why; not knowing the status here, one that does passes (a success
            # status with it still ends in PTB's KeyError, which no Bot API server sends).
            if not isinstance(answer.get("description"), str):
                raise TelegramError("Invalid server response") from NotTheBotApi('JSON with "ok": false and no '
                                                                                 '"description"')
        elif "result" not in answer:
            said = 'JSON without "result"' if answer.get("ok") is True else 'JSON without "ok" or "result"'
            raise TelegramError("Invalid server response") from NotTheBotApi(said)
        return answer
