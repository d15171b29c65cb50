"""The package's import graph: no module imports another's private names, and no cycle, counting
the imports inside functions too (a lazy import that closes a cycle is a cycle all the same)."""

import ast
from pathlib import Path

import pokerlut

ROOT = Path(pokerlut.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    path = ROOT.parent / name.replace(".", "/")
    return path.with_suffix(".py").exists() or path.is_dir()


def imports() -> tuple[dict[str, set[str]], list[str]]:
    """Every module's relative imports (module -> modules), and the private names imported."""
    edges: dict[str, set[str]] = {}
    private = []
    for path in sorted(ROOT.rglob("*.py")):
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        edges[name] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.ImportFrom) and node.level):
                continue
            parts = package.split(".")
            source = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            for alias in node.names:
                if is_module(f"{source}.{alias.name}"):
                    edges[name].add(f"{source}.{alias.name}")
                    continue
                edges[name].add(source)
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    private.append(f"{name} imports {alias.name} from {source}")
    return edges, private


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle among the modules (the root package, which imports the API, left out)."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        if name in path:
            return path[path.index(name) :] + [name]
        if name in done:
            return None
        path.append(name)
        for target in sorted(edges.get(name, ())):
            if target != "pokerlut" and (found := visit(target)):
                return found
        path.pop()
        done.add(name)
        return None

    return next((found for name in sorted(edges) if (found := visit(name))), None)


def test_the_graph_is_read():
    edges, _ = imports()
    assert "pokerlut._game" in edges["pokerlut._evaluate"]
    assert "pokerlut._kernels.core" in edges["pokerlut._kernels.batch"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_no_module_imports_another_modules_private_names():
    assert imports()[1] == []


def test_the_import_graph_has_no_cycle():
    assert cycle(imports()[0]) is None
