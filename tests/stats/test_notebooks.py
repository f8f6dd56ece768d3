"""Every notebook runs from top to bottom on the bundled sample and ends with a plot."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
NAMES = ("session_review", "audit_walkthrough", "positions_and_scoops")


@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs(name: str) -> None:
    path = NOTEBOOKS / f"{name}.ipynb"
    book = nbformat.read(path, as_version=4)
    # Committed without outputs: what is run here is what a reader starts from.
    assert all(not cell.get("outputs") for cell in book.cells if cell.cell_type == "code")
    client = NotebookClient(book, kernel_name="python3", timeout=300,
                            resources={"metadata": {"path": str(NOTEBOOKS)}})  # fmt: skip
    client.execute()  # raises CellExecutionError when a cell fails
    last = next(cell for cell in reversed(book.cells) if cell.cell_type == "code")
    assert any("image/png" in output.get("data", {}) for output in last.outputs)
