"""What Telegram finds in a message's text by itself, with no tag asking for it: mentions ("@someone", which
notify that member), links ("example.com", "t.me/x", "https://…", "tg://…", an e-mail address), bot commands
("/start", "/reload@SomeBot": clicked in a group, sent as the clicker's), hashtags ("#tag"), cashtags ("$USD") and
bank card numbers. Where two overlap, Telegram keeps the one that begins first (the longer of two that begin
together): "#a" in "https://x.org/#a" is no hashtag.

After TDLib's find_entities (td/telegram/MessageEntity.cpp), which the Bot API server runs on every text a bot
sends (get_formatted_text: a bot skips no bot commands, only media timestamps; phone numbers are found nowhere).
Bot commands, hashtags, cashtags and card numbers are its match_* functions ported; a word character there is a
letter, a number or "_" (TDLib's is_word_character), a hashtag letter a letter, a decimal digit, "_", U+200C,
U+00B7 or one of U+0D80-U+0DFF (is_hashtag_letter); links are adapters/telegram/links.py's (a port, checked
against TDLib's own cases). Mentions are simpler, on the side of finding more: "@" not after a word character,
then 2 to 32 of [A-Za-z0-9_] not followed by a word character (TDLib drops those under 4 bar a few). Where the
text overlaps a tag's entity (a link, code), TDLib drops what it found; this finds it all the same.
"""

from __future__ import annotations

import regex

from adapters.telegram.links import links
from tests.telegram.telegram_html import shown_text

WORD = r"[\p{L}\p{N}_]"
NAME = "[A-Za-z0-9_]"  # TDLib's is_alpha_digit_or_underscore: a command's and a username's characters
MENTION = regex.compile(rf"(?<!{WORD})@{NAME}{{2,32}}(?!{WORD})")
# "/" not after a word character, "/", "<" or ">"; 1-64 name characters, perhaps "@" and a bot's 3-32; then no
# such character. An "@" that isn't a bot's name spoils the command.
BOT_COMMAND = regex.compile(rf"(?<!{WORD}|[/<>])/{NAME}{{1,64}}(?!{NAME})(?:@{NAME}{{3,32}}(?!{NAME})|(?!@))"
                            rf"(?!{WORD}|[/<>])")
HASHTAG_LETTER = regex.compile(r"[\p{L}\p{Nd}_\u200c\u00b7\u0d80-\u0dff]")
LETTER = regex.compile(r"\p{L}")
CASHTAG_LETTERS = 8
CARD_DIGITS = range(13, 20)
DIGIT = regex.compile("[0-9]")  # TDLib's is_digit: ASCII only
CARD_CHARACTER = regex.compile("[0-9 -]")


def found_entities(text: str, *, html_mode: bool = True) -> list[str]:
    """What Telegram would make an entity of in ``text`` as the chat shows it, each as it stands there, in order."""
    return [shown for _, shown in found_spans(shown_text(text, html_mode=html_mode))]


def found_spans(shown: str) -> list[tuple[int, str]]:
    """Each entity Telegram makes of the plain text ``shown``, with where it begins; of two that overlap, the one
    that begins first (the longer of two that begin together), as TDLib's remove_intersecting_entities keeps."""
    spans = [(found.start(), found.end()) for pattern in (MENTION, BOT_COMMAND) for found in pattern.finditer(shown)]
    spans += [(link.start, link.end) for link in links(shown)]
    spans += [*_hashtag_spans(shown), *_cashtag_spans(shown), *_card_spans(shown)]
    kept: list[tuple[int, str]] = []
    end = 0
    for begin, finish in sorted(spans, key=lambda span: (span[0], -span[1])):
        if begin >= end:
            kept.append((begin, shown[begin:finish]))
            end = finish
    return kept


def bot_commands(text: str) -> list[str]:
    return [found[0] for found in BOT_COMMAND.finditer(text)]


def hashtags(text: str) -> list[str]:
    return [text[begin:end] for begin, end in _hashtag_spans(text)]


