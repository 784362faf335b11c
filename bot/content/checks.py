"""Rules a quiz file must follow beyond its shape: answer keys, unique ids, complete languages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from bot.content.models import EXPLANATION_LIMIT, QUESTION_TEXT_LIMIT, Question
from bot.content.text_rules import same_text_problems, text_problems
from bot.languages import DEFAULT_LANGUAGE


def question_problems(question: Question) -> Iterator[str]:
    """Every rule the question breaks, as messages for its author."""
    option_ids = [option.id for option in question.options]
    for option_id, count in Counter(option_ids).items():
        if count > 1:
            yield f"the option id {option_id!r} is used {count} times"
    if question.answer not in option_ids:
        yield f"the answer {question.answer!r} is not one of its options ({', '.join(option_ids)})"
    answer = question.option(question.answer)
    if answer is not None and answer.why_not is not None:
        yield f"the answer {question.answer!r} has a why_not; only wrong options explain why they are wrong"
    yield from _language_problems(question)
    yield from _text_rule_problems(question)
    for language, text in question.explanation.items():
        if len(text) > EXPLANATION_LIMIT:
            yield (
                f"the {language} explanation has {len(text)} characters; the limit is {EXPLANATION_LIMIT} "
                "(move the rest to 'details')"
            )
    for language, prompt in question.prompt.items():
        length = len(prompt) + sum(len(option.text.get(language, "")) for option in question.options)
        if length > QUESTION_TEXT_LIMIT:
            yield (f"the {language} prompt and options have {length} characters together; the limit is "
                   f"{QUESTION_TEXT_LIMIT}, so that the question fits one chat message")
    for option in question.options:
        for language, text in (option.why_not or {}).items():
            if len(text) > EXPLANATION_LIMIT:
                yield (f"the {language} why_not of option {option.id!r} has {len(text)} characters; "
                       f"the limit is {EXPLANATION_LIMIT}")


def _text_rule_problems(question: Question) -> Iterator[str]:
    """Each text must show something and control nothing; the feedback texts may have several lines."""
    yield from text_problems("prompt", question.prompt)
    yield from text_problems("explanation", question.explanation, multiline=True)
    if question.details is not None:
        yield from text_problems("details", question.details, multiline=True)
    for option in question.options:
        yield from text_problems(f"option {option.id!r}", option.text)
        if option.why_not is not None:
            yield from text_problems(f"why_not of option {option.id!r}", option.why_not, multiline=True)
    if question.reference is not None:
        yield from text_problems("reference title", {"": question.reference.title})
        yield from text_problems("reference url", {"": question.reference.url})
    yield from same_text_problems([(option.id, option.text) for option in question.options])


def _language_problems(question: Question) -> Iterator[str]:
    named = {"prompt": question.prompt, "explanation": question.explanation}
    named |= {f"option {option.id!r}": option.text for option in question.options}
    named |= {f"why_not of option {option.id!r}": option.why_not for option in question.options
              if option.why_not is not None}
    if question.details is not None:
        named["details"] = question.details
    languages = sorted(set().union(*named.values()) | {DEFAULT_LANGUAGE})
    for language in languages:
        missing = [name for name, text in named.items() if language not in text]
        if missing:
            yield f"language {language!r} is incomplete: missing in {', '.join(missing)}"


def duplicate_ids(ids: list[str]) -> list[str]:
    """The ids that occur more than once, in order of first appearance."""
    counts = Counter(ids)
    return [item for item in dict.fromkeys(ids) if counts[item] > 1]


def quiz_text_problems(data: dict[str, Any]) -> Iterator[str]:
    """The quiz's own texts need English too: it is what every other language falls back to."""
    guide = data.get("guide")
    named = {"title": data.get("title"), "description": data.get("description"),
             "guide title": guide.get("title") if isinstance(guide, dict) else None}
    for name, text in named.items():
        if not isinstance(text, dict):
            continue  # a wrong type is reported by the shape check
        # Every quiz list shows these in English when the learner's language is missing, so {} can't pass.
        if not text:
            yield f"the {name} is empty; it needs at least its English ({DEFAULT_LANGUAGE!r}) text"
        elif DEFAULT_LANGUAGE not in text:
            yield f"the {name} has no English ({DEFAULT_LANGUAGE!r}) text; English is required everywhere"
        # The raw file, not the model (which may not validate): keep the strings and strip them as the model does.
        yield from text_problems(name, {language: value.strip() for language, value in text.items()
                                        if isinstance(language, str) and isinstance(value, str)})
    if isinstance(guide, dict) and isinstance(guide.get("path"), str):
        yield from text_problems("guide path", {"": guide["path"].strip()})
