"""A time of day as learners say it in Swahili, Yorùbá or Shona: an hour (a digit or a number word) with the part
of the day, whatever language the bot speaks to them. Swahili counts the hours from sunrise and sunset: "saa moja
asubuhi" is 07:00, "saa mbili usiku" 20:00. Yorùbá ("aago méje alẹ́", 19:00) and Shona ("na7 manheru", 19:00)
count them as the twelve-hour clock does. Read only where the words leave one time; a form that could be two
(no part of the day, or words of two languages that count differently) is unclear, and the learner asked again."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import time, timedelta
from enum import Enum


class Unclear(Enum):
    """Words of a time that could be more than one: the learner is asked which."""
    UNCLEAR = "unclear"


UNCLEAR = Unclear.UNCLEAR
SpokenTime = time | Unclear | None  # None: no time as people say one at all

# The word before the hour: Swahili's "saa" (hour), Yorùbá's "aago" (clock), Shona's "na"/"pa" (at, "na7").
CLOCK_WORDS = {"saa": "sw", "aago": "yo", "agogo": "yo", "na": "sn", "pa": "sn"}
# The number words, tone marks and the hyphen left out (as many type them): Swahili's cardinals, Yorùbá's as it
# tells the time ("aago kan", one o'clock). Shona's are left to a native speaker: digits only ("na7").
HOUR_WORDS = {
    "sw": {"moja": 1, "mbili": 2, "tatu": 3, "nne": 4, "tano": 5, "sita": 6, "saba": 7, "nane": 8, "tisa": 9,
           "kumi": 10, "kumi na moja": 11, "kumi na mbili": 12},
    "yo": {"kan": 1, "okan": 1, "meji": 2, "meta": 3, "merin": 4, "marun": 5, "marunun": 5, "mefa": 6,
           "meje": 7, "mejo": 8, "mesan": 9, "mesanan": 9, "mewa": 10, "mewaa": 10, "mokanla": 11, "mejila": 12},
}


@dataclass(frozen=True)
class Part:
    """A part of the day, in a language, as the hours (on the 24-hour clock) it covers: from ``first`` for
    ``hours``, fewer than twelve, so that a twelve-hour clock's hour falls in it once at most."""
    language: str
    first: int
    hours: int

    def covers(self, hour: int) -> bool:
        return (hour - self.first) % 24 < self.hours


PARTS: dict[str, tuple[Part, ...]] = {
    "alfajiri": (Part("sw", 4, 3),),  # dawn: saa kumi (04:00) to saa kumi na mbili (06:00)
    "asubuhi": (Part("sw", 4, 9),),  # saa kumi (04:00) to saa sita (noon)
    "mchana": (Part("sw", 11, 6),),  # saa tano (11:00) to saa kumi (16:00)
    "adhuhuri": (Part("sw", 11, 4),),
    "alasiri": (Part("sw", 14, 4),),  # saa nane (14:00) to saa kumi na moja (17:00)
    "jioni": (Part("sw", 16, 5),),  # saa kumi (16:00) to saa mbili (20:00)
    # Night in Swahili (saa moja, 19:00, to saa kumi na moja, 05:00) and in Shona (na7 to na3): "7 usiku" is
    # 01:00 to one and 19:00 to the other, read only with "saa" or "na" before it.
    "usiku": (Part("sw", 19, 11), Part("sn", 19, 9)),
    "husiku": (Part("sn", 19, 9),),
    "aaro": (Part("yo", 1, 11),), "owuro": (Part("yo", 1, 11),),  # morning
    "osan": (Part("yo", 12, 6),), "osanan": (Part("yo", 12, 6),),  # afternoon
    "irole": (Part("yo", 16, 4),),  # evening
    "ale": (Part("yo", 17, 7),),  # night, till midnight
    "oru": (Part("yo", 0, 5),),  # the small hours
    "mangwanani": (Part("sn", 1, 11),), "masikati": (Part("sn", 11, 6),), "manheru": (Part("sn", 16, 6),),
}
# Yorùbá says "at night" in one word as often as in two: "lálẹ́" is "ní alẹ́".
JOINED_PARTS = {"laaro": "aaro", "lowuro": "owuro", "losan": "osan", "losanan": "osan", "nirole": "irole",
                "lirole": "irole", "lale": "ale", "loru": "oru"}
LINKS = {"ya": "sw", "za": "sw", "ni": "yo", "ye": "sn", "dze": "sn"}  # "saa moja ya/za asubuhi", "ní alẹ́"
# Minutes after (or, "kasorobo", before) the hour: Swahili's half and quarters, Yorùbá's half ("ààbọ̀").
MINUTES = {("na", "nusu"): ("sw", 30), ("na", "robo"): ("sw", 15), ("kasorobo",): ("sw", -15),
           ("kasoro", "robo"): ("sw", -15), ("aabo",): ("yo", 30)}
