"""Compiled patterns of the grammar productions the readers scan with (no pyparsing at run time).

Generated from pbn_grammar.py and lin_grammar.py by ``python bridgelint/formats/generate.py``;
tests keep this file equal to the grammars.  Do not edit by hand.
"""

import re

PBN_TOKEN = re.compile(
    r'(?=[^ \t\r\n\v\f])(?:(?P<tag_lines>(?m:^\[[A-Za-z0-9_]+ "[^"\\\t\n]*"\](?:[ \t]*\r?\n\[[A-Za-z0-9_]+ "[^"\\\t\n]*"\])*)(?=[ \t]*\r?(?:\n|\Z)))'
    r"|(?P<card_rows>[SHDC][AKQJT98765432][ \t]+[SHDC][AKQJT98765432][ \t]+[SHDC][AKQJT98765432][ \t]+[SHDC][AKQJT98765432](?:[ \t]*\r?\n[ \t]*[SHDC][AKQJT98765432][ \t]+[SHDC][AKQJT98765432][ \t]+[SHDC][AKQJT98765432][ \t]+[SHDC][AKQJT98765432])*(?=[ \t]*(?:\r?\n|\Z)))"
    r"|(?P<call_rows>(?:Pass|XX|X|AP|[1-7](?:NT|[CDHS]))(?:[ \t]+(?:Pass|XX|X|AP|[1-7](?:NT|[CDHS]))){0,15}(?:[ \t]*\r?\n[ \t]*(?:Pass|XX|X|AP|[1-7](?:NT|[CDHS]))(?:[ \t]+(?:Pass|XX|X|AP|[1-7](?:NT|[CDHS]))){0,15})*(?=[ \t]*(?:\r?\n|\Z)))"
    r"|(?P<escape>(?m:^%[^\n]*))"
    r"|(?P<comment>\{[^}]*\})"
    r"|(?P<open_comment>\{[^}]*\Z)"
    r"|(?P<comment2>;[^\n]*)"
    r'|(?P<tag>\[[ \t\r\n]*(?P<tag_name>[A-Za-z0-9_]+)[ \t\r\n]*"(?P<tag_value>[^"\\\t\n]*(?:\\.[^"\\\t\n]*)*)"[ \t\r\n]*\])'
    r"|(?P<bad_tag>\[[^\]\n]*\]?)"
    r'|(?P<string>"[^"\\\n]*(?:\\.[^"\\\n]*)*"?)'
    r'|(?P<note>=[^= \t\r\n\v\f\[\]{};\"%]*=)'
    r'|(?P<nag>\$[^ \t\r\n\v\f\[\]{};\"%!?=^]*)'
    r"|(?P<suffix>[!?]+)"
    r"|(?P<mark>\^[A-Za-z]?)"
    r'|(?P<word>[^ \t\r\n\v\f\[\]{};\"%!?=$^]+)'
    r"|(?P<stray>[^ \t\r\n\v\f]))")
PBN_SINGLE_TOKEN = re.compile(
    r"(?=[^ \t\r\n\v\f])(?:(?P<escape>(?m:^%[^\n]*))"
    r"|(?P<comment>\{[^}]*\})"
    r"|(?P<open_comment>\{[^}]*\Z)"
    r"|(?P<comment2>;[^\n]*)"
    r'|(?P<tag>\[[ \t\r\n]*(?P<tag_name>[A-Za-z0-9_]+)[ \t\r\n]*"(?P<tag_value>[^"\\\t\n]*(?:\\.[^"\\\t\n]*)*)"[ \t\r\n]*\])'
    r"|(?P<bad_tag>\[[^\]\n]*\]?)"
    r'|(?P<string>"[^"\\\n]*(?:\\.[^"\\\n]*)*"?)'
    r'|(?P<note>=[^= \t\r\n\v\f\[\]{};\"%]*=)'
    r'|(?P<nag>\$[^ \t\r\n\v\f\[\]{};\"%!?=^]*)'
    r"|(?P<suffix>[!?]+)"
    r"|(?P<mark>\^[A-Za-z]?)"
    r'|(?P<word>[^ \t\r\n\v\f\[\]{};\"%!?=$^]+)'
    r"|(?P<stray>[^ \t\r\n\v\f]))")
PBN_TAG_PAIR = re.compile(r'\[[ \t\r\n]*(?P<name>[A-Za-z0-9_]+)[ \t\r\n]*"(?P<value>[^"\\\t\n]*(?:\\.[^"\\\t\n]*)*)"[ \t\r\n]*\]')
PBN_TAG_LINE = re.compile(r'\[(?P<name>[A-Za-z0-9_]+) "(?P<value>[^"\\\t\n]*)"\]')
PBN_CLOSED_STRING = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')
PBN_COLUMN_SPEC = re.compile(r"(?P<order>[+-]?)(?P<column>[^;\\\s+-](?:[^;\\]*[^;\\\s])?)(?:\\(?P<width>[0-9]+)(?P<align>[LR]?))?")
LIN_TAG = re.compile(r"[A-Za-z]{2}")
LIN_VALUE = re.compile(r"[^|]*")
LIN_FIELD = re.compile(r"\s*(?P<tag>[A-Za-z]{2})\|(?P<value>[^|]*)\|")
LIN_CALL = re.compile(r"[\s-]*(?P<call>[1-7](?:NT|[CDHSN])|PASS|REDBL|DBL|XX|[PDRX])(?P<alert>!?)", re.IGNORECASE)
LIN_CARD = re.compile(r"\s*(?P<suit>[SHDC])(?P<rank>10|[2-9TJQKA])", re.IGNORECASE)
LIN_DEALER = re.compile(r"\s*(?P<dealer>[0-9]?)")
LIN_HOLDING = re.compile(r"(?P<suit>[SHDC])(?P<ranks>(?:10|[2-9TJQKA])*)", re.IGNORECASE)
LIN_VULNERABILITY = re.compile(
    r"\s*(?:(?P<none>o|0|-|none|love|z)"
    r"|(?P<ns>n|ns|n-s)"
    r"|(?P<ew>e|ew|e-w)"
    r"|(?P<all>b|both|all))\s*", re.IGNORECASE)
LIN_CLAIM = re.compile(r"\s*(?P<tricks>[0-9]{1,2})\s*")
LIN_ROOM_BOARD = re.compile(r"\s*(?P<room>[OC])(?P<board>[0-9]+)", re.IGNORECASE)
LIN_BOARD_HEADER = re.compile(r"\s*board[\s+]*(?P<board>[0-9]+)\s*", re.IGNORECASE)
