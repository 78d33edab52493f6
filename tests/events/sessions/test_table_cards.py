"""The table cards' module builds cards from a movement and the links it is given: it imports
nothing that imports it back. It used to reach into the table links' module, which builds on
the cards, and made the links from there, on a page anyone may read."""

import ast
import importlib.util

import pytest

from events.sessions.table_cards import table_cards
from scoring import mitchell


def events_imports(module: str) -> set[str]:
    """The modules of `events` that `module` imports, at its top or inside a function."""
    spec = importlib.util.find_spec(module)
    package = module if spec.submodule_search_locations else module.rpartition(".")[0]
    found = set()
    with open(spec.origin) as source:
        tree = ast.parse(source.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    [
                        *package.split(".")[: len(package.split(".")) - node.level + 1],
                        *([base] if base else []),
                    ]
                )
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] == "events" and _is_module(name)}


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # a name imported from a module, not a module
        return False


def reached_from(module: str) -> set[str]:
    reached, waiting = set(), [module]
    while waiting:
        for name in events_imports(waiting.pop()) - reached:
            reached.add(name)
            waiting.append(name)
    return reached


def test_the_table_cards_import_nothing_that_imports_them():
    assert "events.sessions.table_cards" in reached_from(
        "events.phone.table_round"
    )  # it builds on them
    assert "events.phone.table_round" not in reached_from("events.sessions.table_cards")
    assert "events.phone.links" not in reached_from("events.sessions.table_cards")
    assert "events.sessions.table_cards" not in reached_from("events.sessions.table_cards")


@pytest.mark.django_db
def test_the_cards_are_built_without_the_database(mitchell_session, django_assert_num_queries):
    section = mitchell_session.sections.get()
    with django_assert_num_queries(0):
        cards = table_cards(section, mitchell(3, 2))
    assert [card.table for card in cards] == [1, 2, 3] and all(c.link is None for c in cards)
