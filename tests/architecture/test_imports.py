"""The layout's rules on imports (STYLE.md): imports point one way, with no cycle among
the project's modules, and no parser imports the store, the audit, the stats or the CLI.

Every import counts: at the top of a module, under `if TYPE_CHECKING:` and inside
functions alike.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("tracker", "parsers")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def imports_of(path: Path, name: str, known: set[str]) -> set[str]:
    """The project modules `path` imports (a name imported from a package counts as the
    package's module when it is one)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {module for module in found if module in known and module != name}


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    modules = project_modules()
    known = set(modules)
    return {name: imports_of(path, name, known) for name, path in modules.items()}


def test_no_import_cycle(graph: dict[str, set[str]]) -> None:
    # A package's __init__ importing its own modules is not a cycle of the layout: a
    # module's import of the package it lives in is left out.
    def own_package(module: str, imported: str) -> bool:
        return module.startswith(imported + ".")

    edges = {name: {m for m in found if not own_package(name, m)} for name, found in graph.items()}
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for imported in sorted(edges[name]):
            if state.get(imported) == 1:
                cycles.append([*path[path.index(imported) :], imported])
            elif imported not in state:
                visit(imported, [*path, imported])
        state[name] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name, [name])
    assert cycles == []


def test_parsers_import_neither_the_store_nor_what_reads_it(graph: dict[str, set[str]]) -> None:
    forbidden = ("tracker.store", "tracker.audit", "tracker.stats", "tracker.cli",
                 "tracker.importer", "tracker.report")  # fmt: skip
    found = {
        name: sorted(m for m in imports if m.startswith(forbidden))
        for name, imports in graph.items()
        if name.startswith("parsers")
    }
    assert {name: found[name] for name in found if found[name]} == {}
