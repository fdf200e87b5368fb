"""Names a package hands out on demand (PEP 562): each module is imported the first time one
of its names is asked for, so what a screen does not show is never loaded for it. The engine's
own package uses it, and so do the narration's and the app's screens and widgets."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def names_on_demand(
    package: str, modules: Mapping[str, str], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: ``modules`` says which of its modules holds each
    name; a name found is kept in ``namespace`` (the package's globals), so it is looked up
    once."""

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    return __getattr__
