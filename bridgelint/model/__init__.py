"""Deprecated: the record model is in :mod:`bridgelint.core`: ``record``, ``tags``, ``tokens``, ``text``,
``holders``, ``tables`` and ``findings``.

Kept for one release, so that ``from bridgelint.model import Record`` still works; it warns.
"""

import warnings

from ..core.findings import *  # noqa: F401,F403
from ..core.holders import *  # noqa: F401,F403
from ..core.record import *  # noqa: F401,F403
from ..core.tables import Column, Element, Table  # noqa: F401
from ..core.tags import *  # noqa: F401,F403
from ..core.text import *  # noqa: F401,F403
from ..core.tokens import *  # noqa: F401,F403

warnings.warn("bridgelint.model is deprecated: import from bridgelint.core.record, .findings, .tags, .tokens, "
              ".text, .holders or .tables", DeprecationWarning, stacklevel=2)
