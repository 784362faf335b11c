"""The model of Telegram's entity finder (telegram_entities) against TDLib's own cases for it
(test/message_entities.cpp), so that a name the tests call safe is one Telegram makes nothing of."""

from __future__ import annotations

import pytest

from adapters.telegram.links import find_urls
from tests.telegram.telegram_entities import (
    MENTION,
    bot_commands,
    card_numbers,
    cashtags,
    found_entities,
    hashtags,
)

ONES = "1" * 255


@pytest.mark.parametrize(("text", "expected"), [
    ("@mention", ["@mention"]), (" @mention ", ["@mention"]), ("no@mention", []), ("нет@mention", []), ("@n", []),
    ("@abcdefghijklmnopqrstuvwxyz123456", ["@abcdefghijklmnopqrstuvwxyz123456"]),
    ("@abcdefghijklmnopqrstuvwxyz1234567", []), ("@xxxxx@yyyyy", ["@xxxxx"]), ("@victimé", []), ("@\u2060victim", []),
    ("@gif @ya", ["@gif", "@ya"]),  # TDLib keeps only a few names under 4 ("gif"): this finds more, not fewer
])
def test_mentions_are_found_where_tdlib_finds_them(text: str, expected: list[str]) -> None:
    assert [found[0] for found in MENTION.finditer(text)] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("/abc", ["/abc"]), (" /abc ", ["/abc"]), ("/a@abc", ["/a@abc"]), ("/a@b", []), ("/@bfdsa", []),
    ("/test/", []), ("a/abc", []), ("</abc>", []), ("/" + "a" * 64, ["/" + "a" * 64]), ("/" + "a" * 65, []),
    ("/reload@SomeBot", ["/reload@SomeBot"]), ("/start@abc@", ["/start@abc"]), ("/я", []), ("/abcé", []),
])
def test_bot_commands_are_found_as_tdlib_finds_them(text: str, expected: list[str]) -> None:
    assert bot_commands(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("", []), ("#", []), ("##", []), ("#a", ["#a"]), (" #я ", ["#я"]), (" я#a ", []), (" #a# ", []),
    (" #123 ", []), (" #123a ", ["#123a"]), (" #123a# ", []), (" #" + "1" * 256 + "a ", []),
    (" #" + ONES + "a", ["#" + ONES + "a"]), (" #" + ONES + "a" + "b" * 255 + "# ", []),
    ("#a#b #c #d", ["#c", "#d"]), ("#test@", ["#test"]), ("#test@ab", ["#test"]), ("#test@abc", ["#test@abc"]),
    ("#test@a-c", ["#test"]), ("#test@" + "a" * 33, ["#test@" + "a" * 32]), ("#te·st", ["#te·st"]),
    ("#a\u2122", ["#a"]), ("#a൹", ["#a"]), ("#aඁං෴ก฿", ["#aඁං෴ก"]), ("#\u2060tag", []),
])
def test_hashtags_are_found_as_tdlib_finds_them(text: str, expected: list[str]) -> None:
    assert hashtags(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("$", []), ("$$$", []), ("$a", []), ("$abc", []), ("$A", ["$A"]), ("$ABС", []), ("$ABCDEFGH", ["$ABCDEFGH"]),
    ("$ABCDEFGHJ", []), ("$ABCDEFGH1", []), (" $$XYZ ", []), (" $XYZ$ ", []), (" $1ABC ", []), (" 1$ABC ", []),
    (" А$ABC ", []), ("$ABC$DEF $GHI $KLM", ["$GHI", "$KLM"]), ("$TEST@ab", ["$TEST"]), ("$TEST@abc", ["$TEST@abc"]),
    ("$TEST@a-c", ["$TEST"]), ("$TEST@" + "a" * 33, ["$TEST"]), ("$1INC", []), ("$1INCH", ["$1INCH"]),
    ("...$1INCH...", ["$1INCH"]), ("$1inch", []), ("$1INCHA", []), ("\u2122$ABC\u2122", ["$ABC"]),
    ("$ABC൹", ["$ABC"]), ("$ABCඁ", []), ("$ABCก", []), ("$ABC฿", ["$ABC"]), ("$\u2060USD", []),
])
def test_cashtags_are_found_as_tdlib_finds_them(text: str, expected: list[str]) -> None:
    assert cashtags(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("123456789015", []), ("1234567890127", []), ("1234567890128", ["1234567890128"]),
    ("12345678901500", ["12345678901500"]), ("1234567890128000000", ["1234567890128000000"]),
    ("12345678901500910000", []), (" - - - - 1 - -- 2 - - -- 34 - - - 56- - 7890150000  - - - -", []),
    (" - - - - 1 - -- 234 - - 56- - 7890150000  - - - -", ["1 - -- 234 - - 56- - 7890150000"]),
    ("4916-3385-0608-2832; 5280 9342 8317 1080 ;345936346788903",
     ["4916-3385-0608-2832", "5280 9342 8317 1080", "345936346788903"]),
    ("4556728228023269, 4916141675244747020, 49161416752447470, 4556728228023269",
     ["4556728228023269", "4916141675244747020", "4556728228023269"]),
    ("a1234567890128", []), ("1234567890128а", []), ("_1234567890128", []), ("1234567890128/", ["1234567890128"]),
    ("\"1234567890128", ["1234567890128"]), ("+1234567890128", []), ("4111\u20601111\u20601111\u20601111", []),
])
def test_card_numbers_are_found_as_tdlib_finds_them(text: str, expected: list[str]) -> None:
    assert card_numbers(text) == expected


