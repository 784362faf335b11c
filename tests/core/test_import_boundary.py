"""The core stays free of platform and database libraries: adapters and storage/ depend on it, not the reverse."""

from __future__ import annotations

import ast
from pathlib import Path

import bot

FORBIDDEN = {"telegram", "discord", "sqlalchemy", "aiosqlite", "asyncpg", "alembic"}
BOT_DIR = Path(bot.__file__).resolve().parent


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """Every absolute module an import statement names, with its line."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def test_the_core_imports_no_platform_or_database_library() -> None:
    files = sorted(BOT_DIR.rglob("*.py"))
    assert len(files) > 10, "the walk should see the whole core"
    offenders = [
        f"{path.relative_to(BOT_DIR.parent)}:{line} imports {module}"
        for path in files
        for line, module in imported_modules(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        if module.split(".")[0] in FORBIDDEN
    ]
    assert offenders == [], "\n".join(offenders)


def test_the_boundary_check_notices_a_forbidden_import() -> None:
    tree = ast.parse("import os\nfrom sqlalchemy.orm import Session\nimport discord.ext, json\nfrom . import x\n")
    names = [module for _, module in imported_modules(tree)]
    assert [name for name in names if name.split(".")[0] in FORBIDDEN] == ["sqlalchemy.orm", "discord.ext"]
