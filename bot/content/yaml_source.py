"""Reading YAML strictly: syntax errors carry line numbers, and a key written twice is an error."""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import Any

import yaml

from bot.content.file_reading import MAX_FILE_BYTES
from bot.said import N_, Count, Said, as_is, said

BOOL_TAG = "tag:yaml.org,2002:bool"
# YAML 1.2's booleans. YAML 1.1 (PyYAML's default) also reads yes, no, on and off as booleans, so an option
# written `en: No` became False and was refused as "not a valid string", and an id `no` the same.
BOOLEANS = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")

# A quiz file nests about six levels deep; far deeper is a mistake or an attack on the parser's stack and time.
MAX_DEPTH = 100
# What aliases may add to a file, counted in characters of text: each `*name` is what `&name` anchors again, so a
# small file could stand for gigabytes ("billion laughs") that the checks would read copy by copy, holding /reload.
# Any file that reuses a text or two stays far below what a file may hold.
MAX_ALIASED = MAX_FILE_BYTES


class YamlProblem(Exception):
    """A YAML file that can't be read; ``reason`` names the line (the message too, in English), and ``reasons``
    every one found (several keys written twice), ``reason`` first."""

    def __init__(self, reason: Said, *more: Said) -> None:
        super().__init__(reason.english())
        self.reason = reason
        self.reasons = (reason, *more)


class _Refused(yaml.MarkedYAMLError):
    """The strict loader's own refusal, with its sentence for whoever reads it (PyYAML's own errors have words only
    in English)."""

    def __init__(self, sentence: Said, mark: yaml.Mark | None) -> None:
        super().__init__(None, None, sentence.english(), mark)
        self.sentence = sentence


class _StrictLoader(yaml.SafeLoader):
    # The base class's table with YAML 1.2's boolean rule in place of YAML 1.1's.
    yaml_implicit_resolvers = {  # noqa: RUF012 (PyYAML's own class-level table, as in its base class)
        first: [(tag, pattern) for tag, pattern in resolvers if tag != BOOL_TAG]
        + ([(BOOL_TAG, BOOLEANS)] if first in "tTfF" else [])
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._aliased = 0  # characters that aliases have repeated so far
        # By id() of a list or mapping node composed in full (the document's nodes live as long as this loader).
        self._sizes: dict[int, int] = {}
        self._composed: set[int] = set()
        # Each key written twice, by where it is: all are told, not one a reload (the file is read to its end).
        self.written_twice: list[tuple[int, Said]] = []

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:  # a key node or a place
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused(said(N_("nested more than {depth} levels deep"), depth=MAX_DEPTH),
                               self.peek_event().start_mark)
            if self.check_event(yaml.AliasEvent):
                self._count_alias()
                return super().compose_node(parent, index)
            node = super().compose_node(parent, index)
            self._composed.add(id(node))
            return node
        finally:
            self._depth -= 1

    def _count_alias(self) -> None:
        event = self.peek_event()  # the alias, not yet taken: the composer takes it
        node = self.anchors.get(event.anchor)
        if node is None:  # an undefined alias: the composer says so
            return
        self._aliased += self._size(node)
        if self._aliased > MAX_ALIASED:
            raise _Refused(said(N_("its aliases (*name) repeat what they name past {limit} characters"),
                                limit=Count(MAX_ALIASED)), event.start_mark)

    def _size(self, node: yaml.Node, within: frozenset[int] = frozenset()) -> int:
        """The characters of text under ``node``, each alias in it counted again; once per node, so nine aliases
        of nine aliases cost eighteen steps, not eighty-one. ``within``: the nodes being counted, around it."""
        if isinstance(node, yaml.ScalarNode):
            return len(node.value)
        known = self._sizes.get(id(node))
        if known is not None:
            return known
        # An anchor aliased inside itself (&a [*a]) is a loop, which no field accepts: what it holds is counted
        # once, not again at each alias (while it is composed, that would be every alias's items so far).
        if id(node) in within or id(node) not in self._composed:
            return 0
        items = node.value if isinstance(node, yaml.SequenceNode) else [part for pair in node.value for part in pair]
        size = self._sizes[id(node)] = 1 + sum(self._size(item, within | {id(node)}) for item in items)
        return size

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if not isinstance(key, Hashable):  # `[a]: 1` or `? [a, b]`: checked before `in seen` raises TypeError
                kind = (N_("a key must be a single value, not a mapping") if isinstance(key, dict)
                        else N_("a key must be a single value, not a list"))
                raise _Refused(said(kind), key_node.start_mark)
            if key in seen:
                self.written_twice.append((key_node.start_mark.index,
                                           said(N_("the key {key} is written twice"), key=repr(key))))
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


QUOTED = re.compile(r""""[^"]*"|'[^']*'""")
ENDS_QUOTED = re.compile(rf"(?:{QUOTED.pattern})$")


def read_yaml(text: str) -> Any:
    """Parse YAML text, raising YamlProblem with a 1-based line number."""
    loader: _StrictLoader | None = None
    try:
        loader = _StrictLoader(text)  # its reader checks the characters already
        data = loader.get_single_data()  # as yaml.load, which keeps its loader to itself
    except RecursionError as error:  # a backstop for MAX_DEPTH: the composer recurses once per level
        raise YamlProblem(said(N_("nested too deeply (lists or mappings inside each other)"))) from error
    except yaml.reader.ReaderError as error:
        line = _line(text, error.position)
        raise YamlProblem(said(N_("line {line}: the character {code} is not allowed in YAML"), line=line,
                               code=f"U+{error.character:04X}")) from error
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)  # PyYAML's words, kept as they are
        before = text[_line_start(text, mark.index):mark.index] if mark is not None else ""
        reason = error.sentence if isinstance(error, _Refused) else as_is(problem)
        reason = _hint(_begun(reason, error, text, mark), problem, before)
        if mark is not None:
            reason = said(N_("line {line}: {problem}"), line=_line(text, mark.index), problem=reason)
        raise YamlProblem(reason) from error
    finally:
        if loader is not None:
            loader.dispose()
    if loader.written_twice:
        raise YamlProblem(*(said(N_("line {line}: {problem}"), line=_line(text, index), problem=sentence)
                            for index, sentence in sorted(loader.written_twice, key=lambda twice: twice[0])))
    return data


