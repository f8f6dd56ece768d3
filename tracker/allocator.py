"""The C allocator's settings for a long import.

The column-wise readers make and free arrays of megabytes for every chunk of a file. By
default glibc's malloc hands a freed block of more than 128 KiB back to the kernel (and
trims the top of its heap), so the next chunk's arrays fault their pages in again, one
page at a time. `hold_freed_memory` has malloc keep blocks of up to 32 MiB on its heap and
reuse them: a quarter fewer page faults and 2 to 3 % less CPU time in an import of 20,000
hands (docs/benchmarks.md, "Import"); the peak memory is unchanged, since the arrays of
one chunk are freed before the next chunk's are made.
"""

from __future__ import annotations

import ctypes
import sys

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
_HEAP_BLOCKS_UP_TO = 32 * 1024 * 1024  # glibc's largest mmap threshold on 64-bit
_TRIM_ABOVE = 1024 * 1024 * 1024


def hold_freed_memory() -> bool:
    """Keep freed memory on the heap for reuse, where the C library is glibc (Linux);
    returns whether the settings were taken. Elsewhere (macOS, Windows, musl) it does
    nothing: those allocators manage freed memory their own way."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(
        mallopt(_M_MMAP_THRESHOLD, _HEAP_BLOCKS_UP_TO) and mallopt(_M_TRIM_THRESHOLD, _TRIM_ABOVE)
    )
