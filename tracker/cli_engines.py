"""The `--engine` and `--master` options of `tracker import`, `audit` and `stats`."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer


class Engine(StrEnum):
    """What runs `tracker import`, `audit` and `stats`: this machine, or Apache Spark."""

    ONE_MACHINE = "one-machine"
    SPARK = "spark"


EngineOption = Annotated[
    Engine,
    typer.Option(
        "--engine",
        help="one-machine, or spark: the work on the executors of a Spark cluster "
        "(pip install 'hilo-tracker[spark]'; docs/scaling.md).",
    ),
]
MasterOption = Annotated[
    str,
    typer.Option(
        "--master",
        metavar="URL",
        help="The Spark master of --engine spark: local[*], local[N], spark://HOST:7077, yarn.",
    ),
]
