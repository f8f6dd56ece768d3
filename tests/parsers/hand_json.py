"""A parsed hand as plain JSON, for the goldens."""

from __future__ import annotations

import dataclasses
import enum
from datetime import datetime
from typing import Any

from tracker.cards import Card


def to_json(value: Any) -> Any:
    """The parsed content in plain JSON: cards as text, enums as values, times in ISO."""
    if isinstance(value, Card):
        return value.text
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, datetime):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: to_json(getattr(value, field.name)) for field in dataclasses.fields(value)
        }
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    return value
