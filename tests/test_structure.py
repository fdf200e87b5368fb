"""The package's shape: no module of ``uno_tui`` imports another in a circle, counting the
imports hidden inside functions (only those for type checking alone are left out: they never
run), and the layers of the design (``docs/architecture.md``) hold: the engine, bots and
narration import no screen library, the engine nothing else of uno-tui."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from .test_engine_structure import find_cycle

PACKAGE = Path(__file__).resolve().parent.parent / "uno_tui"


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", "")
            if name == "TYPE_CHECKING":
                skipped.update(id(inner) for part in node.body for inner in ast.walk(part))
    return skipped


def imported_names(path: Path, module: str) -> set[str]:
    """Every module name ``path`` (the module ``module``) imports, wherever the import stands:
    at the top, inside a function or a class, under a ``try``; ``from x import y`` names both
    ``x`` and ``x.y`` (``y`` may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_only(tree)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package[: len(package) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of the package under ``root`` and the modules of that package it imports.
    A package's ``__init__`` and its own modules are left out of each other's imports: it
    re-exports them, and they import it as the package they belong to."""
    paths = {module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        edges: set[str] = set()
        for name in imported_names(path, module):
            known = name
            while known and known not in paths:
                known = known.rpartition(".")[0]
            if not known or known == module:
                continue
            if module.startswith(known + ".") or known.startswith(module + "."):
                continue
            edges.add(known)
        graph[module] = edges
    return graph


def test_no_module_of_the_package_imports_another_in_a_circle() -> None:
    graph = import_graph()
    # The parse sees the package whole, and the imports inside functions.
    assert {
        "uno_tui.match.session",
        "uno_tui.store.files",
        "uno_tui.net.host",
        "uno_tui.tui.app",
    } <= set(graph)
    assert "uno_tui.store.files" in graph["uno_tui.store.archive"]
    cycle = find_cycle(graph)
    assert cycle is None, "uno_tui's modules import each other in a circle: " + " -> ".join(cycle)


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root / "pkg"


def test_a_circle_hidden_inside_a_function_is_found(tmp_path: Path) -> None:
    """The circle archive -> saves -> session -> archive that this test was written for: the
    last import stood inside a method."""
    package = _package(
        tmp_path,
        {
            "__init__.py": "",
            "archive.py": "def data():\n    from pkg.saves import data_dir\n",
            "saves.py": "from pkg.session import Session\n",
            "session.py": """
                class Session:
                    def keep(self):
                        from .archive import keep_match
            """,
        },
    )
    cycle = find_cycle(import_graph(package))
    assert cycle == ["pkg.archive", "pkg.saves", "pkg.session", "pkg.archive"]


def test_imports_for_type_checking_alone_make_no_circle(tmp_path: Path) -> None:
    package = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from pkg import b\n",
            "b.py": """
                from typing import TYPE_CHECKING
                if TYPE_CHECKING:
                    from pkg.a import A
            """,
            "sub/__init__.py": "from .c import C\n",
            "sub/c.py": "from pkg.sub import helper\nfrom ..a import x\n",
        },
    )
    graph = import_graph(package)
    assert graph["pkg.b"] == set()
    assert graph["pkg.sub"] == set()  # its own module: not an edge
    assert graph["pkg.sub.c"] == {"pkg.a"}
    assert find_cycle(graph) is None


LAYERS_WITHOUT_SCREENS = ("uno_tui.engine", "uno_tui.bots", "uno_tui.narration")
SCREEN_LIBRARIES = ("textual", "rich")


@pytest.mark.parametrize("layer", LAYERS_WITHOUT_SCREENS)
def test_the_engine_bots_and_narration_import_no_screen_library(layer: str) -> None:
    for path in sorted((PACKAGE.parent / layer.replace(".", "/")).rglob("*.py")):
        module = module_name(path, PACKAGE)
        for name in imported_names(path, module):
            top = name.partition(".")[0]
            assert top not in SCREEN_LIBRARIES, f"{module} imports {name}"


def test_the_engine_imports_nothing_else_of_uno_tui() -> None:
    graph = import_graph()
    for module, imported in graph.items():
        if module.startswith("uno_tui.engine"):
            outside = {name for name in imported if not name.startswith("uno_tui.engine")}
            assert not outside, f"{module} imports {sorted(outside)}"


def test_the_file_helpers_import_nothing_else_of_uno_tui() -> None:
    """``files.py`` sits under saves, archive and session (and whatever else keeps files)."""
    assert import_graph()["uno_tui.store.files"] == set()
    graph = import_graph()
    for module in ("uno_tui.store.saves", "uno_tui.store.archive"):
        assert "uno_tui.store.files" in graph[module]


HOUSE = (
    ("uno_tui.__main__",),
    ("uno_tui.cli",),
    ("uno_tui.tui",),
    ("uno_tui.plain", "uno_tui.net"),
    ("uno_tui.store",),
    ("uno_tui.match", "uno_tui.sim"),
    ("uno_tui.bots", "uno_tui.narration"),
    ("uno_tui.engine",),
    ("uno_tui.seats", "uno_tui.intervals", "uno_tui.signals", "uno_tui.text", "uno_tui.program"),
)
"""The house of ``uno_tui``, top floor first (``docs/architecture.md``): a part imports
only parts on lower floors, never one beside it or above. The front ends and the network sit
over the store (saves, kept matches, statistics), which writes the match running below it
(a session knows only the ``Saver`` it is handed); the match and the simulator run bots and
words over the engine; the leaves (seats and level names, intervals, signals, text) import
nothing of uno_tui."""


def floor_of(module: str) -> tuple[int, str]:
    for floor, parts in enumerate(HOUSE):
        for part in parts:
            if module == part or module.startswith(part + "."):
                return floor, part
    raise AssertionError(f"{module} stands on no floor of the house: add it to HOUSE")


def test_every_import_goes_down_the_house_never_up_or_sideways() -> None:
    graph = import_graph()
    wrong = []
    for module, imported in graph.items():
        if module == "uno_tui":
            continue
        floor, part = floor_of(module)
        for name in imported:
            if name == "uno_tui":
                continue
            other_floor, other_part = floor_of(name)
            if other_part != part and other_floor <= floor:
                wrong.append(f"{module} -> {name}")
    assert not wrong, "imports that go up or sideways: " + ", ".join(sorted(wrong))


def test_the_house_knows_a_wrong_arrow_when_it_sees_one() -> None:
    assert floor_of("uno_tui.match.session") < floor_of("uno_tui.bots.hard")
    assert floor_of("uno_tui.store.saves")[0] < floor_of("uno_tui.match.session")[0]
    assert floor_of("uno_tui.plain.lines")[0] == floor_of("uno_tui.net.host")[0]
    with pytest.raises(AssertionError, match="no floor"):
        floor_of("uno_tui.nowhere")


def test_the_level_names_leaf_names_the_bots_levels() -> None:
    from uno_tui.bots import LEVELS
    from uno_tui.seats import BOT_LEVELS

    assert tuple(LEVELS) == BOT_LEVELS
