"""Safe Telegram HTML: escaping, shortening, and packing blocks into messages under the length limit."""

from __future__ import annotations

import html
from collections.abc import Callable

import regex

from adapters.telegram.links import links
from bot.text import shorten

MESSAGE_LIMIT = 4096  # Telegram's limit for one text message
CAPTION_LIMIT = 1024  # and for a photo's caption (both count the text once its tags are read)
PIECE_LIMIT = 700  # characters of a name, title or notice shown in a line; content read in full passes None
# What a cut may fall between: a tag, an entity, or one grapheme cluster (a letter with its marks, a flag).
TOKEN = regex.compile(r"<[^>]*>|&(?:[a-zA-Z]+|#[0-9]+|#x[0-9a-fA-F]+);|\X")
TAG = regex.compile(r"<[^>]*>")
TAG_NAME = regex.compile(r"<([^\s>/]+)")
# An element a cut left holding no text: its opening tag just before the cut, or its end tag just after it.
EMPTY_ELEMENT = regex.compile(r"<([^\s>/]+)[^>]*>(\s*)</\1>")
# What Telegram makes an entity of in plain text by itself (TDLib's find_entities): "@name" notifies that member,
# a domain's dot ("example.com", "t.me/x", an e-mail address) and "tg://" link away, "/start" (or "/reload@Bot")
# is a command a click sends as the clicker's, "#tag" and "$USD" search the chat. A word joiner (U+2060) just after
# the sign ends each, as Telegram reads none across it, and shows nothing. A sign's next character, for "#" any
# hashtag letter (TDLib's is_hashtag_letter: U+00B7 and Sinhala too).
SIGN_FOLLOWED = r"(?=[\w\u00b7\u0d80-\u0dff])"
LINK_SIGNS = r"(?<=\.)(?=[^\s.])|(?<=:)(?=//)"
ENTITY_SIGN = regex.compile(rf"(?<=[@#$/]){SIGN_FOLLOWED}|{LINK_SIGNS}")
# What the bot says back of someone's words in its own sentence: no mention or link, but its own "/game" stays a
# command to tap (and a command they typed, said back, one they could have tapped in their own message).
MENTION_OR_LINK_SIGN = regex.compile(rf"(?<=@){SIGN_FOLLOWED}|{LINK_SIGNS}")
# And 13 to 19 digits among spaces and hyphens make a bank card number: a word joiner after each digit of such a
# run leaves none (Telegram's run ends at one). Shorter runs (a score, a year) stay as they are.
DIGIT_RUN = regex.compile(r"[0-9][0-9 -]*")
CARD_DIGITS = 13
DIGIT_ENDS = regex.compile(r"(?<=[0-9])(?=[0-9 -])")
WORD_JOINER = "\u2060"
# What Telegram makes a command, mention, hashtag or cashtag of in content as written (TDLib's match_bot_commands,
# match_mentions, match_hashtags, match_cashtags; a word character a letter, a number or "_"): "/tmp" (not
# "/dev/shm", nor "CPU/NVMe"), "@torch" of "@torch.compile", "#pragma" (not "#754", nor "C#"), "$USD".
WORD = r"[\p{L}\p{N}_]"
NAME = "[A-Za-z0-9_]"  # a command's or a username's characters
HASHTAG_LETTER = r"[\p{L}\p{Nd}_\u200c\u00b7\u0d80-\u0dff]"
COMMAND = rf"(?<!{WORD}|[/<>])/{NAME}{{1,64}}(?:@{NAME}{{3,32}})?(?!{WORD}|[/<>])"
OTHER_SIGNED = (rf"(?<!{WORD})@{NAME}{{2,32}}(?!{WORD})"
                rf"|(?<!{HASHTAG_LETTER})#(?={HASHTAG_LETTER}*?\p{{L}}){HASHTAG_LETTER}++(?!#)"
                rf"|(?<!{HASHTAG_LETTER}|\$)\$(?:1INCH|[A-Z]{{1,8}})(?!{HASHTAG_LETTER}|\$)")
CONTENT_ENTITY = regex.compile(f"{COMMAND}|{OTHER_SIGNED}")
SAID_ENTITY = regex.compile(OTHER_SIGNED)  # in the bot's own sentence, its commands ("send /review") stay
# The word such a sign is in is set as code ("TMPDIR=/tmp"), without its opening and closing punctuation ("(see
# /tmp).").
WORD_BEFORE = regex.compile(r"\S*$")
WORD_OPENING = regex.compile(r"[(\[{\"'“‘«]*")
WORD_REST = regex.compile(r"\S*?(?=[.,;:!?)\]}\"'”’»…]*(?:\s|$))")
CLOSES = {")": "(", "]": "[", "}": "{"}
JOINING = regex.compile(r"[^\w/@#$(\[{\"'“‘«]*")  # between a meant link and a word after it: ",", ";"


