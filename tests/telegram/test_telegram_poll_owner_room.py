"""In a group a learner's quiz poll is labelled with their name ("3/8 (Oluwaseun) · ..."). A question that fits
Telegram's native poll on its own must still get one there, the name cut to the room the 300 characters leave:
before, a long name pushed a prompt of 260 characters or so past the limit, and the group got the question as a
lettered message and an A/B/C poll (one more message of its 20 a minute, and options to look up above), while in
a private chat the same question was a plain poll."""

from __future__ import annotations

import gettext

from hypothesis import example, given
from hypothesis import strategies as st

from adapters.telegram.poll_layout import poll_layout
from adapters.telegram.spec import TELEGRAM_LIMITS
from bot.i18n import Localizer
from bot.replies import QuestionView
from bot.text import ELLIPSIS, shown_name

_ = Localizer("en", gettext.NullTranslations())
LONG_NAME = "Oluwaseun Adebayo-Ogunleye"
FEW = 8  # letters of a name (its "…" one of them) that a question leaving room for them must keep a native poll


def view(prompt: str) -> QuestionView:
    return QuestionView(session_id="s1", quiz_id="q", question_id="q1", number=3, total=8, label="Question 3 of 8",
                        prompt=prompt, options=("Broadcast", "All-reduce"), correct_index=1, explanation="Sums.",
                        language="en")


def test_a_long_name_is_cut_to_fit_rather_than_make_a_lettered_poll() -> None:
    prompt = "p" * (TELEGRAM_LIMITS.question - len("3/8 · ") - 12)  # fits alone; with the whole name, not
    layout = poll_layout(view(prompt), owner=LONG_NAME)
    assert layout.lettered is None and layout.options == ("Broadcast", "All-reduce")
    assert len(layout.question) == TELEGRAM_LIMITS.question
    assert layout.question == f"3/8 (Oluwaseu{ELLIPSIS}) · {prompt}"


@given(st.text(min_size=1, max_size=64).map(shown_name).filter(bool),
       st.integers(min_value=1, max_value=TELEGRAM_LIMITS.question - len("3/8 ·  ()") - FEW))
@example(LONG_NAME, TELEGRAM_LIMITS.question - len("3/8 ·  ()") - FEW)
@example("👩‍👩‍👧" * 10, 250)
@example("علي بن أبي طالب الهاشمي القرشي", TELEGRAM_LIMITS.question - len("3/8 ·  ()") - FEW)
def test_a_question_that_fits_with_a_few_letters_of_the_name_is_a_native_poll(name: str, length: int) -> None:
    layout = poll_layout(view("q" * length), owner=name)
    assert layout.lettered is None
    assert len(layout.question) <= TELEGRAM_LIMITS.question
    shown = layout.question.removeprefix("3/8 (").partition(") · ")[0]
    if shown.startswith("\u2068"):  # a right-to-left name, isolated whole (test_telegram_game_rtl_names.py)
        shown = shown.removeprefix("\u2068").removesuffix("\u2069")
    assert shown == name or (shown.endswith(ELLIPSIS) and name.startswith(shown.removesuffix(ELLIPSIS)))
