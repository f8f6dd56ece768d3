"""Money as the sites write it, read into integers of the smallest unit.

Sites write amounts with a currency symbol before or after ("$1.50", "1,50€", "€ 2"),
a currency code ("0.25 USD", "[$4 USD]"), thousands separators ("1,500", "1.500,25",
"1 500") and a decimal point or comma. `Money` reads every one of these exactly (never
through a float) for one site's convention of the decimal mark.

>>> Money(decimals=2)("$1,234.50 USD")
123450
>>> Money(decimals=2, decimal_comma=True)("1.234,5€")
123450
>>> Money(decimals=0)("1,500")
1500
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from parsers._base.text import to_minor_units

_DECORATION = re.compile(r"^[\s(\[]*(?:[A-Z]{3}\s*)?[$€£₹]?\s*|\s*[$€£₹]?\s*(?:[A-Z]{3})?[\s)\]]*$")
_GROUPED_COMMA = re.compile(r"^\d{1,3}(?:[ .\u00a0]\d{3})+(?:,\d+)?$")


@dataclass(slots=True)
class Money:
    """Reads one site's amounts.

    Attributes:
        decimals: the digits of the smallest unit (2: cents; 0: chips).
        decimal_comma: True when the site writes "0,25" for a quarter (and "." or a
            space between thousands).
    """

    decimals: int
    decimal_comma: bool = False
    _cache: dict[str, int] = field(default_factory=dict, repr=False)

    def __call__(self, text: str) -> int:
        """The amount `text` in the smallest unit.

        Raises:
            ValueError: not an amount, or finer than the unit.
        """
        value = self._cache.get(text)
        if value is None:
            value = self._read(text)
            if len(self._cache) > 10_000:
                self._cache.clear()
            self._cache[text] = value
        return value

    def _read(self, text: str) -> int:
        number = _DECORATION.sub("", text)
        if self.decimal_comma:
            if _GROUPED_COMMA.match(number):
                number = re.sub(r"[ .\u00a0]", "", number)
            number = number.replace(",", ".")
        else:
            number = number.replace(" ", "").replace("\u00a0", "")
        if not number:
            raise ValueError(f"not an amount: {text!r}")
        return to_minor_units(number, decimals=self.decimals)
