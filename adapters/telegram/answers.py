"""PTB's HTTP layer, told what a Bot API answer is: JSON that isn't one fails like an answer that isn't JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from telegram.error import NetworkError, TelegramError
from telegram.request import BaseRequest, HTTPXRequest, RequestData

from bot.delivery import MaybeDelivered

POOL_SIZE = 256  # what PTB's ApplicationBuilder gives the bot's own requests (getUpdates keeps HTTPXRequest's 1)
USER_FIELDS = {"id": int, "is_bot": bool, "first_name": str}  # what a Bot API user always has


class NotTheBotApi(ValueError):
    """JSON no Bot API server sends (another JSON API, a proxy's JSON error): said as what it is, briefly."""


class MaybeCarriedOut(NetworkError, MaybeDelivered):
    """A request that failed in a way that leaves it maybe carried out (no answer in time, a cut connection,
    Telegram's 5xx), so not sent again; caused by that failure."""


class BotApiRequest(HTTPXRequest):
    """PTB takes any JSON for the Bot API's object, with "result" on a success or "ok": false on a failure, and
    otherwise fails with a KeyError or an AttributeError (a bug's traceback, exit 1); and any "result" for getMe,
    failing with a TypeError where it isn't a user. Here it is PTB's own "Invalid server response" instead, caused
    as for an answer that isn't JSON, so start-up says what answered."""

    # Answers that say the token is refused: told to ``rejected``. Only 401 (PTB's InvalidToken is a 404 too, which a
    # Bot API server of its own also answers a method it doesn't know).
    REJECTING: frozenset[int] = frozenset({HTTPStatus.UNAUTHORIZED})

    def __init__(self, *args: Any, rejected: Callable[[], None] | None = None, **kwargs: Any) -> None:
        """``rejected``: told when an answer refuses the token (one revoked while the bot runs)."""
        super().__init__(*args, **kwargs)
        self._rejected = rejected

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         read_timeout: Any = BaseRequest.DEFAULT_NONE, write_timeout: Any = BaseRequest.DEFAULT_NONE,
                         connect_timeout: Any = BaseRequest.DEFAULT_NONE,
                         pool_timeout: Any = BaseRequest.DEFAULT_NONE) -> tuple[int, bytes]:
        status, payload = await super().do_request(url, method, request_data, read_timeout, write_timeout,
                                                   connect_timeout, pool_timeout)
        if status in self.REJECTING and self._rejected is not None:
            self._rejected()
        # Checked here: PTB's post(), which reads the answer, is final. getMe is start-up's first request.
        if url.endswith("/getMe") and HTTPStatus.OK <= status <= 299 and not _a_user_or_else(payload):
            raise TelegramError("Invalid server response") from NotTheBotApi('JSON whose "result" is not a user')
        return status, payload

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


def _a_user_or_else(payload: bytes) -> bool:
    """Whether a successful answer holds a Bot API user as its "result", or is wrong otherwise (not JSON, no
    "result"): said by parse_json_payload then."""
    try:
        answer = json.loads(payload.decode("utf-8", "replace"))
    except ValueError:
        return True
    if not isinstance(answer, dict) or answer.get("ok") is False or "result" not in answer:
        return True
    result = answer["result"]
    # The exact type: bool is an int to isinstance, and an "id" of true is no user's
    return isinstance(result, dict) and all(type(result.get(name)) is kind for name, kind in USER_FIELDS.items())