def _hashtag_spans(text: str) -> list[tuple[int, int]]:
    """match_hashtags: "#" not after a hashtag letter, then 1-256 of them (one a letter; a longer run is cut at
    256), perhaps "@" and a bot's 3-32 name characters; not followed by another "#"."""
    found: list[tuple[int, int]] = []
    at = text.find("#")
    while at != -1:
        if at and _hashtag_letter(text[at - 1]):
            at = text.find("#", at + 1)
            continue
        begin = at
        at, size, end, letter = at + 1, 0, None, False
        while at < len(text) and _hashtag_letter(text[at]):
            at += 1
            if size == 255:
                end = at
            if size != 256:
                letter, size = letter or bool(LETTER.match(text[at - 1])), size + 1
        end = at if end is None else end
        if size and end == at and text.startswith("@", at):
            name_end = at + 1
            while name_end < len(text) and name_end - at < 33 and regex.match(NAME, text[name_end]):
                name_end += 1
            if name_end - at - 1 >= 3:
                at = end = name_end
        if size and letter and not text.startswith("#", at):
            found.append((begin, end))
        at = text.find("#", at)
    return found


def cashtags(text: str) -> list[str]:
    return [text[begin:end] for begin, end in _cashtag_spans(text)]


def _cashtag_spans(text: str) -> list[tuple[int, int]]:
    """match_cashtags: "$" not after a hashtag letter or "$", then "1INCH" or 1-8 capital ASCII letters, perhaps
    "@" and a bot's 3-32 name characters; then no hashtag letter or "$"."""
    found: list[tuple[int, int]] = []
    at = text.find("$")
    while at != -1:
        if at and (_hashtag_letter(text[at - 1]) or text[at - 1] == "$"):
            at = text.find("$", at + 1)
            continue
        begin = at = at + 1
        if text.startswith("1INCH", at):
            at += 5
        else:
            while at < len(text) and "A" <= text[at] <= "Z":
                at += 1
        if 1 <= at - begin <= CASHTAG_LETTERS:
            if text.startswith("@", at):
                name_end = at + 1
                while name_end < len(text) and regex.match(NAME, text[name_end]):
                    name_end += 1
                if 3 <= name_end - at - 1 <= 32:
                    at = name_end
            if at == len(text) or not (_hashtag_letter(text[at]) or text[at] == "$"):
                found.append((begin - 1, at))
        at = text.find("$", at)
    return found


def card_numbers(text: str) -> list[str]:
    return [text[begin:end] for begin, end in _card_spans(text)]


def _card_spans(text: str) -> list[tuple[int, int]]:
    """match_bank_card_numbers and is_valid_bank_card: 13-19 ASCII digits among spaces and hyphens (not after a
    letter, ".", ",", "+", "-" or "_", not before a letter, "-" or "_"), passing Luhn's check and the card
    networks' lengths."""
    found: list[tuple[int, int]] = []
    at = 0
    while (digit := DIGIT.search(text, at)) is not None:
        at = digit.start()
        if at and (text[at - 1] in ".,+-_" or LETTER.match(text[at - 1])):
            while at < len(text) and CARD_CHARACTER.match(text[at]):
                at += 1
            continue
        begin, digits = at, 0
        while at < len(text) and CARD_CHARACTER.match(text[at]):
            if text[at] == " " and 16 <= digits <= 19 and digits == at - begin:
                break  # a card written without spaces ends at the first
            digits += text[at] != " " and text[at] != "-"
            at += 1
        end = len(text[:at].rstrip(" -"))
        if (digits in CARD_DIGITS and end - begin <= 2 * digits - 1
                and not (end < len(text) and (text[end] in "-_" or LETTER.match(text[end])))
                and _valid_card(regex.sub("[^0-9]", "", text[begin:end]))):
            found.append((begin, end))
    return found


def _valid_card(digits: str) -> bool:
    total = sum(int(digit) if place % 2 == 0 else int(digit) * 2 - 9 * (int(digit) >= 5)
                for place, digit in enumerate(reversed(digits)))
    if total % 10:
        return False
    count, first, two, four = len(digits), int(digits[0]), int(digits[:2]), int(digits[:4])
    if first == 4:
        return count in (13, 16, 18, 19)  # Visa
    if 51 <= two <= 55 or 2221 <= four <= 2720 or 2200 <= four <= 2204:
        return count == 16  # Mastercard, MIR
    if two in (34, 37):
        return count == 15  # American Express
    if two in (62, 81):
        return count >= 16  # UnionPay
    return True


def _hashtag_letter(character: str) -> bool:
    return bool(HASHTAG_LETTER.match(character))
