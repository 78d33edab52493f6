"""What the phone tests share: the 3-table Mitchell's section and its tables' links."""

import pytest

from events.phone import links as table_links


@pytest.fixture
def section(mitchell_session):
    return mitchell_session.sections.get()


@pytest.fixture
def links(section):
    return {link.table: link for link in table_links.ensure_links(section)}