def test_everything_telegram_finds_in_a_bots_text_is_found() -> None:
    """Mentions, commands, links and e-mail addresses, tags and cards, in HTML as the bot sends it."""
    text = ("<b>@victim</b> /start, t.me/x tg://resolve ada@example.com #tag $USD 4111 1111 1111 1111, "
            "1:05 +254 700 000000")
    assert found_entities(text) == ["@victim", "/start", "t.me/x", "tg://resolve", "ada@example.com", "#tag", "$USD",
                                    "4111 1111 1111 1111"]


@pytest.mark.parametrize(("text", "urls", "emails"), [
    ("telegram.org", ["telegram.org"], []), ("(telegram.org)", ["telegram.org"], []), (".telegram.org)", [], []),
    ("()telegram.org/?q=()", ["telegram.org/?q=()"], []), (" telegram.org. ", ["telegram.org"], []),
    (" telegram. org. www. com... telegram.org... ...google.com...", ["telegram.org"], []),
    ("http://telegram.org/?asd=123#123.", ["http://telegram.org/?asd=123#123"], []),
    ("http://@google.com", [], []), ("http://a@google.com", ["http://a@google.com"], []),
    ("ftps://telegram.org", [], []), ("sftp://telegram.org", [], []), ("sHTTP://telegram.org", [], []),
    ("аHTTP://telegram.org", ["HTTP://telegram.org"], []), ("tonsite://telegram.ton", ["tonsite://telegram.ton"], []),
    ("telegram.onion", ["telegram.onion"], []), ("telegram.tonsite", [], []),
    (",ahttp://google.com", ["http://google.com"], []),
    (".ahttp://google.com", [], []), ("http://a.a", [], []), ("google.com:1#ab c", ["google.com:1#ab"], []),
    ("google.com:000000065536/abs", ["google.com"], []), ("google.com:65535", ["google.com:65535"], []),
    ("127.0.0.1", ["127.0.0.1"], []), ("127.0.0.01", [], []), ("127.0.0.256", [], []), ("1.0", [], []),
    ("www.🤙.tk", ["www.🤙.tk"], []), ("a.ab", [], []), ("ТеСт.Москва", [], []), ("ТеСт.МоСкВа", ["ТеСт.МоСкВа"], []),
    ("http://ÀТеСт.МоСкВач", ["http://ÀТеСт.МоСкВач"], []), ("ÀÁ.com,ÀÁ.com.", ["ÀÁ.com", "ÀÁ.com"], []),
    ("teiegram.org/test", [], []), ("http://test.google.com/?q=abc()}[]def", ["http://test.google.com/?q=abc()"], []),
    ("http://test.google.com/?q=abc([{)]}def", ["http://test.google.com/?q=abc([{)]}def"], []),
    ("http://test-.google.com", [], []), ("http://test_.google.com", ["http://test_.google.com"], []),
    ("http://google_.com", [], []), ("/.b/..a    @.....@/. a.ba", ["a.ba"], []),
    ("http://google.com##", ["http://google.com##"], []),
    ("a.bc@c.com", [], ["a.bc@c.com"]), ("https://a.de[bc@c.com", ["https://a.de"], ["bc@c.com"]),
    ("https://a.bc@test.com:cd.com", ["https://a.bc@test.com", "cd.com"], []), ("telegram.Org", [], []),
    ("telegram.ORG", ["telegram.ORG"], []), ("a.b.c.com.a.b.c", [], []), ("File '/usr/views.py'", [], []),
    ("@views.py'", [], []), ("#views.py'", [], []), ("/views.py'", [], []), (".views.py", [], []),
    ("'views.py'", ["views.py"], []), ("Look mailto:test@example.com", [], ["test@example.com"]),
    ("https://t.me/abcdef…", ["https://t.me/abcdef"], []), ("https://t.m…", [], []),
    ("http://google.com/‖", ["http://google.com/"], []), ("a@b@c.com", [], []), ("abc@c.com@d.com", [], []),
    ("a@b.com:c@1", [], ["a@b.com"]), ("test@test.software", [], ["test@test.software"]), ("a:b?@gmail.com", [], []),
    ("a!:b@gmail.com", ["a!:b@gmail.com"], []), ("test_.com", [], []), ("_test.com", [], []),
    ("_.test.com", ["_.test.com"], []),
])
def test_links_are_found_as_tdlib_finds_them(text: str, urls: list[str], emails: list[str]) -> None:
    """TDLib's own cases (test/message_entities.cpp, check_url): "views.py" is a link, but not after "/" or "@"."""
    found = find_urls(text)
    assert [text[start:end] for start, end, email in found if not email] == urls
    assert [text[start:end] for start, end, email in found if email] == emails
