"""How each catalog says a thing it says often, one way throughout: a Swahili clock time no learner can read in
Swahili time and Swahili nouns' agreement, Yoruba's one register and its words for empty and for points, Shona's
prefixes and noun classes (a key term's one word is tests/i18n/test_key_terms.py's). Each rule names the messages
that break it."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from bot.i18n import UiTexts, message_texts
from bot.languages import NATIVE_NAMES

LOCALES = Path(__file__).resolve().parents[2] / "content" / "locales"
# A time the learner types after a command ("/reminders on 19:00", "on 19:00" in its description): not one shown.
TYPED_TIME = re.compile(r"\bon \d\d:\d\d")
# A clock time shown: the {time} placeholder or one written out ("00:00 UTC").
SHOWN_TIME = re.compile(r"\{time\}|\b\d\d:\d\d\b")
# Swahili time counts the hours from 06:00 and 18:00 ("saa moja" is 07:00), so "saa 07:00" reads as 13:00 to many:
# a time shown says which clock it is on, the 24-hour clock or the part of the day.
SWAHILI_CLOCK = re.compile(r"mfumo wa saa 24|asubuhi|mchana|jioni|usiku")


def _catalog(language: str) -> Catalog:
    with (LOCALES / language / "LC_MESSAGES" / "quiztutor.po").open("rb") as source:
        return read_po(source, locale=language)


def _pairs(language: str) -> list[tuple[str, str]]:
    """(English, translation) for every form of every translated message, composed as the learner reads it."""
    pairs = []
    for message in _catalog(language):
        if not message.id or not message.string:
            continue
        english = message_texts(message.id)
        pairs += [(english[min(index, len(english) - 1)], unicodedata.normalize("NFC", text))
                  for index, text in enumerate(message_texts(message.string)) if text]
    return pairs


def test_a_swahili_clock_time_says_which_clock_it_is_on() -> None:
    """"Ninakukumbusha saa {time}" with 07:00 reads as one in the afternoon in Swahili time."""
    wrong = []
    for english, swahili in _pairs("sw"):
        shown = TYPED_TIME.sub("", swahili)
        if not SHOWN_TIME.search(TYPED_TIME.sub("", english)):
            continue
        if re.search(r"\bsaa (?:\{time\}|\d\d?:\d\d)", shown) or not SWAHILI_CLOCK.search(shown):
            wrong.append(swahili)
    assert wrong == []


def _plural_messages(language: str) -> list[tuple[str, ...]]:
    return [message_texts(message.string) for message in _catalog(language)
            if message.id and isinstance(message.id, (tuple, list)) and message.string]


def test_a_swahili_count_out_of_n_questions_agrees_with_the_form_n_chooses() -> None:
    """"{answered} kati ya {n} yamejibiwa" (of n questions, answered) in the form for one question reads "maswali"
    (class 6, ya-) where the form speaks of one "swali" (class 5, li-)."""
    wrong = []
    for singular, plural in (forms[:2] for forms in _plural_messages("sw")):
        for form, concord in ((singular, "li"), (plural, "ya")):
            verbs = re.findall(r"kati ya \{n\} (\w+)", form)
            wrong += [form for verb in verbs if not re.match(rf"(?:ha)?{concord}", verb)]
    assert wrong == []


def test_swahili_faili_keeps_one_noun_class() -> None:
    """"faili" is class 9/10 (faili hii, faili za, haikusomwa), as most lines say it: not class 5 here ("faili la",
    "halikusomwa") beside class 10 in the plural of the same message."""
    class_5 = re.compile(r"\bfaili (?:\{n\} )?(?:la|hili|lile|lenye)\b|\bhali(?:ku|ja)somwa\b")
    assert [swahili for _english, swahili in _pairs("sw") if class_5.search(swahili)] == []


def test_yoruba_says_empty_one_way() -> None:
    """"ẹ fi sílẹ̀ ní òfo" in two option descriptions, "ní òfìfo" in a third: one word, "òfo" ("ṣófo")."""
    assert [yoruba for _english, yoruba in _pairs("yo") if "òfìfo" in yoruba.casefold()] == []


def test_yoruba_says_i_do_not_in_one_register() -> None:
    """The written "N kò lè" in most lines, the spoken "mi ò lè" (and "Èmi kò", "nǹkan kan ò") in others: the bot
    speaks in one register, "N kò"."""
    spoken = re.compile(r"(?<![\w\u0300-\u036f])(?:mi ò|èmi kò|ò)(?![\w\u0300-\u036f])", re.IGNORECASE)
    assert [yoruba for _english, yoruba in _pairs("yo") if spoken.search(yoruba)] == []


def test_yoruba_amì_alone_is_a_point() -> None:
    """"àmì" alone is a game's points ("àmì {n}"); a quiz's tags were "àmì" too ("{input} kì í ṣe àmì"), so an
    author read "not a point". A mark in a compound (àmì ìdánimọ̀, an id; àmì ìdábọ́, a dash; àmì àyọlò, a quote;
    ìjápọ̀ àmì, a symbolic link) names its own thing."""
    alone = re.compile(r"(?<!ìjápọ̀ )(?<![\w\u0300-\u036f])àmì(?![\w\u0300-\u036f])(?! (?:ìdánimọ̀|ìdábọ́|àyọlò))")
    assert [yoruba for english, yoruba in _pairs("yo")
            if alone.search(yoruba) and not re.search(r"\bpoints?\b|\bscored?\b", english)] == []


# What a placeholder shows as a number (or a letter, a clock time): a count, a score, a limit, a time.
NUMBERS = r"\{(?:n|count|total|time|asked|low|high|seconds|answered|correct|letter|number|percent|days|points|bonus" \
          r"|limit|length|size|line|depth|actual|seen|place|byte)\}"


def test_shona_joins_a_prefix_to_a_number_with_a_hyphen() -> None:
    """"na19:00", "pa{total}", "kubva pa1": a prefix run into a number reads as one word ("pa1" beside "paN"), and
    Shona writers set a number or a letter apart as the catalog already does a loanword ("ne-id"): "na-19:00"."""
    joined = re.compile(rf"[^\W\d_](?:\d|{NUMBERS})")
    typed_moment = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")  # --now's example, typed as it is: its T is no prefix
    spaced = re.compile(rf"(?<![\w-])(?:pa|na|ne|ku|mu|ndi|se|ka|che|ye|we|ya|wa|zve|dze|re)\s(?:\d|{NUMBERS})")
    assert [shona for _english, shona in _pairs("sn")
            if joined.search(typed_moment.sub("", shona)) or spaced.search(shona)] == []


def test_shona_says_a_file_and_a_time_zone_with_their_own_class() -> None:
    """A file, "faira" (class 5: "Faira 1 harina kuverengwa", "faira renguva dzose"), was "hausi UTF-8" (class 3)
    and "haina kuverengwa", "ine mabhaiti" (class 9) in the lines that speak of it alone; a time zone, "nharaunda"
    (class 9), was "riripo" (class 5) in /timezone's description."""
    of_a_file = re.compile(r"^(?:it is not UTF|it has \{size\} bytes|not read)")
    wrong = [shona for english, shona in _pairs("sn") if of_a_file.match(english) and not re.match(r"(?:ha)?ri", shona)]
    wrong += [shona for _english, shona in _pairs("sn") if "nharaunda" in shona and re.search(r"\bri\w*po\b", shona)]
    assert wrong == []


