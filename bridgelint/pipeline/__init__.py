"""Deprecated: the pipeline is :mod:`bridgelint.engine.pipeline` (``FileReport``: :mod:`bridgelint.core.report`).

Kept for one release, so that ``from bridgelint.pipeline import check_file`` still works; it warns.
"""

import warnings

from ..core.report import *  # noqa: F401,F403
from ..engine.pipeline import *  # noqa: F401,F403

warnings.warn("bridgelint.pipeline is deprecated: import from bridgelint.engine.pipeline (FileReport: "
              "bridgelint.core.report)", DeprecationWarning, stacklevel=2)
