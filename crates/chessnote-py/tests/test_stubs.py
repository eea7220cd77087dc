"""The type stubs and the module agree: every name, class member and
function parameter the stubs declare exists, and the module has nothing
public the stubs leave out."""

import ast
import inspect
from pathlib import Path

import chessnote
import chessnote._chessnote as native

STUB = Path(__file__).resolve().parent.parent / "python" / "chessnote" / "_chessnote.pyi"


def stub_tree():
    return ast.parse(STUB.read_text())


def declared():
    """Top-level names, and each class's members, the stubs declare."""
    names, members = set(), {}
    for node in stub_tree().body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
            members[node.name] = {
                n.name if not isinstance(n, ast.AnnAssign) else n.target.id
                for n in node.body
                if isinstance(n, (ast.FunctionDef, ast.AnnAssign))
            }
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names, members


def test_every_declared_name_exists():
    names, members = declared()
    names -= {"Source", "IntoSquareSet"}  # type aliases of the stubs only
    missing = sorted(n for n in names if not hasattr(native, n))
    assert missing == []
    for cls, attrs in members.items():
        gone = sorted(a for a in attrs if not hasattr(getattr(native, cls), a))
        assert gone == [], cls


def test_nothing_public_is_undeclared():
    names, _ = declared()
    public = {n for n in dir(native) if not n.startswith("_")}
    assert sorted(public - names) == []
    assert set(chessnote.__all__) <= public | {"__version__"}


def test_function_parameters_match():
    for node in stub_tree().body:
        if not isinstance(node, ast.FunctionDef):
            continue
        declared_params = [a.arg for a in node.args.args + node.args.kwonlyargs]
        actual = list(inspect.signature(getattr(native, node.name)).parameters)
        assert actual == declared_params, node.name
