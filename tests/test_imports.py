"""The package's import graph: no module imports another's private names, no cycle, and no import
that runs up the declared layers (`LAYERS`), counting the imports inside functions too (a lazy
import that closes a cycle is a cycle all the same) and a package's `__init__` as imported by
whoever imports a module inside it (Python runs it first)."""

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
    for source, targets in edges.items():  # importing a.b.c runs a/__init__ and a/b/__init__
        within = {".".join(source.split(".")[:k]) for k in range(1, source.count(".") + 2)}
        for target in list(targets):  # first, unless the importer is inside them (they ran)
            parts = target.split(".")
            targets.update({".".join(parts[:k]) for k in range(2, len(parts))} - within)
    return edges, private


# The layers, lowest first: a module may import from its own layer and those below, never from
# one above. A module's layer is that of the longest prefix listed (docs/code-map.md says why
# each module sits where it does).
LAYERS: dict[str, float] = {
    # cards, rules, words, threads: no tables read
    "pokerlut._cards": 0,
    "pokerlut.folders": 0,
    "pokerlut._names": 0,
    "pokerlut._languages": 0,
    "pokerlut.lang": 0,
    "pokerlut.rules": 0,
    "pokerlut._parallel": 0,
    "pokerlut._warmup": 0,  # the `Job` type each subsystem declares its warm-up calls with
    "pokerlut._deprecation": 0,  # old names kept one release: warnings alone
    "pokerlut._docs": 0,  # the parameter texts docstrings share: text alone
    "pokerlut.distributed": 0,
    # the numba kernels and what they read
    "pokerlut._kernels": 1,
    "pokerlut.kernels": 1,  # the public names of some of them
    "pokerlut.convert": 1,
    "pokerlut._analysis.made_kernel": 1,
    # the tables' loader, and what is made from the tables alone
    "pokerlut._tables": 2,
    "pokerlut.build": 2,
    "pokerlut._gpu": 2,  # its __init__ imports nothing
    "pokerlut._gpu._device": 2,
    "pokerlut.italian": 2,
    # games: a ranking and its tables as one value, one hand at a time
    "pokerlut._game": 3,
    "pokerlut._one_hand": 3,
    "pokerlut._gpu.batch": 4,
    "pokerlut._gpu.warmup": 4,  # the GPU's warm-up calls, through the wrappers
    # the wrappers (evaluate, describe, stats, video poker, abstraction) and equity's engines
    "pokerlut": 4,
    "pokerlut._equity": 4,
    "pokerlut._gpu.equity": 4.5,  # the board engines on the GPU
    "pokerlut._equity.showdowns": 4.6,  # each engine as equity runs it, CPU or GPU
    "pokerlut._equity.front": 4.7,  # equity(), the front door
    "pokerlut._equity.warmup": 4.8,  # the engines' warm-up calls, through the front door
    # what is built on equity
    "pokerlut._analysis": 5,
    "pokerlut._history": 5,  # hand histories: all-in EV over equity
    "pokerlut._gpu.matrix": 5,
    "pokerlut.matrix": 5,
    # the command line, and the warm-up that runs every kernel
    "pokerlut._warm": 6,
    "pokerlut.cli": 6,
    "pokerlut.__main__": 6,
}


def layer(module: str) -> float:
    parts = module.split(".")
    return next(LAYERS[p] for k in range(len(parts), 0, -1) if (p := ".".join(parts[:k])) in LAYERS)


def imports_up(edges: dict[str, set[str]]) -> list[str]:
    """Every import that runs up the layers (the root package, which imports the API, left out)."""
    return sorted(
        f"{source} ({layer(source)}) imports {target} ({layer(target)})"
        for source, targets in edges.items()
        if source != "pokerlut"
        for target in targets
        if target != "pokerlut" and layer(target) > layer(source)
    )


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
    assert "pokerlut._equity" in edges["pokerlut._analysis.common"]  # a package's __init__ runs
    assert "pokerlut._equity" not in edges["pokerlut._equity.draw.setup"]  # unless already run
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_no_module_imports_another_modules_private_names():
    assert imports()[1] == []


def test_the_import_graph_has_no_cycle():
    assert cycle(imports()[0]) is None


def test_every_module_has_a_layer_and_no_import_runs_up():
    edges, _ = imports()
    assert {module: layer(module) for module in edges}  # every module found a layer
    assert imports_up(edges) == []
    assert imports_up({"pokerlut._kernels.core": {"pokerlut._game"}}) == [
        "pokerlut._kernels.core (1) imports pokerlut._game (3)"
    ]
