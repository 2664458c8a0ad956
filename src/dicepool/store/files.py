"""Writing a small file so that a reader sees the old content or the new, never half of one."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path``: a temporary file beside it, flushed, then renamed over it.

    Only a regular file (or a new one) is replaced that way, at the end of any symlinks, keeping
    its permissions (a new file gets the umask's); a device or a pipe (``/dev/stdout``) is
    written to, never replaced.

    Raises:
        OSError: the folder cannot be written (the temporary file is removed).
    """
    path = Path(os.path.realpath(path))
    try:
        mode = stat.S_IMODE(path.stat().st_mode) if path.is_file() else None
    except FileNotFoundError:
        mode = None
    if path.exists() and not path.is_file():
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        return
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