# The line breaks an editor shows. PyYAML also counts NEL, U+2028 and U+2029 as line breaks (its marks' line), so
# after one pasted into a text every line it named was one too far down: lines are counted from the mark's index.
_LINE_BREAKS = re.compile(r"\r\n?|\n")


def _line(text: str, index: int) -> int:
    """The 1-based line, as an editor numbers it, of the character at ``index``."""
    return len(_LINE_BREAKS.findall(text, 0, index)) + 1


def _line_start(text: str, index: int) -> int:
    return max(text.rfind("\n", 0, index), text.rfind("\r", 0, index)) + 1


def _begun(reason: Said, error: yaml.YAMLError, text: str, mark: Any) -> Said:
    """Where what YAML was reading began, when that is an earlier line: an unclosed [, { or quote is found out only
    on a later line, and the author should look where it opened. (Not for block mappings: theirs is where the
    mapping began, often line 1, which says nothing.)"""
    context, begun = getattr(error, "context", None), getattr(error, "context_mark", None)
    if not context or begun is None or mark is None or not (
            "flow" in context or "quoted scalar" in context):
        return reason
    line = _line(text, begun.index)
    if line >= _line(text, mark.index):
        return reason
    # Translators: {context} is PyYAML's own words, as "while parsing a flow sequence".
    began = N_("{problem} ({context} that began on line {line})")
    return said(began, problem=reason, context=context, line=line)


def _hint(reason: Said, problem: str, before: str) -> Said:
    """What usually causes YAML's most common complaints in a hand-written quiz. ``before``: the line up to where
    YAML stopped."""
    if "'\\t'" in problem:
        return said(N_("{problem} (indent with spaces, not tabs)"), problem=reason)
    # Text after a closed quoted string on the same line: the quote was meant as part of the text. In a flow
    # mapping or list ({en: 'it's'}) YAML says it otherwise; there only right after the quote, as `{en: 'a' fr: b}`
    # (a comma left out) is told the same.
    if ("found '<scalar>'" in problem and QUOTED.search(before)) or (
            "but got '<scalar>'" in problem and ENDS_QUOTED.search(before)):
        return said(N_("{problem} (a quote inside a quoted text ends it early: write \\\" inside double quotes, "
                       "'' inside single ones, or quote the text with the other kind)"), problem=reason)
    return reason
