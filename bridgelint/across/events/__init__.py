"""Event checks: the records of an event compared board by board (E101-E106).

:func:`~.sighting.sight` takes from a record what the checks need;
:class:`~.state.EventState` groups sightings into events and decides.  How
events are formed is documented in :mod:`bridgelint.rules.event`.
"""

from .sighting import Sighting, sight
from .state import EventState

__all__ = ["EventState", "Sighting", "sight"]
