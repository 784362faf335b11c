"""The links Telegram finds in a text by itself: web addresses ("setup.py", "t.me/x", "https://…", "10.0.0.1:29500"),
e-mail addresses and "tg://" links, each as it stands in the text.

After TDLib's match_urls, fix_url, is_email_address and match_tg_urls (td/telegram/MessageEntity.cpp), step for
step, on characters where TDLib walks UTF-8 bytes: a domain runs over ASCII letters, digits, "_", "-", "~" and
"." and any character from U+00C0 on but a separator or general punctuation (U+2000-U+206F, bar the joiners
U+200C, U+200D and the dashes); one written without http://, https://, ftp:// or tonsite:// is a link only when
its last part is a top-level domain TDLib lists (adapters/telegram/tlds.py: all in lower case, or all in upper
case, "setup.PY", not "setup.Py"), or when it is an IPv4 address. Not after a word character, "/", "#" or "@".
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from adapters.telegram.tlds import COMMON_TLDS

BAD_PATH_END = ".:;,('?!`"
NOT_IN_PATH = '\n<>"«»'
NOT_USER_DATA = "\n/[]{}()'`<>\"@«»"
SCHEMES = ("http://", "https://", "ftp://", "tonsite://")
DIGITS = "0123456789"  # TDLib's is_digit: ASCII only
DOMAIN_PART_BYTES = 64
EMAIL_PARTS = range(2, 8)


@dataclass(frozen=True)
class Found:
    start: int
    end: int
    text: str
    scheme: bool  # written with its scheme ("https://…", "tg://…"): a link its author meant


def links(text: str) -> list[Found]:
    """Each web address, e-mail address and tg:// link Telegram makes a link of in ``text``, in order."""
    found = [Found(start, end, text[start:end], scheme=text[start:end].lower().startswith((*SCHEMES, "mailto:")))
             for start, end, _ in find_urls(text)]
    found += [Found(start, end, text[start:end], scheme=True) for start, end in match_tg_urls(text)]
    return sorted(found, key=lambda link: link.start)


def find_urls(text: str) -> list[tuple[int, int, bool]]:
    """TDLib's find_urls: each web or e-mail address (True) where it stands."""
    found = []
    for start, end in match_urls(text):
        url = text[start:end]
        if is_email_address(url):
            found.append((start, end, True))
        elif url.startswith("mailto:") and is_email_address(url[7:]):
            found.append((start + 7, end, True))
        elif (fixed := fix_url(url)) is not None:
            found.append((start, start + len(fixed), False))
    return found


def match_urls(text: str) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    begin, size = 0, len(text)
    while True:
        dot = text.find(".", begin)
        if dot == -1 or dot + 1 == size:
            return found
        if text[dot + 1] == " ":
            begin = dot + 2
            continue
        domain_begin = dot
        while domain_begin > begin and _domain_symbol(text[domain_begin - 1]):
            domain_begin -= 1
        last_at, domain_end = None, dot
        while domain_end < size and (text[domain_end] == "@" or _domain_symbol(text[domain_end])):
            last_at = domain_end if text[domain_end] == "@" else last_at
            domain_end += 1
        if last_at is not None:
            while domain_begin > begin and _user_data_symbol(text[domain_begin - 1]):
                domain_begin -= 1
        url_end = _after_port(text, domain_end)
        if url_end < size and text[url_end] in "/?#":
            path_end = url_end + 1
            while path_end < size and _path_symbol(text[path_end]):
                path_end += 1
            while path_end > url_end + 1 and text[path_end - 1] in BAD_PATH_END:
                path_end -= 1
            if text[url_end] == "/" or path_end > url_end + 1:
                url_end = path_end
        while url_end > dot + 1 and text[url_end - 1] == ".":
            url_end -= 1
        url_begin, bad = _url_begin(text, begin, domain_begin, last_at is not None)
        if not bad:
            if url_end > dot + 1:
                found.append((url_begin, url_end))
            while url_end < size and text[url_end] == ".":
                url_end += 1
        else:
            while text[url_end - 1] != ".":
                url_end -= 1
        begin = max(url_end, dot + 1)


def _after_port(text: str, at: int) -> int:
    if at >= len(text) or text[at] != ":":
        return at
    end = at + 1
    while end < len(text) and text[end] in DIGITS:
        end += 1
    digits = text[at + 1:end].lstrip("0")
    return end if digits and len(digits) <= 5 and int(digits) <= 65535 else at


def _url_begin(text: str, begin: int, url_begin: int, had_at: bool) -> tuple[int, bool]:
    """Where the link begins (its user name, its scheme), and whether what is before it spoils it."""
    bad = False
    if url_begin != begin and text[url_begin - 1] == "@":
        bad = had_at
        user_begin = url_begin - 1
        while user_begin > begin and _user_data_symbol(text[user_begin - 1]):
            user_begin -= 1
        bad = bad or user_begin == url_begin - 1
        url_begin = user_begin
    if url_begin == begin:
        return url_begin, bad
    prefix = text[begin:url_begin]
    if len(prefix.encode()) >= 6 and prefix.endswith("://"):
        protocol_begin = url_begin - 3
        while protocol_begin > begin and _protocol_symbol(text[protocol_begin - 1]):
            protocol_begin -= 1
        protocol = text[protocol_begin:url_begin - 3].lower()
        for name, length in (("http", 7), ("https", 8), ("ftp", 6), ("tonsite", 10)):
            if protocol.endswith(name) and protocol not in ("shttp", "tftp", "sftp"):
                return url_begin - length, bad
        return url_begin, True
    before = text[url_begin - 1]
    return url_begin, bad or _word_character(before) or before in "/#@"


