"""Quiz content may name a path, a decorator or a directive: "/tmp", "@torch.compile", "#pragma". Telegram makes a
command, a mention or a hashtag of such a word in a message by itself: tapped, "/tmp" is sent to the bot as the
learner's command and "@torch" opens whoever has that username. Shown, they read (and copy) as written, in code,
which Telegram links nothing in; what Telegram doesn't link ("/dev/shm", "CPU/NVMe", "#754", a URL) stays as it was."""

from __future__ import annotations

from pathlib import Path

import regex
from hypothesis import example, given
from hypothesis import strategies as st

from adapters.telegram import game_render, render
from adapters.telegram.html_text import content, esc
from adapters.telegram.links import links
from adapters.telegram.poll_layout import poll_layout
from bot.content.loader import load_quizzes
from bot.games.replies import GameExplanation
from bot.replies import Feedback, Preview, QuestionView
from tests.support.nested_strings import strings_in
from tests.telegram.telegram_entities import found_entities, found_spans
from tests.telegram.telegram_html import problem, shown_text

EXPLANATION = "Spill to /tmp (not /dev/shm), wrap it in @torch.compile, or add #pragma once; see NCCL issue #754."
DETAILS = "CPU/NVMe offload: “/tmp”.\nPriced in $USD"
LINK = "https://pytorch.org/docs/stable/#torch.compile"
CODE = regex.compile(r"<code>[^<]*</code>")
CONTENT = Path(__file__).resolve().parents[2] / "content"


def outside_code(text: str) -> list[str]:
    """What Telegram would still link: TDLib drops what it finds inside a code entity."""
    return found_entities(CODE.sub(" ", text))


def feedback() -> Feedback:
    return Feedback("q1", False, "Not quite", "The answer: /tmp", EXPLANATION, details=DETAILS,
                    why_not="@torch.compile doesn't spill.")


def test_content_words_telegram_would_link_are_code_and_read_as_written() -> None:
    html = render.follow_up(feedback())
    assert problem("sendMessage", {"chat_id": "1", "text": html, "parse_mode": "HTML"}) is None
    assert outside_code(html) == []
    assert regex.findall("<code>([^<]*)</code>", html) == [
        "@torch.compile", "/tmp", "@torch.compile", "#pragma", "/tmp", "/tmp", "$USD"]
    assert shown_text(html, html_mode=True) == "\n".join(
        ["❌ @torch.compile doesn't spill.", EXPLANATION, "The answer: /tmp", DETAILS])
    assert "/dev/shm" in html and "#754" in html and "CPU/NVMe" in html
    assert content(f"({LINK})") == f"({LINK})"  # a link stays one: the "#" is inside it
    assert content("(TMPDIR=/tmp, e.g.)") == "(<code>TMPDIR=/tmp</code>, e.g.)"  # the word the command is in


def test_every_message_showing_content_sets_such_words_in_code() -> None:
    view = QuestionView(session_id="s1", quiz_id="q", question_id="q1", number=1, total=2, label="Question 1 of 2",
                        prompt="Where does /tmp live? " + "x" * 300, options=("@torch.compile", "#pragma omp"),
                        correct_index=0, explanation="Short.", language="en")
    lettered = poll_layout(view).lettered
    assert lettered is not None
    texts = [lettered, render.intro("Start with /tmp"), render.caption("See @torch.compile"),
             *render.preview(Preview("q", "Quiz", "About #pragma", (("Where is /tmp?", ("@torch", "$USD")),))),
             game_render.explanation(GameExplanation(verdict="Right", feedback=feedback()))]
    for text in texts:
        assert "<code>" in text
        assert outside_code(text) == [], text


def test_the_shipped_content_changes_only_where_telegram_made_a_command() -> None:
    """The why_not "Ring all-reduce sends 2(N−1)/N times ..." made "/N" a command in all five languages (")" is no
    word character); no other text of the shipped quizzes is shown otherwise than esc() showed it."""
    texts = [text for quiz in load_quizzes(CONTENT) for text in strings_in(quiz.model_dump())]
    changed = {text: content(text, None) for text in texts if content(text, None) != esc(text, None)}
    assert len(texts) > 500 and len(changed) == 5
    for text, html in changed.items():
        assert regex.findall("<code>([^<]*)</code>", html) == ["2(N−1)/N"]
        assert "/N" in found_entities(esc(text, None)) and outside_code(html) == []



def test_a_sign_after_a_dotted_path_that_is_no_link_is_code() -> None:
    """"./a/#x", "a.b/#x", "cfg.d/@main": no link (no top-level domain), so Telegram makes a hashtag or a mention of
    what follows the "/"; only a link Telegram makes keeps it, as in "https://x.org/#a" and "x.org/@a"."""
    for text, word in [("./a/#x", "./a/#x"), ("see a.b/#x.", "a.b/#x"), ("cfg.d/@main", "cfg.d/@main"),
                       ("(../x/#pragma)", "../x/#pragma")]:
        html = content(text)
        assert outside_code(html) == [] and regex.findall("<code>([^<]*)</code>", html) == [word], html
    assert content(f"({LINK})") == f"({LINK})"


PIECES = ["a", "b", "Py", "py", "org", "to", "x", ".", "..", "/", "#", "@", "$", "US", "_", "-", "(", ")", " ", ":",
          "//", "https://", "s3://", "~", "10.0.0.1", "é", "»", "'", ","]


@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))
@example("https://a.org,setup.py")
def test_content_leaves_no_word_telegram_links_outside_code_but_a_link_with_its_scheme(text: str) -> None:
    html = content(text, None)
    shown = shown_text(CODE.sub(" ", html), html_mode=True)
    meant = {(link.start, link.text) for link in links(shown) if link.scheme}
    assert [found for start, found in found_spans(shown) if (start, found) not in meant] == [], html
    assert shown_text(html, html_mode=True) == text
    # and each link written with its scheme stays one, outside code
    assert sorted(link.text for link in links(text) if link.scheme) == sorted(text for _, text in meant), html
