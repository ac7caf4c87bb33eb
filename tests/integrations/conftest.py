"""The integrations group: optional frameworks, skipped only where their extra is not installed.

CI installs every extra (``pip install -e ".[test,integrations]"``), so this group always runs there.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "integrations" in item.nodeid:
            item.add_marker(pytest.mark.integrations)
