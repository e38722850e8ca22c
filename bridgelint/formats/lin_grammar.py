"""The LIN grammar: one pyparsing ``Regex`` per production.

These elements are the single source of truth for LIN syntax and
``grammars/lin.bnf`` documents them under the same names.  The reader scans
with each element's regex in a plain loop, which is far faster than
``parse_string`` per token; it takes the compiled patterns from
``patterns.py``, which ``python bridgelint/formats/generate.py`` writes from
this module (a test keeps them equal), so that reading needs no pyparsing.
:data:`LIN_FILE` is the same grammar as a pure pyparsing parser, kept for tests
and diagrams.
"""

from __future__ import annotations

import re
from typing import cast

from pyparsing import Group, Located, Regex, StringEnd, ZeroOrMore

TAG = Regex(r"[A-Za-z]{2}").set_name("tag")
VALUE = Regex(r"[^|]*").set_name("value")
# Whitespace before a tag carries no meaning; it is part of the token so
# that one match moves from one field to the next.
FIELD = Regex(rf"\s*(?P<tag>{cast(Regex, TAG).pattern})\|(?P<value>{cast(Regex, VALUE).pattern})\|").set_name("field")
LIN_FILE = (ZeroOrMore(Group(Located(FIELD))) + StringEnd()).set_name("lin_file")

# Values of particular tags.
CALL = Regex(r"[\s-]*(?P<call>[1-7](?:NT|[CDHSN])|PASS|REDBL|DBL|XX|[PDRX])(?P<alert>!?)", re.IGNORECASE).set_name("call")
CARD = Regex(r"\s*(?P<suit>[SHDC])(?P<rank>10|[2-9TJQKA])", re.IGNORECASE).set_name("card")
DEALER = Regex(r"\s*(?P<dealer>[0-9]?)").set_name("dealer")
HOLDING = Regex(r"(?P<suit>[SHDC])(?P<ranks>(?:10|[2-9TJQKA])*)", re.IGNORECASE).set_name("holding")
VULNERABILITY = Regex(r"\s*(?:(?P<none>o|0|-|none|love|z)|(?P<ns>n|ns|n-s)|(?P<ew>e|ew|e-w)|(?P<all>b|both|all))\s*",
                      re.IGNORECASE).set_name("vulnerability")
CLAIM = Regex(r"\s*(?P<tricks>[0-9]{1,2})\s*").set_name("claim")
ROOM_BOARD = Regex(r"\s*(?P<room>[OC])(?P<board>[0-9]+)", re.IGNORECASE).set_name("room_board")
BOARD_HEADER = Regex(r"\s*board[\s+]*(?P<board>[0-9]+)\s*", re.IGNORECASE).set_name("board_header")

PRODUCTIONS = (TAG, VALUE, FIELD, LIN_FILE, CALL, CARD, DEALER, HOLDING, VULNERABILITY, CLAIM, ROOM_BOARD,
               BOARD_HEADER)
