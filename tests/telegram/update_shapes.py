"""Hypothesis strategies for webhook bodies: updates Telegram could send, and the shapes it never would.

Each kind is drawn as Telegram sends it, with its awkward values (ids near 2**63 and past it, entities pointing
outside the text, odd Unicode, forged button data, poll answers with no or impossible options), and a body may
then be bent: a field dropped, or one of its values swapped for one of another type.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

from adapters.telegram.callback_data import Action
from tests.telegram.game_steps import ADMIN_RIGHTS
from tests.telegram.telegram_harness import ADMIN, AMINATA, GROUP

Json = dict[str, Any]
SENT_POLL = "sent-poll-"  # and a number: the last poll the bot sent (0), the one before (1)...
GAME = "the-game"

HUGE = [2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64, 2**70, -(2**63), -(2**70)]
# Ids: those of people and chats the bot knows, those it never saw, and numbers no id is.
USER_ID = st.one_of(st.sampled_from([AMINATA.id, ADMIN.id]), st.integers(1, 2**40), st.sampled_from(HUGE),
                    st.integers(-5, 0))
CHAT_ID = st.one_of(st.sampled_from([AMINATA.id, GROUP.id]), st.integers(-(2**45), 2**45), st.sampled_from(HUGE))
CHAT_TYPE = st.sampled_from(["private", "group", "supergroup", "channel", "sender", "", "PRIVATE", "forum"])
ODD = ["\u202e", "\u200b", "\x00", "\ufeff", "ｑｕｉｚ", "／quiz", "🧠", "é", "\U0001f3f3\ufe0f\u200d\U0001f308",
       "\ud7ff", "\uffff", "\n", " ", "@QuizTutorBot", "@SomeOtherBot", "collectives", "fr", "sw", "klingon"]
WORD = st.one_of(st.text(max_size=12), st.sampled_from(ODD))
COMMANDS = ["/start", "/help", "/quizzes", "/quiz", "/preview", "/stop", "/skip", "/retry", "/language",
            "/progress", "/reload", "/review", "/timezone", "/reminders", "/game", "/leaderboard", "/nothing"]
COMMAND = st.builds(lambda command, at, words: command + at + " " + " ".join(words), st.sampled_from(COMMANDS),
                    st.sampled_from(["", "@QuizTutorBot", "@SomeOtherBot", "@", "\u200b"]),
                    st.lists(WORD, max_size=4))
TEXT = st.one_of(st.text(max_size=60), COMMAND, st.lists(st.sampled_from(ODD), min_size=1, max_size=6).map("".join))
DATE = 1_780_000_000  # a moment of 2026: strategies draw no clock
STATUS = st.sampled_from(["member", "left", "kicked", "administrator", "creator", "restricted", "banned", "",
                          "MEMBER", "owner"])


def users() -> st.SearchStrategy[Json]:
    """Aminata or the group's admin as Telegram describes them, or anyone else, a bot, a name of any letters."""
    return st.one_of(st.sampled_from([AMINATA.json(), ADMIN.json()]), st.fixed_dictionaries(
        {"id": USER_ID, "is_bot": st.booleans(), "first_name": st.text(max_size=30)},
        optional={"language_code": st.one_of(st.sampled_from(["fr", "sw-KE", "yo", "sn", "en", "zz", ""]),
                                             st.text(max_size=10)),
                  "username": st.text(max_size=20), "last_name": st.text(max_size=20)}))


def chats() -> st.SearchStrategy[Json]:
    return st.fixed_dictionaries({"id": CHAT_ID, "type": CHAT_TYPE},
                                 optional={"title": st.text(max_size=30), "is_forum": st.booleans()})


ENTITY = st.fixed_dictionaries(
    {"type": st.sampled_from(["bot_command", "mention", "text_mention", "bold", "url", "custom_emoji", "spoiler",
                              "unknown_kind"]),
     "offset": st.one_of(st.integers(-3, 80), st.sampled_from(HUGE)),
     "length": st.one_of(st.integers(-3, 80), st.sampled_from(HUGE))},
    optional={"user": users(), "url": st.text(max_size=20), "custom_emoji_id": st.text(max_size=10)})


def messages() -> st.SearchStrategy[Json]:
    """Commands, as Telegram marks them (with entities of any kind beside, pointing anywhere), and any message."""
    return st.one_of(commands(), any_messages())


