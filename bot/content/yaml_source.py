"""Reading YAML strictly: syntax errors carry line numbers, and a key written twice is an error."""

from __future__ import annotations

from typing import Any

import yaml


class YamlProblem(Exception):
    """A YAML file that can't be read; the message names the line."""


class _StrictLoader(yaml.SafeLoader):
    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} is written twice", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def read_yaml(text: str) -> Any:
    """Parse YAML text, raising YamlProblem with a 1-based line number."""
    try:
        return yaml.load(text, Loader=_StrictLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        raise YamlProblem(f"{where}{problem}") from error