# Swahili's "sharp", said right after a whole hour ("saa mbili kamili", eight o'clock sharp): nothing to read.
SHARP = "kamili"
# The same time, 19:00, as each language says it: shown to a learner whose time could be two. Shona's "na-" takes
# the hyphen every line of the bot writes before a number ("na-19:00"); "na7" is read all the same.
EXAMPLES = {"en": "7 pm", "sw": "saa moja usiku", "yo": "aago méje alẹ́", "sn": "na-7 manheru"}
DIGITS = re.compile(r"^(\d{1,2})(?:[:.]([0-5]\d))?$")
SHONA_AT = re.compile(r"^(na|pa)(\d.*)$")  # "na7": Shona's "at" joined to the hour
ALL = frozenset({"sw", "yo", "sn"})


def plain_words(text: str) -> list[str]:
    """Words without tone marks or hyphens, lower case: "Aago márùn-ún àárọ̀" -> ["aago", "marunun", "aaro"]."""
    bare = "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))
    words: list[str] = []
    for word in bare.casefold().replace("-", "").split():
        if (joined := SHONA_AT.match(word)) and words == []:
            words += [joined[1], joined[2]]
        else:
            words.append(word)
    return words


def spoken_time(text: str) -> SpokenTime:
    """The time ``text`` says, as people say one; UNCLEAR where it could be more than one; None if it says none."""
    words = plain_words(text)
    languages, at = set(ALL), 0
    if words and words[0] in CLOCK_WORDS:
        languages &= {CLOCK_WORDS[words[0]]}
        at = 1
    clock_word = at == 1
    hour, minute, at = _hour(words, at, languages)
    if hour is None:
        return None
    if words[at:at + 1] == [SHARP] and not minute:  # "saa mbili kamili asubuhi": eight o'clock sharp
        languages &= {"sw"}
        at += 1
    parts: list[Part] = []
    shift = 0
    while at < len(words):
        if words[at] in LINKS:
            languages &= {LINKS[words[at]]}
            at += 1
            continue
        said = next(((len(key), value) for key, value in MINUTES.items() if tuple(words[at:at + len(key)]) == key),
                    None)
        if said is not None and not shift and not minute:
            languages &= {said[1][0]}
            shift, at = said[1][1], at + said[0]
            continue
        part = PARTS.get(JOINED_PARTS.get(words[at], words[at]))
        if part is None or parts:
            return None  # a word that is no part of a time: a misread would set a wrong one
        parts = list(part)
        languages &= {p.language for p in part}
        at += 1
    if hour > 12 and not clock_word:
        return None  # "19" alone may be a count as well as a time: only "saa 19" says it is the hour
    return _on_the_clock(hour, minute + shift, languages, [p for p in parts if p.language in languages])


def _hour(words: list[str], at: int, languages: set[str]) -> tuple[int | None, int, int]:
    """The hour at ``words[at]`` (as a digit, or a number word, the longest first: "kumi na moja" before "kumi"),
    its minutes, and where the words after it begin; ``languages`` narrowed to those whose word it is."""
    if at < len(words) and (digits := DIGITS.match(words[at])):
        return int(digits[1]), int(digits[2] or 0), at + 1
    for length in (3, 1):
        said = " ".join(words[at:at + length])
        spoken_in = {language for language, numbers in HOUR_WORDS.items() if said in numbers}
        if len(words) >= at + length and spoken_in & languages:
            languages &= spoken_in
            return HOUR_WORDS[next(iter(spoken_in))][said], 0, at + length
    return None, 0, at


def _on_the_clock(hour: int, minute: int, languages: set[str], parts: list[Part]) -> SpokenTime:
    if not languages:
        return UNCLEAR  # words of two languages that count apart: "saa 7 manheru" (Swahili's hour, Shona's evening)
    if hour > 12 or hour == 0:  # past any twelve-hour clock: the 24-hour clock's, "saa 13:00", whatever the words
        return time(hour, minute) if hour < 24 and not parts and 0 <= minute < 60 else UNCLEAR
    if len(languages) > 1 or len(parts) != 1:
        return UNCLEAR  # "saa moja" (07:00 or 19:00), "7 usiku" (Swahili's 01:00 or Shona's 19:00)
    # Swahili's first hour is 07:00 (or 19:00): six after the twelve-hour clock's.
    twelve = (hour + 6) % 12 if languages == {"sw"} else hour % 12
    meant = [candidate for candidate in (twelve, twelve + 12) if parts[0].covers(candidate)]
    if len(meant) != 1:
        return UNCLEAR  # "saa kumi na mbili usiku": no hour of Swahili's night
    return _minutes_on(meant[0], minute)


def _minutes_on(hour: int, minute: int) -> time:
    """``minute`` past ``hour``, or before it when negative ("saa mbili kasorobo usiku", 19:45)."""
    moment = timedelta(hours=hour, minutes=minute) % timedelta(days=1)
    return time(moment.seconds // 3600, moment.seconds // 60 % 60)


def examples(language: str) -> str:
    """The forms of 19:00 that are read, the learner's language's first: "saa moja usiku, 7 pm, …"."""
    return ", ".join(sorted(EXAMPLES.values(), key=lambda said: said != EXAMPLES.get(language)))
