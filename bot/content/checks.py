"""Rules a quiz file must follow beyond its shape: answer keys, unique ids, complete languages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from bot.content.models import DETAILS_LIMIT, EXPLANATION_LIMIT, QUESTION_TEXT_LIMIT, Question
from bot.content.text_rules import same_text_problems, text_problems
from bot.languages import DEFAULT_LANGUAGE
from bot.said import N_, Count, Said, said


def question_problems(question: Question) -> Iterator[Said]:
    """Every rule the question breaks, as messages for its author."""
    yield from _key_problems([option.id for option in question.options], question.answer)
    answer = question.option(question.answer)
    if answer is not None and answer.why_not is not None:
        yield said(N_("the answer {answer} has a why_not; only wrong options explain why they are wrong"),
                   answer=repr(question.answer))
    yield from _language_problems(question)
    yield from _text_rule_problems(question)
    for language, text in question.explanation.items():
        if len(text) > EXPLANATION_LIMIT:
            yield said(N_("the {language} explanation has {length} characters; the limit is {limit} (move the "
                          "rest to 'details')"), language=language, length=len(text), limit=EXPLANATION_LIMIT)
    for language, prompt in question.prompt.items():
        length = len(prompt) + sum(len(option.text.get(language, "")) for option in question.options)
        if length > QUESTION_TEXT_LIMIT:
            yield said(N_("the {language} prompt and options have {length} characters together; the limit is "
                          "{limit}, so that the question fits one chat message"), language=language, length=length,
                       limit=QUESTION_TEXT_LIMIT)
    for language, text in (question.details or {}).items():
        if len(text) > DETAILS_LIMIT:
            yield said(N_("the {language} details have {length} characters; the limit is {limit} (put the rest on a "
                          "page and link it as the 'reference')"), language=language, length=Count(len(text)),
                       limit=Count(DETAILS_LIMIT))
    for option in question.options:
        for language, text in (option.why_not or {}).items():
            if len(text) > EXPLANATION_LIMIT:
                yield said(N_("the {language} why_not of option {option} has {length} characters; the limit is "
                              "{limit}"), language=language, option=repr(option.id), length=len(text),
                           limit=EXPLANATION_LIMIT)


def raw_key_problems(raw: Any) -> Iterator[Said]:
    """The answer key of a question that failed its shape check (an unknown language, a missing explanation), so
    that validate lists a wrong key at once too: when its answer and its options' ids can be read as text."""
    if not isinstance(raw, dict) or not isinstance(answer := raw.get("answer"), str):
        return
    options = raw.get("options")
    if not isinstance(options, list) or not options:
        return
    option_ids = [option["id"] for option in options if isinstance(option, dict) and isinstance(option.get("id"), str)]
    if len(option_ids) == len(options):
        yield from _key_problems(option_ids, answer)


def _key_problems(option_ids: list[str], answer: str) -> Iterator[Said]:
    for option_id, count in Counter(option_ids).items():
        if count > 1:
            yield said(N_("the option id {option} is used {count} times"), option=repr(option_id), count=count)
    if answer not in option_ids:
        yield said(N_("the answer {answer} is not one of its options ({options})"), answer=repr(answer),
                   options=", ".join(option_ids))


def _text_rule_problems(question: Question) -> Iterator[Said]:
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


def _language_problems(question: Question) -> Iterator[Said]:
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
            yield said(N_("language {language} is incomplete: missing in {names}"), language=repr(language),
                       names=", ".join(missing))


def duplicate_ids(ids: list[str]) -> list[str]:
    """The ids that occur more than once, in order of first appearance."""
    counts = Counter(ids)
    return [item for item in dict.fromkeys(ids) if counts[item] > 1]


def quiz_text_problems(data: dict[str, Any]) -> Iterator[Said]:
    """The quiz's own texts need English too: it is what every other language falls back to."""
    guide = data.get("guide")
    named = {"title": data.get("title"), "description": data.get("description"),
             "guide title": guide.get("title") if isinstance(guide, dict) else None}
    for name, text in named.items():
        if not isinstance(text, dict):
            continue  # a wrong type is reported by the shape check
        # Every quiz list shows these in English when the learner's language is missing, so {} can't pass.
        if not text:
            yield said(N_("the {name} is empty; it needs at least its English ({code}) text"), name=name,
                       code=repr(DEFAULT_LANGUAGE))
        elif DEFAULT_LANGUAGE not in text:
            yield said(N_("the {name} has no English ({code}) text; English is required everywhere"), name=name,
                       code=repr(DEFAULT_LANGUAGE))
        # The raw file, not the model (which may not validate): keep the strings and strip them as the model does.
        yield from text_problems(name, {language: value.strip() for language, value in text.items()
                                        if isinstance(language, str) and isinstance(value, str)})
    if isinstance(guide, dict) and isinstance(guide.get("path"), str):
        yield from text_problems("guide path", {"": guide["path"].strip()})
