"""Unit tests: engine replies as Telegram HTML and polls, within Telegram's limits and safely escaped."""

from __future__ import annotations

import gettext

from adapters.telegram import render
from adapters.telegram.html_text import MESSAGE_LIMIT, esc, pack
from adapters.telegram.poll_layout import fit_explanation, poll_layout
from bot.i18n import Localizer
from bot.reload_report import ReloadReport
from bot.replies import Feedback, Outcome, QuestionView, Started, Summary, SummaryLine
from tests.telegram.telegram_html import problem, shown_text

_ = Localizer("en", gettext.NullTranslations())


def view(prompt: str = "Which collective sums gradients?", options: tuple[str, ...] = ("Broadcast", "All-reduce"),
         explanation: str = "All-reduce sums across ranks.") -> QuestionView:
    return QuestionView(session_id="s1", quiz_id="q", question_id="q1", number=3, total=8, label="Question 3 of 8",
                        prompt=prompt, options=options, correct_index=1, explanation=explanation, language="en")


def test_text_from_users_and_content_is_escaped_for_html() -> None:
    assert esc("<b>Tom & Jerry</b>") == "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;"
    started = Started(question=view(), resumed=False, intro="Quiz <1>: 8 questions")
    assert render.intro(started.intro, owner="<script>") == "<b>&lt;script&gt;</b> · Quiz &lt;1&gt;: 8 questions"


def test_a_question_that_fits_becomes_a_labelled_native_quiz_poll() -> None:
    layout = poll_layout(view())
    assert layout.question == "3/8 · Which collective sums gradients?"
    assert layout.options == ("Broadcast", "All-reduce") and layout.correct_index == 1
    assert layout.lettered is None


def test_an_option_over_100_characters_gets_a_lettered_message_and_a_lettered_poll() -> None:
    long_option = "Only its own shard of the parameters & gradients, " * 3
    layout = poll_layout(view(options=("Full copy", long_option, "Nothing")))
    assert layout.options == ("A", "B", "C") and layout.correct_index == 1
    assert layout.lettered is not None
    assert "<b>B.</b> " + esc(long_option) in layout.lettered
    assert "<b>Question 3 of 8</b>" in layout.lettered


def test_a_question_over_300_characters_is_shortened_in_the_poll_and_shown_in_full_before_it() -> None:
    prompt = "Why? " * 100
    layout = poll_layout(view(prompt=prompt))
    assert len(layout.question) == 300 and layout.question.endswith("…")
    assert layout.lettered is not None and esc(prompt) in layout.lettered


def test_a_caption_uses_telegrams_whole_limit_counted_as_telegram_counts() -> None:
    """Characters shown: not the tags, and an entity as one. (It was held to half, as if each were two.)"""
    text = render.caption("R&D <progress> 🏆 " * 200, owner="N" * 100)
    assert problem("sendPhoto", {"chat_id": "1", "caption": text, "parse_mode": "HTML"}) is None
    assert len(shown_text(text, html_mode=True)) > 1000


def test_a_group_poll_names_whose_quiz_it_is() -> None:
    assert poll_layout(view(), owner="Bola").question == "3/8 (Bola) · Which collective sums gradients?"


def test_an_explanation_keeps_to_200_characters_and_two_line_feeds() -> None:
    assert fit_explanation("one\ntwo\nthree\nfour") == "one\ntwo\nthree four"
    assert len(fit_explanation("x" * 250)) == 200
    assert fit_explanation("short") == "short"


def test_the_follow_up_carries_only_what_did_not_fit_the_popup() -> None:
    plain = Feedback("q1", True, "Correct!", "The answer: All-reduce", "Sums.")
    assert render.follow_up(plain) == ""
    assert render.follow_up(None) == ""
    rich = Feedback("q1", True, "Correct!", "The answer: All-reduce", "Sums.", details="Ring <2x>",
                    reference="NCCL — https://example.org/?a=1&b=2")
    assert render.follow_up(rich) == ("The answer: All-reduce\nRing &lt;2x&gt;\n"
                                      "📖 NCCL — https://example.org/?a=1&amp;b=2")


def test_a_summary_marks_each_question_and_offers_a_retry_when_some_were_missed() -> None:
    summary = Summary("s1", "q", "Quiz finished: Collectives", "You scored 1 out of 3 questions.", 1, 3,
                      (SummaryLine("a", "A?", Outcome.CORRECT), SummaryLine("b", "B?", Outcome.WRONG),
                       SummaryLine("c", "C?", Outcome.SKIPPED)), 2, "Want another go at the 2 questions you missed?")
    assert render.summary(summary).splitlines() == [
        "<b>Quiz finished: Collectives</b>", "You scored 1 out of 3 questions.", "✅ A?", "❌ B?", "⏭ C?",
        "Want another go at the 2 questions you missed?"]


