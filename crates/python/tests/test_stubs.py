"""The type stubs (`_scoresheet.pyi`) name what the module has, no more and no less, and
every public item has a docstring."""

import ast
import inspect
from pathlib import Path

from scoresheet import _scoresheet

STUBS = Path(__file__).resolve().parents[1] / "python" / "scoresheet" / "_scoresheet.pyi"


def stubbed():
    """The stub's top-level names, and each class's methods and properties."""
    tree = ast.parse(STUBS.read_text())
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
            members[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
    return names, members


def public(cls):
    return {n for n in vars(cls) if not n.startswith("_")}


def test_the_stubs_name_what_the_module_has():
    names, members = stubbed()
    module = {n for n in dir(_scoresheet) if not n.startswith("_")}
    assert names == module
    for name in module:
        item = getattr(_scoresheet, name)
        if inspect.isclass(item) and not issubclass(item, Exception):
            assert members[name] - {"__init__", "__iter__", "__next__"} == public(item), name


def test_every_public_item_has_a_docstring():
    for name in dir(_scoresheet):
        if name.startswith("_"):
            continue
        item = getattr(_scoresheet, name)
        assert (item.__doc__ or "").strip(), name
        if inspect.isclass(item) and not issubclass(item, Exception):
            for member in public(item):
                assert (getattr(item, member).__doc__ or "").strip(), f"{name}.{member}"
