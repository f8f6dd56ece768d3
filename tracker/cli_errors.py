"""Usage errors of the `tracker` command as one line, without a box or a traceback.

Typer shows a mistake in the command line (a path that does not exist, a `--since` that is
not a date, an unknown option) as a framed panel of several lines; a script reading
standard error, and a user, want one line that says what is wrong, as every other user
error of the tracker gives: `error: <what>` and exit status 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from typer import Abort

# typer 0.28 carries its own copy of click (the versions before it depend on click)
from typer._click.exceptions import ClickException, NoArgsIsHelpError
from typer.core import TyperGroup


def one_line(message: str) -> str:
    """`message` on one line: its lines joined, runs of blanks made one.

    >>> one_line("Invalid value for '--since': 'May 1' does not match\\n the formats")
    "Invalid value for '--since': 'May 1' does not match the formats"
    """
    return " ".join(message.split())


class OneLineErrorsGroup(TyperGroup):
    """The command group of `tracker`: its usage errors are one line on standard error
    (`error: ...`) and exit status 2; help, and everything else, as typer does it."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command; in standalone mode (a user's shell), show a usage error as
        one line and exit with its status."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            status = super().main(
                args, prog_name, complete_var, False, windows_expand_args, **extra
            )
        except NoArgsIsHelpError as error:  # `tracker` alone: the help, as before
            error.show()
            sys.exit(error.exit_code)
        except ClickException as error:
            print(f"error: {one_line(error.format_message())}", file=sys.stderr)
            sys.exit(error.exit_code)
        except Abort:
            print("aborted", file=sys.stderr)
            sys.exit(1)
        sys.exit(status if isinstance(status, int) else 0)
