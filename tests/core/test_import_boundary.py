"""The core stays free of platform and database libraries: adapters and storage/ depend on it, not the reverse."""

from __future__ import annotations

import ast
from pathlib import Path

import bot

LIBRARIES = {"telegram", "discord", "sqlalchemy", "aiosqlite", "asyncpg", "alembic"}
FORBIDDEN = LIBRARIES | {"adapters", "storage"}  # the core depends on nothing outside itself
PLATFORM_LIBRARIES = {"telegram", "discord"}
BOT_DIR = Path(bot.__file__).resolve().parent
ADAPTERS_DIR = BOT_DIR.parent / "adapters"


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """Every absolute module an import statement names, with its line."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def offenders(files: list[Path], forbidden: set[str]) -> list[str]:
    return [
        f"{path.relative_to(BOT_DIR.parent)}:{line} imports {module}"
        for path in files
        for line, module in imported_modules(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        if module.split(".")[0] in forbidden
    ]


def test_the_core_imports_no_platform_or_database_library_nor_the_layers_around_it() -> None:
    files = sorted(BOT_DIR.rglob("*.py"))
    assert len(files) > 10, "the walk should see the whole core"
    assert offenders(files, FORBIDDEN) == []


def test_platform_specs_and_the_registry_import_no_platform_library() -> None:
    # Module-level imports only: a spec's build() imports its library when the platform is used.
    files = [*sorted(ADAPTERS_DIR.glob("*/spec.py")), ADAPTERS_DIR / "platforms.py", ADAPTERS_DIR / "platform.py"]
    assert len(files) >= 4
    top_level = [path for path in files if offenders_at_module_level(path, PLATFORM_LIBRARIES)]
    assert top_level == []


def offenders_at_module_level(path: Path, forbidden: set[str]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = [alias.name for node in tree.body if isinstance(node, ast.Import) for alias in node.names]
    names += [node.module for node in tree.body if isinstance(node, ast.ImportFrom) and node.module]
    return [name for name in names if name.split(".")[0] in forbidden]


def test_the_boundary_check_notices_a_forbidden_import() -> None:
    tree = ast.parse("import os\nfrom sqlalchemy.orm import Session\nimport discord.ext, json\nfrom . import x\n")
    names = [module for _, module in imported_modules(tree)]
    assert [name for name in names if name.split(".")[0] in FORBIDDEN] == ["sqlalchemy.orm", "discord.ext"]