def esc(text: str, limit: int | None = PIECE_LIMIT) -> str:
    """User or content text made safe for parse_mode=HTML; cut to ``limit`` characters unless it is None (a
    question or its details, which pack() spreads over messages rather than lose)."""
    return html.escape(text if limit is None else shorten(text, limit), quote=False)


def content(text: str, limit: int | None = PIECE_LIMIT, *, signs: regex.Pattern[str] = CONTENT_ENTITY) -> str:
    """Quiz content made safe as esc() makes it, with each word Telegram would make a command, mention, hashtag,
    cashtag or link of by itself ("/tmp", "@torch.compile", "#pragma", "setup.py", "param.data") set in code
    instead: tapped, "/tmp" would be sent to the bot as the learner's command, "@torch" open someone's profile,
    "setup.py" a website. In code it reads and copies as written (a word joiner, as named() uses, would be pasted
    with it into a terminal). A link written with its scheme ("https://…") is one the author meant: it stays, and
    stays out of the code of a word run into it ("https://a.org,setup.py")."""
    kept = text if limit is None else shorten(text, limit)
    found = links(kept)
    meant = [(link.start, link.end) for link in found if link.scheme]
    # A sign inside a link Telegram makes makes nothing ("https://x.org/#a"); one after a path that is no link does
    # ("a.b/#x": "b" is no top-level domain).
    found_signs = [(sign.start(), sign.end()) for sign in signs.finditer(kept)
                   if not any(begin <= sign.start() < end for begin, end in meant)]
    parts: list[str] = []
    at = 0
    for start, end in sorted(found_signs + [(link.start, link.end) for link in found if not link.scheme]):
        if start < at:
            continue  # in the word just set as code
        # The word, but never a meant link beside it nor what joins them ("https://a.org,setup.py": Telegram
        # makes two links of it).
        after_link = max([-1, *(link_end for _, link_end in meant if link_end <= start)])
        word = WORD_BEFORE.search(kept, max(at, after_link), start)
        begin = (word.start() if word else start)
        if begin == after_link and (joining := JOINING.match(kept, begin, start)):
            begin = joining.end()
        begin += len(opening[0]) if (opening := WORD_OPENING.match(kept, begin)) else 0
        end = _word_end(kept, begin, start, end, min([len(kept), *(link for link, _ in meant if link >= end)]))
        parts += [esc(kept[at:begin], None), f"<code>{esc(kept[begin:end], None)}</code>"]
        at = end
    return "".join([*parts, esc(kept[at:], None)])


def _word_end(text: str, begin: int, start: int, end: int, before: int) -> int:
    """Where the word holding the entity at ``start`` ends, its closing punctuation left out but a bracket it
    opened ("model.to(device)"); ``before`` a meant link, what joins it to the word left out too."""
    rest = WORD_REST.match(text, start, before)
    end = max(end, rest.end() if rest else 0)
    while end < len(text) and (closing := CLOSES.get(text[end])) and \
            text.count(closing, begin, end) > text.count(text[end], begin, end):
        end += 1
    return end


def named(text: str, limit: int | None = PIECE_LIMIT) -> str:
    """A text that shows people's names (as they typed them), as esc() makes it but with nothing Telegram makes
    an entity of in it: a first name "@someone" shown in a group would notify that member each time,
    "example.com" be a link the bot seems to offer, "/start" a command sent as whoever clicks it. It reads the
    same. ``limit`` counts the name's own characters: it is cut first, so that no joiner costs it a letter, and
    the joiners come on top, as many as it has characters at most (Telegram counts them, shows none)."""
    kept = text if limit is None else shorten(text, limit)
    return esc(DIGIT_RUN.sub(_no_card, ENTITY_SIGN.sub(WORD_JOINER, kept)), None)


def unlinked(text: str, limit: int | None = PIECE_LIMIT) -> str:
    """A notice, as esc() makes it but with no mention or link in it: it may say back what someone typed ("There
    is no quiz called “@victim”."), which must not notify or link anyone in the bot's name. The bot's own commands
    in it ("Start one with /game.") stay commands."""
    return esc(MENTION_OR_LINK_SIGN.sub(WORD_JOINER, text), limit)


def _no_card(run: regex.Match[str]) -> str:
    digits = sum(character.isdigit() for character in run[0])
    return DIGIT_ENDS.sub(WORD_JOINER, run[0]) if digits >= CARD_DIGITS else run[0]