def fix_url(url: str) -> str | None:
    """The link ``url`` makes, its end cut where a bracket closes that it didn't open; None if it makes none."""
    scheme = url[:10].lower().startswith(SCHEMES)
    rest = url[url.find(":") + 3:] if scheme else url
    domain_end = min([len(rest), *(at for sign in "/?#" if (at := rest.find(sign)) >= 0)])
    domain, path = rest[:domain_end], rest[domain_end:]
    domain = domain[domain.find("@") + 1:]
    domain = domain[:domain.rfind(":")] if ":" in domain else domain
    if domain.lower() == "teiegram.org":
        return None
    balance = {"(": 0, "[": 0, "{": 0}
    closing = {")": "(", "]": "[", "}": "{"}
    kept = 0
    while kept < len(path):
        sign = path[kept]
        if sign in balance:
            balance[sign] += 1
        elif sign in closing:
            balance[closing[sign]] -= 1
        if min(balance.values()) < 0:
            break
        kept += 1
    while kept > 0 and path[kept - 1] in BAD_PATH_END:
        kept -= 1
    full = url[:len(url) - (len(path) - kept)]
    parts = domain.split(".")
    if len(parts) == 1 or any(not part or len(part.encode()) >= DOMAIN_PART_BYTES or part.endswith("-")
                              for part in parts):
        return None
    if len(parts) == 4 and all(_ipv4_part(part) for part in parts):
        return full
    if all(character in DIGITS for part in parts for character in part):
        return None
    tld = parts[-1]
    if len(tld) <= 1:
        return None
    if tld.startswith("xn--"):
        if len(tld) <= 5 or not all(character.isascii() and character.isalnum() for character in tld[4:]):
            return None
    elif "_" in tld or "-" in tld or not (scheme or is_common_tld(tld)):
        return None
    return None if "_" in parts[-2] else full


def is_common_tld(tld: str) -> bool:
    lower = tld.lower()
    if lower != tld and lower[1:] == tld[1:]:
        return False  # only its first letter a capital: "setup.Py" is a sentence's end run into the next
    return lower in COMMON_TLDS


def is_email_address(text: str) -> bool:
    user, at, domain = text.partition("@")
    if not at or not domain:
        return False
    user_parts = user.replace("+", ".").split(".")
    if len(user_parts) >= 12 or not user_parts[-1] or len(user_parts[-1]) >= 36 \
            or any(len(part) >= 27 for part in user_parts[:-1]) or not all(map(_name_characters, user_parts)):
        return False
    parts = domain.split(".")
    if len(parts) not in EMAIL_PARTS or not 2 <= len(parts[-1]) <= 8 \
            or not all(character.isascii() and character.isalpha() for character in parts[-1]):
        return False
    return all(part and len(part) < 31 and _name_characters(part) and part[0].isalnum() and part[-1].isalnum()
               for part in parts[:-1])


def match_tg_urls(text: str) -> list[tuple[int, int]]:
    """"tg://", "ton://" (and TDLib's "tonsite://", from its "te://") and 1-253 of [A-Za-z0-9_-], then a path."""
    found: list[tuple[int, int]] = []
    at = 0
    while len(text) - at > 5 and (colon := text.find(":", at)) != -1:
        start = None
        if text.startswith("//", colon + 1):
            before = text[:colon].lower()
            start = colon - 2 if before.endswith("tg") else colon - 3 \
                if before.endswith("ton") or before.endswith("tonsite") else None
        if start is None:
            at = colon + 1
            continue
        at = domain = colon + 3
        while at < len(text) and at - domain != 253 and _name_character(text[at]):
            at += 1
        if at == domain:
            continue
        if at < len(text) and text[at] in "/?#":
            path_end = at + 1
            while path_end < len(text) and _path_symbol(text[path_end]):
                path_end += 1
            while path_end > at + 1 and text[path_end - 1] in BAD_PATH_END:
                path_end -= 1
            if text[at] == "/" or path_end > at + 1:
                at = path_end
        found.append((start, at))
    return found


def _ipv4_part(part: str) -> bool:
    return all(character in DIGITS for character in part) and len(part) <= 3 and int(part) <= 255 \
        and not (part.startswith("0") and len(part) > 1)


def _name_character(character: str) -> bool:
    return character.isascii() and (character.isalnum() or character in "_-")


def _name_characters(part: str) -> bool:
    return all(map(_name_character, part))


def _separator(character: str) -> bool:
    return character.isspace() or unicodedata.category(character).startswith("Z")


def _url_unicode_symbol(character: str) -> bool:
    code = ord(character)
    if 0x2000 <= code <= 0x206F:
        return code in (0x200C, 0x200D) or 0x2010 <= code <= 0x2015
    return not _separator(character)


def _path_symbol(character: str) -> bool:
    return character not in NOT_IN_PATH and _url_unicode_symbol(character)


def _user_data_symbol(character: str) -> bool:
    return character not in NOT_USER_DATA and _url_unicode_symbol(character)


def _domain_symbol(character: str) -> bool:
    if ord(character) < 0xC0:
        return character == "." or character == "~" or _name_character(character)
    return _url_unicode_symbol(character)


def _protocol_symbol(character: str) -> bool:
    if ord(character) < 0x80:
        return character.isalnum() or character in "+-"
    return not _separator(character)


def _word_character(character: str) -> bool:
    return unicodedata.category(character)[0] in "LN" or character == "_"
