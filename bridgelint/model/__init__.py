"""Deprecated: the record model is in :mod:`bridgelint.core`: ``record``, ``tags``, ``tokens``, ``text``,
``holders``, ``tables`` and ``findings``.

Kept until 0.3.0, so that ``from bridgelint.model import Record`` still works; it warns.  It goes in 0.3.0.
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
              ".text, .holders or .tables (bridgelint.model goes in 0.3.0)", DeprecationWarning, stacklevel=2)