def test_a_summary_says_which_other_quiz_is_still_open_escaped() -> None:
    summary = Summary("s1", "q", "Quiz finished: Collectives", "You scored 1 out of 1 question.", 1, 1,
                      (SummaryLine("a", "A?", Outcome.CORRECT),), 0, None,
                      still_open="<b>R&D</b> is still in progress: start it again to carry on where you left off.")
    assert render.summary(summary).splitlines()[-1] == (
        "&lt;b&gt;R&amp;D&lt;/b&gt; is still in progress: start it again to carry on where you left off.")


def test_long_replies_are_packed_into_messages_under_telegrams_limit_without_splitting_blocks() -> None:
    blocks = [f"<b>{n}.</b> " + "word " * 300 for n in range(10)]
    messages = pack(blocks)
    assert len(messages) > 1 and all(len(message) <= MESSAGE_LIMIT for message in messages)
    assert "\n\n".join(messages) == "\n\n".join(blocks)
    assert all(message.count("<b>") == message.count("</b>") for message in messages)


def test_a_block_too_long_for_one_message_goes_on_in_the_next_cut_between_lines_never_inside_a_tag() -> None:
    block = "\n".join(f"<b>line {n}</b> " + "x" * 90 for n in range(100))
    messages = pack([block])
    assert len(messages) == 3 and "\n".join(messages) == block  # nothing lost (it was cut with "…")
    assert all(sendable(message) for message in messages)


def test_messages_are_measured_as_telegram_counts_them_an_entity_as_one_character() -> None:
    block = esc("R&D <x> " * 500, None)  # 4,000 characters shown, 9,000 of HTML
    assert pack([block]) == [block] and sendable(block)


def test_a_line_longer_than_a_message_is_cut_between_words_its_tags_closed_and_opened_again() -> None:
    line = "<b>Step:</b> <i>" + esc("R&D <ring> sends " * 600, None) + "</i> " + "y" * 5000
    messages = pack(["Before", line])
    assert len(messages) == 6 and all(sendable(message) for message in messages)
    assert messages[2].startswith("<i>") and messages[2].endswith("</i>")
    shown = [shown_text(message, html_mode=True) for message in messages]
    assert " ".join(shown[:4]).split() == ["Before", "Step:", *("R&D <ring> sends " * 600).split()]
    assert shown[4:] == ["y" * MESSAGE_LIMIT, "y" * (5000 - MESSAGE_LIMIT)]  # a word that long: cut anywhere


def sendable(text: str) -> bool:
    """Whether Telegram takes it as one message: it parses, and what it shows fits."""
    return problem("sendMessage", {"chat_id": "1", "text": text, "parse_mode": "HTML"}) is None


def test_a_failed_reload_renders_every_problem_it_is_given_over_as_many_messages_as_it_takes() -> None:
    """The renderer drops none of the problems the report holds (bot/reload_report.py decides how many go to a
    chat, about a message's worth, and says where the rest are: tests/core/test_reload_report_cap.py); once, it
    cut them at one message itself, without saying where the others were."""
    problems = tuple(f"quizzes/q{n}.yaml: question 'x{n}': the answer 'y' is not one of its options"
                     for n in range(200))
    report = ReloadReport(ok=False, summary="The new content has 200 problems, so I kept serving the previous "
                          "content:", problems=problems)
    messages = pack([render.reload_report(report)])
    assert len(messages) > 1
    assert all(len(shown_text(message, html_mode=True)) <= MESSAGE_LIMIT for message in messages)
    listed = [line for message in messages for line in message.splitlines() if line.startswith("• ")]
    assert listed == [f"• {problem}" for problem in problems]  # apostrophes need no escaping in Telegram HTML


def test_a_successful_reload_is_reported_line_by_line() -> None:
    report = ReloadReport(ok=True, summary="Content reloaded: 4 quizzes, 32 questions.\nNothing changed.")
    assert render.reload_report(report) == "Content reloaded: 4 quizzes, 32 questions.\nNothing changed."


def test_a_failed_reload_says_after_the_files_not_read_how_many_more_there_are_escaped() -> None:
    report = ReloadReport(ok=False, summary="The new content has 1 problem, so I kept serving the previous content:",
                          problems=("a.yaml: invalid YAML",), skipped_heading="3 files in quizzes/ were not read:",
                          skipped=("<b>.txt: not read: quiz files end in .yaml or .yml",),
                          skipped_more="…and 2 more files not read: quiztutor validate <names> them all.")
    assert render.reload_report(report).splitlines()[-2:] == [
        "• &lt;b&gt;.txt: not read: quiz files end in .yaml or .yml",
        "…and 2 more files not read: quiztutor validate &lt;names&gt; them all."]


def test_a_blank_line_left_at_a_cut_makes_no_empty_message() -> None:
    """Telegram refuses an empty message: the rest of the reply would be lost with it."""
    messages = pack(["x" * MESSAGE_LIMIT + "\n\n" + "a" * (MESSAGE_LIMIT + 100)])
    assert [len(shown_text(message, html_mode=True)) for message in messages] == [MESSAGE_LIMIT, MESSAGE_LIMIT, 100]
    assert all(problem("sendMessage", {"text": text, "parse_mode": "HTML"}) is None for text in messages)
