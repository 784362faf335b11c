"""Quiz content may name a file, a method or an address that Telegram reads as a web address: "setup.py" (.py is
Paraguay's domain), "model.to", "param.data", "x.ai", "10.0.0.1:29500", an e-mail address. Telegram links each in
a message by itself (TDLib's find_urls, on every text a bot sends): tapped, "setup.py" opened a website. In code,
which Telegram links nothing in, they read and copy as written. A link written with its scheme
("https://pytorch.org/docs") is one its author meant: it stays a link, and so does what Telegram leaves alone
("torch.nn", "nn.Module", "/usr/lib/setup.py", "e.g.", "1.5×")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import regex

from adapters.settings import Settings
from adapters.telegram import render
from adapters.telegram.html_text import content
from adapters.telegram.links import links
from bot.replies import Feedback
from tests.support.content import edit_question
from tests.telegram.telegram_entities import found_spans
from tests.telegram.telegram_fake_api import FakeBotApi
from tests.telegram.telegram_harness import running_bot
from tests.telegram.telegram_html import problem, shown_text
from tests.telegram.wrong_vote import follow_up_to_broadcast

LINKED = ("Run setup.py, then model.to(device) and read param.data; MASTER_ADDR=10.0.0.1:29500 (x.ai, "
          "ada@example.com).")
LEFT_ALONE = "torch.nn and nn.Module, /usr/lib/setup.py, e.g. 1.5× faster; see https://pytorch.org/docs/stable/."
CODE = regex.compile(r"<code>[^<]*</code>")


def unmeant(html: str) -> list[str]:
    """What Telegram would make an entity of outside code (where it makes none), but a link written with its
    scheme."""
    shown = shown_text(CODE.sub(" ", html), html_mode=True)
    meant = {(link.start, link.text) for link in links(shown) if link.scheme}
    return [text for start, text in found_spans(shown) if (start, text) not in meant]


def codes(html: str) -> list[str]:
    return regex.findall("<code>([^<]*)</code>", html)


def test_words_telegram_would_link_are_code_and_read_as_written() -> None:
    html = content(f"{LINKED} {LEFT_ALONE}")
    assert unmeant(html) == []
    assert codes(html) == ["setup.py", "model.to(device)", "param.data", "MASTER_ADDR=10.0.0.1:29500", "x.ai",
                           "ada@example.com"]
    assert shown_text(html, html_mode=True) == f"{LINKED} {LEFT_ALONE}"
    assert content(LEFT_ALONE) == LEFT_ALONE  # nothing Telegram links by itself: as it was


def test_the_follow_up_of_a_wrong_answer_shows_such_words_in_code() -> None:
    feedback = Feedback("q1", False, "Not quite", "The answer: setup.py", "Call model.to(device) first.",
                        details="MASTER_ADDR=10.0.0.1", why_not="x.ai is a website.")
    html = render.follow_up(feedback)
    assert problem("sendMessage", {"chat_id": "1", "text": html, "parse_mode": "HTML"}) is None
    assert unmeant(html) == [] and codes(html) == ["x.ai", "model.to(device)", "setup.py", "MASTER_ADDR=10.0.0.1"]


def with_file_names(question: dict[str, Any]) -> None:
    next(option for option in question["options"] if option["id"] == "broadcast")["why_not"] = {
        "en": "Broadcast only copies: see setup.py.", "fr": "Broadcast ne fait que copier\u00a0: voir setup.py.",
        "sw": "Broadcast hunakili tu: tazama setup.py.", "yo": "Broadcast kàn ń dà á kọ: wo setup.py.",
        "sn": "Broadcast inongokopa: ona setup.py."}


async def test_a_learner_reads_a_file_name_in_a_why_not_as_code_not_as_a_link(
        api: FakeBotApi, settings: Settings, content_dir: Path) -> None:
    """Through PTB and the fake Bot API: the message the bot sends after a wrong vote."""
    edit_question(content_dir, "sum-everywhere", with_file_names)
    async with running_bot(settings):
        follow_up = await follow_up_to_broadcast(api)
    assert follow_up.split("\n")[0] == "❌ Broadcast ne fait que copier\u00a0: voir <code>setup.py</code>."
    assert unmeant(follow_up) == []


def test_a_link_with_its_scheme_stays_a_link_beside_a_word_telegram_links_by_itself() -> None:
    """"https://a.org,setup.py": Telegram makes two links of it, "https://a.org" and "setup.py" (a comma ends a
    domain, and one after it may begin another). Only "setup.py" is set in code; the link its author meant stays
    one, as it does with a space between them."""
    for text, kept in [("https://a.org,setup.py", "https://a.org,<code>setup.py</code>"),
                       ("see https://a.org,setup.py now", "see https://a.org,<code>setup.py</code> now"),
                       ("setup.py,https://a.org", "<code>setup.py</code>,https://a.org"),
                       ("https://a.org,/tmp", "https://a.org,<code>/tmp</code>"),
                       ("(https://a.org,x/#tag)", "(https://a.org,<code>x/#tag</code>)"),
                       ("https://a.org,setup.py;https://b.org", "https://a.org,<code>setup.py</code>;https://b.org")]:
        html = content(text)
        assert html == kept
        shown = shown_text(CODE.sub(" ", html), html_mode=True)
        assert [link.text for link in links(text) if link.scheme] == [link.text for link in links(shown)
                                                                      if link.scheme]
        assert unmeant(html) == []