def said(text: str, limit: int | None = PIECE_LIMIT) -> str:
    """The bot's own sentence with content in it ("Quiz finished: {title}", a game's "the answer is B. {option}"):
    what Telegram would link, mention or tag in it set in code as content() sets it, so that a title reads the same
    wherever it is shown; the bot's commands in it ("send /review after the game") stay commands to tap."""
    return content(text, limit, signs=SAID_ENTITY)


Shown = Callable[[str, int | None], str]


def bold(text: str, limit: int | None = PIECE_LIMIT, shown: Shown = esc) -> str:
    """``text`` in bold, made safe by ``shown``: content() for content, said() for a sentence holding some."""
    return f"<b>{shown(text, limit)}</b>"


def italic(text: str, limit: int | None = PIECE_LIMIT, shown: Shown = esc) -> str:
    return f"<i>{shown(text, limit)}</i>"


def shown_length(text: str) -> int:
    """What Telegram counts against its limits: characters (code points) once tags are read and entities decoded."""
    return len(html.unescape(TAG.sub("", text)))


def pack(blocks: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Join HTML blocks with blank lines into as few messages as fit, measured as Telegram measures them. A block
    too long for one message goes on in the next: cut between lines, else between words, never inside a tag. A
    tag must close on the line it opens on (the renderers' texts have none), as a cut may fall after any line."""
    return _joined([block for block in blocks if block], "\n\n", limit, _lines)


def _lines(block: str, limit: int) -> list[str]:
    return _joined(block.split("\n"), "\n", limit, _cut)


def _joined(pieces: list[str], joiner: str, limit: int, smaller: Callable[[str, int], list[str]]) -> list[str]:
    """``pieces`` joined into as few parts of at most ``limit`` shown characters as hold them; a piece too long on
    its own is split by ``smaller`` first."""
    parts: list[str] = []
    current: str | None = None
    length = 0
    for piece in pieces:
        size = shown_length(piece)  # measured once: pack() runs for every message sent
        sized = [(piece, size)] if size <= limit else [(part, shown_length(part)) for part in smaller(piece, limit)]
        for part, part_size in sized:
            if current is not None and length + len(joiner) + part_size <= limit:
                current, length = f"{current}{joiner}{part}", length + len(joiner) + part_size
            else:
                parts += _kept(current)
                current, length = part, part_size
    return parts + _kept(current)


def _kept(part: str | None) -> list[str]:
    """A part as a message, unless it shows nothing (a blank line left at a cut, "<b> </b>"): Telegram refuses an
    empty one."""
    return [part] if part is not None and html.unescape(TAG.sub("", part)).strip() else []


def _cut(line: str, limit: int) -> list[str]:
    """One line too long for a message, in parts that fit: each cut at the last space that fits (dropped, as
    Telegram would trim it), else between two letters. A tag open at a cut is closed before it and opened again
    after it, so that every part parses."""
    tokens = TOKEN.findall(line)
    parts: list[str] = []
    reopen: list[str] = []  # the tags open where this part begins
    begin = 0
    while begin < len(tokens):
        stack, shown, at = reopen, 0, begin
        space: tuple[int, list[str]] | None = None
        while at < len(tokens) and (at == begin or shown + _size(tokens[at]) <= limit):
            token = tokens[at]
            shown += _size(token)
            if token.isspace() and at > begin:
                space = at, stack
            elif _is_tag(token):
                stack = stack[:-1] if token.startswith("</") else [*stack, token]
            at += 1
        end, open_at_end = (at, stack) if at == len(tokens) or space is None else space
        closing = "".join(f"</{_name(tag)}>" for tag in reversed(open_at_end))
        parts.append(_without_empty_elements("".join(reopen) + "".join(tokens[begin:end]) + closing))
        begin = end + 1 if end < len(tokens) and tokens[end].isspace() else end
        reopen = open_at_end
    return parts


def _without_empty_elements(part: str) -> str:
    """``part`` without the elements a cut emptied ("<b></b>", "<b> </b>": an empty bold, its tag split from its
    text), their spaces kept; nested ones too."""
    while (emptied := EMPTY_ELEMENT.sub(r"\2", part)) != part:
        part = emptied
    return part


def _size(token: str) -> int:
    return 0 if _is_tag(token) else 1 if token.startswith("&") and len(token) > 1 else len(token)


def _is_tag(token: str) -> bool:
    return len(token) > 1 and token.startswith("<")


def _name(tag: str) -> str:
    found = TAG_NAME.match(tag)
    return found[1] if found else ""
