"""Every Python block of docs/PYTHON.md runs as it stands, from the repository root."""
import os
import re

import pytest

SOURCE = os.environ.get("DJAMBI_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
with open(os.path.join(SOURCE, "docs", "PYTHON.md"), encoding="utf-8") as f:
    BLOCKS = re.findall(r"```python\n(.*?)```", f.read(), flags=re.S)


def test_the_page_has_its_examples():
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_block_runs(index, monkeypatch):
    monkeypatch.chdir(SOURCE)
    exec(compile(BLOCKS[index], f"docs/PYTHON.md block {index + 1}", "exec"), {"__name__": "__doc__"})
