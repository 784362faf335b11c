"""What each Bot API method the fake serves does to its state and answers (FakeBotApi inherits this).

Split from tests/telegram/telegram_fake_api.py by job: the HTTP routing there decides whether a call fails; what a
call that succeeds returns is here, in the wire format PTB 22.8 expects.
"""

from __future__ import annotations

from typing import Any

from tests.telegram.fake_api_state import FakeApiState
from tests.telegram.fake_types import ADMIN_FIELDS as _ADMINS
from tests.telegram.fake_types import BOT_USER, FakeUser, in_topic
from tests.telegram.telegram_html import shown_text


class FakeApiReplies(FakeApiState):
    def _result(self, method: str, params: dict[str, Any]) -> Any:
        result = self._reply(method, params)
        return in_topic(result, params.get("message_thread_id")) if isinstance(result, dict) else result

    def _reply(self, method: str, params: dict[str, Any]) -> Any:
        if method == "getMe":
            return BOT_USER
        if method == "sendMessage":
            message = self._message(self._chat(params["chat_id"]), params["text"], sender=BOT_USER)
            if "reply_markup" in params:
                message["reply_markup"] = params["reply_markup"]
            return message
        if method == "editMessageText":
            return self._message(self._chat(params["chat_id"]), params["text"], sender=BOT_USER) \
                if "chat_id" in params else True
        if method == "sendPoll":
            return self._poll_message(params)
        if method == "sendPhoto":
            message = self._message(self._chat(params["chat_id"]), None, sender=BOT_USER)
            message["photo"] = [{"file_id": f"photo-{self._counter}", "file_unique_id": f"u{self._counter}",
                                 "width": 900, "height": 700}]
            return message
        if method == "getChatMember":
            user_id, chat_id = int(params["user_id"]), int(params["chat_id"])
            status = "administrator" if user_id in self.admins.get(chat_id, set()) else "left" \
                if user_id in self.left.get(chat_id, set()) or user_id not in self._users else "member"
            user = self._users.get(user_id, FakeUser(user_id, "?"))  # one never seen: a webhook test's, not in it
            member: dict[str, Any] = {"status": status, "user": user.json()}
            return member | _ADMINS if status == "administrator" else member
        if method == "stopPoll":
            poll = self._polls[(int(params["chat_id"]), int(params["message_id"]))]
            poll["is_closed"] = True
            return poll
        if method == "deleteMessage":
            self.deleted.add((int(params["chat_id"]), int(params["message_id"])))
        if method in ("setWebhook", "deleteWebhook"):
            self.webhook_url = params.get("url", "") if method == "setWebhook" else ""
        if method == "getWebhookInfo":
            return {"url": self.webhook_url, "has_custom_certificate": False,
                    "pending_update_count": len(self._updates)}  # kept for getUpdates, not yet confirmed
        return True  # setMyCommands, deleteWebhook, setWebhook, answerCallbackQuery, ...

    def _poll_message(self, params: dict[str, Any]) -> dict[str, Any]:
        self._counter += 1
        poll = {
            "id": f"poll-{self._counter}",
            "question": params["question"],
            "options": [{"text": option if isinstance(option, str) else option["text"], "voter_count": 0,
                         "persistent_id": str(index)} for index, option in enumerate(params["options"])],
            "total_voter_count": 0,
            "is_closed": False,
            "is_anonymous": params.get("is_anonymous", True),
            "type": params.get("type", "regular"),
            "allows_multiple_answers": False,
            "allows_revoting": False,
            "members_only": False,
            "correct_option_ids": params.get("correct_option_ids", []),
        }
        if "explanation" in params:  # as the chat shows it: Telegram answers with the text, its tags read
            poll["explanation"] = shown_text(params["explanation"],
                                             html_mode=str(params.get("explanation_parse_mode", "")).upper() == "HTML")
        self.countdowns.start(poll["id"], params, self.clock())
        message = self._message(self._chat(params["chat_id"]), None, sender=BOT_USER)
        message["poll"] = poll
        self._polls[(int(params["chat_id"]), message["message_id"])] = poll
        return message