def test_a_shona_prefix_is_written_onto_its_word() -> None:
    """"mu YAML" beside "neYAML", "mu terminal", "ne {second}": a prefix stands apart from its word nowhere else.
    Onto a name it keeps its capital ("muYAML", "seUTF-8"), before a lowercase loanword or code it takes a hyphen
    ("mu-terminal", "ne-{second}"); only what is typed or copied whole stays apart, a command, a quote, a file
    ending or a link ("ne /quiz", "na quiztutor validate", "ne “{name}”", "ne .yaml", "ne http://")."""
    apart = re.compile(r"(?<![\w-])(?:mu|ne|na|se|kwe|ku|pa|ye|we|re|me|che|ndi)\s(?![/“'\".]|http|quiztutor )")
    assert [shona for _english, shona in _pairs("sn") if apart.search(shona)] == []


def test_shona_says_how_many_were_right_with_no_concord_to_get_wrong() -> None:
    """"mapindura 2 pa-9, 1 dzakarurama" in /progress (and a leaderboard's "1 dzakarurama pa-3"): {correct} is
    chosen by no plural form, so a word agreeing with it took the plural's class-10 "dza-" after 1 too (one answer
    is "yakarurama"). The adverb "nemazvo", as the summary's "Mapindura nemazvo {correct}", agrees with nothing."""
    agreeing = re.compile(r"\{correct\} \w*rurama")
    assert [shona for _english, shona in _pairs("sn") if agreeing.search(shona)] == []


def test_a_swahili_or_shona_sentence_has_no_quiz_title_for_its_subject() -> None:
    """"Usambamba wa Modeli na wa Pipeline bado inaendelea", "Kupatsanura Modhero pamaGPU ichiri kuitwa": a verb
    after a title agrees with the quiz noun (chemsha bongo, bvunzo: class 9) while the title's own first noun has
    its class (u-, ku-, ma-), so a native reads it wrong for most titles. The title follows a colon instead, as in
    "Chemsha bongo imesimamishwa: {title}"."""
    subject = re.compile(r"(?:^|[.!?]\s+)\{title\} \w")
    assert [text for language in ("sw", "sn") for _english, text in _pairs(language) if subject.search(text)] == []


def test_a_swahili_count_of_answers_so_far_agrees_with_nothing() -> None:
    """"1 kati ya 8 yamejibiwa" (a retry under way, /progress): the passive agrees with the questions answered,
    {answered}, which no plural form chooses, so after 1 it kept the class-6 "ya-" ("limejibiwa"), and after a
    total of 1 the singular form said "0 kati ya 1 limejibiwa". "umejibu {answered} kati ya {n}", as Yoruba's "ẹ ti
    dáhùn" and Shona's "mapindura" say it, agrees with the learner."""
    agreeing = re.compile(r"\{answered\} kati ya \{\w+\} \w*jibiwa")
    assert [swahili for _english, swahili in _pairs("sw") if agreeing.search(swahili)] == []


def test_yoruba_names_a_language_where_its_capital_reads_right() -> None:
    """Yoruba's own name for itself, "Èdè Yorùbá", starts with the common noun èdè (language), capitalised as a
    name: put after a verb mid-sentence ("màá máa sọ Èdè Yorùbá") it reads as a stray capital. Each sentence that
    names a language from the catalog of names says "èdè yìí: {name}", as its games' sentence and French's "dans
    cette langue : {name}" do."""
    yoruba = UiTexts.load(LOCALES).for_language("yo")
    for english in ("From now on I'll speak {name}.", "Games in this chat are in {name} from now on.",
                    "Games in this chat are in {name}. Only an admin of this chat can change that. Set your own "
                    "language in a private chat with me."):
        said = yoruba(english, name=NATIVE_NAMES["yo"])
        assert re.search(r"(^|[.:!?] )Èdè Yorùbá", said), said
