"""Reading and writing uno-tui's files safely: the one place that touches the disk's rules.

The autosave (``saves.py``), the kept matches (``archive.py``), the statistics cache, the last
setup and a hosted match's record all go through these helpers:

- ``data_dir``: where uno-tui keeps its files (``UNO_TUI_DATA_DIR`` overrides it);
- ``read_limited``: a file from outside the program, read only if it is a regular file and no
  larger than a limit (``FileRefused`` says why not), and ``parse_json`` for its text;
- ``write_atomic``: a file replaced whole or not at all, whatever kills the process;
- ``rename_without_overwriting``: a file set aside under a name no other file has;
- ``hold_save_lock``: the advisory lock that keeps two processes from saving over each other.

It imports nothing else of uno-tui, so every module that keeps files may import it.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import IO, Any

import platformdirs

ENV_DATA_DIR = "UNO_TUI_DATA_DIR"
"""Set to a directory to keep uno-tui's files (the autosave, kept matches) there instead of
the user's data directory."""
MAX_SAVE_BYTES = 8 * 1024 * 1024
"""The largest autosave or match record read: far above a whole evening's match (a few hundred
kilobytes); a bigger file is not ours. Counted while reading, never taken from the size the
file system reports (a FIFO or ``/dev/zero`` reports 0)."""


class FileRefused(Exception):
    """A file from outside the program that is not read: not a regular file, too large, or
    unreadable. ``str(error)`` says why in a few words."""


class FileTooLarge(FileRefused):
    """A file larger than the limit: read no further than the limit."""


def data_dir() -> Path:
    """Where uno-tui keeps its files: ``$UNO_TUI_DATA_DIR``, else the platform's user data
    directory (``~/.local/share/uno-tui`` on Linux). Never the current directory."""
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        return Path(override)
    return platformdirs.user_data_path("uno-tui", appauthor=False)


# Reading ------------------------------------------------------------------------------------


def read_limited(path: Path, limit: int = MAX_SAVE_BYTES) -> bytes:
    """The bytes of the file at ``path``, if it is a regular file (a symbolic link to one is
    followed) of at most ``limit`` bytes, counted as they are read. A FIFO, a device, a
    directory or a larger file raises ``FileRefused`` at once, without waiting for a writer or
    reading on: opening does not block (``O_NONBLOCK``) and the kind is checked on the open
    file. ``FileNotFoundError`` if there is no such file (or a parent of it is a file)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except NotADirectoryError:
        raise FileNotFoundError(path) from None
    except OSError as error:
        raise FileRefused(f"the file cannot be read ({error.strerror or error})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileRefused(f"the file is {_kind_of(mode)}, not a regular file")
        chunks: list[bytes] = []
        total = 0
        while True:
            try:
                chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            except OSError as error:
                raise FileRefused(f"the file cannot be read ({error.strerror or error})") from None
            if not chunk:
                return b"".join(chunks)
            total += len(chunk)
            if total > limit:
                raise FileTooLarge(f"the file is larger than {limit // (1024 * 1024)} MB")
            chunks.append(chunk)
    finally:
        os.close(fd)


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (a named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def parse_json(text: str) -> Any:
    """JSON from outside the program: ``ValueError`` (one line) if it is not JSON, holds a
    number too long to read, or is nested deeper than Python's parser goes."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None


# Writing ------------------------------------------------------------------------------------


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old file or the new, whole:
    a temporary file in the same directory, flushed and synced, renamed over the old one, then
    the directory synced."""
    directory = path.parent
    directory.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(dir=directory, prefix=f".{path.stem}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as temp:
            temp.write(text)
            temp.flush()
            os.fsync(temp.fileno())
        os.replace(temp_name, path)
    except BaseException:
        # An error or an interrupt mid-write: the old file stands, the half-written copy goes.
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _sync_directory(directory)


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable (POSIX; Windows cannot open a directory)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def rename_without_overwriting(source: Path, target: Path) -> None:
    """``source`` becomes ``target``; ``FileExistsError`` if ``target`` exists. A hard link
    fails if the name is taken, atomically; where links are not supported, check then rename."""
    try:
        os.link(source, target)
    except FileExistsError:
        raise
    except OSError:
        if target.exists():
            raise FileExistsError(target) from None
        os.rename(source, target)
        return
    source.unlink()


# The lock beside a save ---------------------------------------------------------------------

_HELD_LOCKS: dict[Path, IO[str]] = {}
"""The lock files this process holds, kept open for its life: the system lets go of them
when the process ends, however it ends (SIGKILL included)."""


def hold_save_lock(path: Path) -> bool:
    """Whether this process may write the save at ``path``: it holds the advisory lock beside
    it, or takes it now because no other live process has it. Where there are no such locks
    (Windows) or the lock file cannot be made, every process may (the write then says why it
    fails, if it does)."""
    lock_path = path.with_name(f"{path.name}.lock")
    if lock_path in _HELD_LOCKS:
        return True
    try:
        import fcntl
    except ImportError:
        return True
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(lock_path, "a", encoding="utf-8")  # noqa: SIM115 (held open: the lock lives with it)
    except OSError:
        return True
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return False
    _HELD_LOCKS[lock_path] = handle
    return True


def release_save_lock(path: Path) -> None:
    """Let go of the lock beside the save at ``path``, if this process holds it (as a process
    that ends does): another process may then save there."""
    handle = _HELD_LOCKS.pop(path.with_name(f"{path.name}.lock"), None)
    if handle is not None:
        handle.close()
