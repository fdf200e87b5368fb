"""The engine's shape: modules a newcomer can read, importing each other without a circle."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "uno_tui" / "engine"
LONGEST_MODULE = 450


def engine_imports() -> dict[str, set[str]]:
    """For each engine module, the engine modules it imports anywhere in its text (at the top,
    inside a function, or for type checking only)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1 and node.module:
                    imported.add(node.module.split(".")[0])
                elif node.level == 1:  # from . import a, b
                    imported.update(alias.name for alias in node.names)
                elif node.module and node.module.startswith("uno_tui.engine."):
                    imported.add(node.module.split(".")[2])
        graph[path.stem] = imported - {path.stem}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A list of modules that import each other in a circle, or None."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done or module not in graph:
            return None
        for imported in sorted(graph[module]):
            cycle = visit(imported, [*path, module])
            if cycle:
                return cycle
        done.add(module)
        return None

    for module in sorted(graph):
        cycle = visit(module, [])
        if cycle:
            return cycle
    return None


def test_engine_modules_import_each_other_without_a_circle() -> None:
    graph = engine_imports()
    assert "game" in graph and "state" in graph["game"]  # the parse sees the imports
    cycle = find_cycle(graph)
    assert cycle is None, "engine modules import each other in a circle: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_a_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_engine_module_is_longer_than_a_reader_holds() -> None:
    lengths = {
        path.name: len(path.read_text(encoding="utf-8").splitlines())
        for path in ENGINE.glob("*.py")
    }
    too_long = {name: lines for name, lines in lengths.items() if lines > LONGEST_MODULE}
    assert not too_long, f"engine modules over {LONGEST_MODULE} lines: {too_long}"


def test_game_is_a_facade_over_the_state() -> None:
    from uno_tui.engine import Game
    from uno_tui.engine.state import State

    own = {name for name in vars(Game) if not name.startswith("__")}
    assert issubclass(Game, State)
    assert {"decisions", "check", "apply", "view", "record"} <= own
    assert len(own) <= 12, f"Game grew past a facade: {sorted(own)}"
