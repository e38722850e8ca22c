"""Deprecated: the pipeline is :mod:`bridgelint.engine.pipeline` (``FileReport``: :mod:`bridgelint.core.report`).

Kept for one release, so that ``from bridgelint.pipeline import check_file`` still works; it warns.  The names
it held then are here still, from the modules the pipeline was split into.
"""

import warnings

from ..core.findings import Finding  # noqa: F401
from ..core.record import Record  # noqa: F401
from ..core.report import *  # noqa: F401,F403
from ..engine.config import Config  # noqa: F401
from ..engine.discovery import expand_paths, once  # noqa: F401
from ..engine.events.hook import EventScope  # noqa: F401
from ..engine.linter import Linter, RecordHook, check_record, linter_for, location  # noqa: F401
from ..engine.opening import open_input  # noqa: F401
from ..engine.pipeline import Pipeline, check_file, check_stream  # noqa: F401
from ..engine.run import BATCH, Checked, FileRun, above, add_archive_findings, batches, is_board  # noqa: F401

warnings.warn("bridgelint.pipeline is deprecated: import from bridgelint.engine.pipeline (Pipeline, "
              "check_file, check_stream), bridgelint.engine.run (FileRun), bridgelint.engine.linter, "
              "bridgelint.engine.discovery, bridgelint.engine.opening (FileReport: bridgelint.core.report)",
              DeprecationWarning, stacklevel=2)
