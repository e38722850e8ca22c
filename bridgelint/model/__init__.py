"""Deprecated: the record model is :mod:`bridgelint.core.model`.

Kept for one release, so that ``from bridgelint.model import Record`` still works; it warns.
"""

import warnings

from ..core.model import *  # noqa: F401,F403

warnings.warn("bridgelint.model is deprecated: import from bridgelint.core.model", DeprecationWarning, stacklevel=2)