def commands() -> st.SearchStrategy[Json]:
    def command(user: Json, chat: Json | None, text: str, entities: list[Json], topic: Json) -> Json:
        where = chat or {"id": user["id"], "type": "private"}
        mark = {"type": "bot_command", "offset": 0, "length": len(text.split(" ")[0].encode("utf-16-le")) // 2}
        return {"message_id": 7, "date": DATE, "chat": where, "from": user, "text": text,
                "entities": [mark, *entities]} | topic
    return st.builds(command, users(), st.one_of(st.none(), st.just(GROUP.json()), chats()), COMMAND,
                     st.lists(ENTITY, max_size=2),
                     st.fixed_dictionaries({}, optional={"message_thread_id": st.integers(-2, 2**40),
                                                         "is_topic_message": st.booleans(), "sender_chat": chats()}))


def any_messages() -> st.SearchStrategy[Json]:
    return st.fixed_dictionaries(
        {"message_id": st.one_of(st.integers(1, 2**31), st.sampled_from(HUGE)),
         "date": st.one_of(st.integers(0, 2**31), st.just(-1)), "chat": chats()},
        optional={"from": users(), "text": TEXT, "entities": st.lists(ENTITY, max_size=4),
                  "sender_chat": chats(), "message_thread_id": st.integers(-2, 2**40),
                  "is_topic_message": st.booleans(),
                  "new_chat_members": st.lists(users(), max_size=2), "left_chat_member": users(),
                  "migrate_to_chat_id": CHAT_ID, "migrate_from_chat_id": CHAT_ID, "caption": TEXT,
                  "reply_to_message": st.fixed_dictionaries({"message_id": st.integers(1, 99), "date": st.just(0),
                                                             "chat": chats()})})


def button_data() -> st.SearchStrategy[str]:
    values = st.one_of(WORD, st.sampled_from(["collectives", "fr", "sw", "p:1", "1", "-1", "0/0", "x/99999999999"]),
                       st.sampled_from([GAME, f"{GAME}/0", f"{GAME}/-1", f"{GAME}/{2**70}", f"{GAME}/x"]))
    forged = st.builds(lambda action, value: f"{action}:{value}", st.sampled_from(list(Action)), values)
    return st.one_of(forged, st.text(max_size=80), st.just("quiz:" + "x" * 200), st.just(""))


def callback_queries() -> st.SearchStrategy[Json]:
    return st.fixed_dictionaries(
        {"id": st.text(max_size=20), "from": users(), "chat_instance": st.text(max_size=10)},
        optional={"data": button_data(), "message": messages(), "inline_message_id": st.text(max_size=10),
                  "game_short_name": st.text(max_size=10)})


def poll_answers() -> st.SearchStrategy[Json]:
    option = st.one_of(st.integers(-2, 6), st.sampled_from(HUGE))
    return st.builds(lambda poll, chosen, who: {"poll_id": poll, "option_ids": chosen,
                                                "option_persistent_ids": [str(index) for index in chosen]} | who,
                     st.one_of(st.integers(0, 3).map(lambda back: f"{SENT_POLL}{back}"), st.text(max_size=12)),
                     st.one_of(st.lists(st.integers(0, 3), min_size=1, max_size=1), st.lists(option, max_size=3)),
                     st.one_of(st.fixed_dictionaries({"user": users()}),
                               st.fixed_dictionaries({}, optional={"user": users(), "voter_chat": chats()})))


RESTRICTED = ["can_change_info", "can_invite_users", "can_pin_messages", "can_send_messages", "can_send_polls",
              "can_send_other_messages", "can_add_web_page_previews", "can_manage_topics", "can_send_audios",
              "can_send_documents", "can_send_photos", "can_send_videos", "can_send_video_notes",
              "can_send_voice_notes", "can_edit_tag"]


def chat_members() -> st.SearchStrategy[Json]:
    """A member of a chat, with the fields Telegram sends for their status (and for others, the fewest)."""
    def member(status: str, user: Json, flag: bool, until: int) -> Json:
        fields: Json = {"status": status, "user": user}
        if status in ("kicked", "restricted"):
            fields["until_date"] = until
        if status == "administrator":
            fields |= ADMIN_RIGHTS | {"is_anonymous": flag}
        if status == "creator":
            fields["is_anonymous"] = flag
        if status == "restricted":
            fields |= {"is_member": flag} | dict.fromkeys([*RESTRICTED, "can_react_to_messages"], not flag)
        return fields
    return st.builds(member, STATUS, users(), st.booleans(), st.integers(0, 2**31))


def member_updates() -> st.SearchStrategy[Json]:
    return st.fixed_dictionaries({"chat": chats(), "from": users(), "date": st.integers(0, 2**31),
                                  "old_chat_member": chat_members(), "new_chat_member": chat_members()})


def updates() -> st.SearchStrategy[Json]:
    """One update as Telegram could send it, of any kind, including kinds the bot never asked for."""
    kinds = st.one_of(
        st.tuples(st.just("message"), messages()),
        st.tuples(st.sampled_from(["message", "edited_message", "channel_post", "edited_channel_post",
                                   "business_message"]), messages()),
        st.tuples(st.just("callback_query"), callback_queries()),
        st.tuples(st.just("poll_answer"), poll_answers()),
        st.tuples(st.sampled_from(["my_chat_member", "chat_member"]), member_updates()),
        st.tuples(st.sampled_from(["inline_query", "poll", "message_reaction", "purchased_paid_media", "future_kind"]),
                  st.dictionaries(st.text(max_size=8), st.one_of(st.integers(), st.text(max_size=8)), max_size=3)))
    update_id = st.one_of(st.integers(0, 2**31), st.sampled_from(HUGE))
    return st.builds(lambda update_id, kind: {"update_id": update_id, kind[0]: kind[1]}, update_id, kinds)


WRONG = st.sampled_from([None, "", "x", [], {}, [1], 2**70, -1, 0, 1.5, True, False, "1e999", {"id": 1}])


@st.composite
def bent(draw: st.DrawFn, body: Json) -> Json:
    """``body`` with one of its objects missing a field or holding a value of another type."""
    body = copy.deepcopy(body)  # its parts may be shared: the users and chats sampled from constants
    path: list[Json] = [body]
    while True:  # go down a few levels, stopping at random
        nested = [value for value in path[-1].values() if isinstance(value, dict) and value]
        if not nested or draw(st.booleans()):
            break
        path.append(draw(st.sampled_from(nested)))
    target = path[-1]
    key = draw(st.sampled_from(sorted(target)))
    if draw(st.booleans()):
        del target[key]
    else:
        target[key] = draw(WRONG)
    return body


def bodies() -> st.SearchStrategy[Json]:
    """Webhook bodies: updates, and updates bent out of shape. A poll the bot sent is named ``SENT_POLL`` and how
    many polls back it is, its game ``GAME``: the test puts in their ids (they are known only once it runs)."""
    return st.one_of(updates(), updates().flatmap(bent))
