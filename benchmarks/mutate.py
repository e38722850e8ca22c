"""Reproducible archives of damaged boards: synthetic boards (synth.py) with random defects.

    python benchmarks/mutate.py pbn 5000 out.pbn [--seed 1] [--no-export]
    python benchmarks/mutate.py lin 5000 out.lin [--seed 1] [--vugraph]

Each board gets zero to three mutations drawn with a fixed seed, so the same
command writes the same bytes (on the same Python).  The mutations aim at
what a checker may get wrong when it takes a shortcut: cards swapped,
replaced, unknown or missing (revokes, cards not held, short tricks), plays
cut short with or without ``*`` or a claim, irregularity marks, annotations
and notes, tricks written in play order, header tags changed, dropped,
repeated, reordered or inherited, broken tag pairs and LIN fields, non-PBN
spellings, comments, bad characters and long lines.  About a quarter of the
boards are left clean.  ``identity.py`` checks these archives.
"""

from __future__ import annotations

import argparse
import random

import synth

CARDS = [s + r for s in synth.SUITS for r in synth.RANKS]
BIDS = [f"{level}{d}" for level in range(1, 8) for d in synth.DENOMS]
HEADER_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
               "Scoring", "Declarer", "Contract", "Result", "Score")
TAG_VALUES = {
    "Dealer": ("N", "E", "S", "W", "n", "X", "", "?", "#"),
    "Vulnerable": ("None", "NS", "EW", "All", "Both", "Love", "-", "ns", "Q", "#"),
    "Declarer": ("N", "E", "S", "W", "^N", "^E", "x", "", "#"),
    "Contract": ("Pass", "3NT", "4S", "4SX", "7NTXX", "1N", "8C", "4s", "", "#"),
    "Result": ("0", "7", "9", "13", "14", "NS 8", "EW 5", "^9", "x", "#"),
    "Score": ("NS 420", "EW 100", "NS -50", "420", "NS", "EW 9999", "#"),
    "Board": ("1", "0", "x", "12a", "##7", "#"),
    "Date": ("2026.01.01", "2026.13.01", "2026.??.??", "01/01/2026", "##2026.02.02"),
    "Event": ("##Inherited", "#", "Other"),
}


def mutate_pbn(rng: random.Random, lines: list[str]) -> list[str]:
    """The lines of one game (no line ends) with zero to three random mutations."""
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        lines = rng.choice(PBN_MUTATIONS)(rng, lines) or lines
    return lines


def _section(lines: list[str], tag: str) -> tuple[int, int]:
    """(first, end) indices of the token lines after the ``[tag "..."]`` line."""
    start = next((i + 1 for i, line in enumerate(lines) if line.startswith(f"[{tag} ")), len(lines))
    end = start
    while end < len(lines) and lines[end] and not lines[end].startswith("["):
        end += 1
    return start, end


def _token_at(rng: random.Random, lines: list[str], tag: str) -> tuple[int, list[str], int] | None:
    """A random token of a section: (line index, the line's tokens, token index)."""
    start, end = _section(lines, tag)
    if start >= end:
        return None
    i = rng.randrange(start, end)
    tokens = lines[i].split(" ")
    return i, tokens, rng.randrange(len(tokens))


def _swap_cards(rng, lines):
    start, end = _section(lines, "Play")
    if end - start < 1:
        return None
    a, b = rng.randrange(start, end), rng.randrange(start, end)
    ta, tb = lines[a].split(" "), lines[b].split(" ")
    i, j = rng.randrange(len(ta)), rng.randrange(len(tb))
    if a == b:
        ta[i], ta[j] = ta[j], ta[i]
    else:
        ta[i], tb[j] = tb[j], ta[i]
        lines[b] = " ".join(tb)
    lines[a] = " ".join(ta)
    return lines


def _replace_token(choices):
    def mutation(rng, lines):
        tag = "Auction" if choices is BIDS_AND_CALLS else "Play"
        found = _token_at(rng, lines, tag)
        if found is None:
            return None
        i, tokens, j = found
        tokens[j] = rng.choice(choices)
        lines[i] = " ".join(tokens)
        return lines
    return mutation


BIDS_AND_CALLS = BIDS + ["Pass", "X", "XX", "AP", "-", "*", "+", "P", "1N", "pass", "x", "4NT", "Dbl", "??"]
CARD_TOKENS = CARDS + ["-", "*", "+", "s2", "S10", "SX", "Z9", "H"]


def _insert_before(tokens_for):
    def mutation(rng, lines):
        tag, tokens = tokens_for
        found = _token_at(rng, lines, tag)
        if found is None:
            return None
        i, line_tokens, j = found
        line_tokens.insert(j, rng.choice(tokens))
        lines[i] = " ".join(line_tokens)
        return lines
    return mutation


def _annotate(rng, lines):
    tag = rng.choice(("Auction", "Play"))
    found = _token_at(rng, lines, tag)
    if found is None:
        return None
    i, tokens, j = found
    note = rng.choice(("!", "?", "!!", "?!", "$1", "$12", "$300", "=1=", "=2=", "=40=", "=x=", "$7"))
    tokens.insert(j + 1, note)
    lines[i] = " ".join(tokens)
    if note.startswith("=") and rng.random() < 0.6:
        end = _section(lines, tag)[1]
        lines.insert(end, f'[Note "{note.strip("=")}:{rng.choice(("forcing", "natural", "", "x"))}"]')
    return lines


def _cut_play(rng, lines):
    start, end = _section(lines, "Play")
    if start >= end:
        return None
    keep = rng.randrange(start, end)
    tail = lines[keep].split(" ")[:rng.randrange(0, 4)]
    ending = rng.choice(("*", "", "- - - -", "+"))
    new = lines[:keep] + ([" ".join(tail + ([ending] if ending else []))] if tail or ending else []) + lines[end:]
    if rng.random() < 0.5:  # a claim: the Result says what declarer claimed
        new = [f'[Result "{rng.randrange(0, 14)}"]' if line.startswith("[Result ") else line for line in new]
    return new


def _play_order(rng, lines):
    """One trick rewritten in play order from a random seat, as some programs do."""
    start, end = _section(lines, "Play")
    if start >= end:
        return None
    i = rng.randrange(start, end)
    tokens = lines[i].split(" ")
    k = rng.randrange(1, 4)
    lines[i] = " ".join(tokens[k:] + tokens[:k])
    return lines


def _drop_line(rng, lines):
    i = rng.randrange(len(lines))
    return lines[:i] + lines[i + 1:]


def _swap_lines(rng, lines):
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return lines


def _repeat_line(rng, lines):
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines)), lines[i])
    return lines


def _tag_value(rng, lines):
    name = rng.choice(tuple(TAG_VALUES) + ("Play", "Auction"))
    values = TAG_VALUES.get(name, ("N", "E", "S", "W", "", "Q"))
    for i, line in enumerate(lines):
        if line.startswith(f"[{name} "):
            lines[i] = f'[{name} "{rng.choice(values)}"]'
            return lines
    return None


def _deal(rng, lines):
    for i, line in enumerate(lines):
        if line.startswith("[Deal "):
            value = list(line[7:-2])
            positions = [k for k, c in enumerate(value) if c in synth.RANKS]
            how = rng.randrange(5)
            k = rng.choice(positions)
            if how == 0:  # a card dealt twice, another missing
                value[k] = value[rng.choice(positions)]
            elif how == 1:
                value[k] = rng.choice("xXtq1Z")
            elif how == 2:  # a card dropped
                del value[k]
            elif how == 3:
                value[0] = rng.choice("NESWnQ")
            else:  # two hands' ranks exchanged: still 52 cards, other holders
                m = rng.choice(positions)
                value[k], value[m] = value[m], value[k]
            lines[i] = '[Deal "' + "".join(value) + '"]'
            return lines
    return None


def _break_tag(rng, lines):
    tags = [i for i, line in enumerate(lines) if line.startswith("[")]
    i = rng.choice(tags)
    line = lines[i]
    how = rng.randrange(4)
    if how == 0:
        lines[i] = line[:-1]  # no ']'
    elif how == 1:
        lines[i] = line.replace('"', "", 1)
    elif how == 2:
        lines[i] = line.replace(" ", "\t", 1)
    else:
        lines[i] = line.replace('"', '"\t', 1)
    return lines


def _commentary(rng, lines):
    i = rng.randrange(1, len(lines))
    text = rng.choice(("{a comment}", "; line comment", "{two\nlines}", "{nested {brace}", "{[Contract \"3NT\"]}",
                       "% escape line", "% bridgelint: disable=A103,P103", "% bridgelint: disable=S999",
                       "{" + "long " * 60 + "}", "caf\u00e9", "ctrl\x07char", "{unclosed"))
    if text == "{unclosed" and rng.random() < 0.9:
        return None  # swallows the rest of the file: rare
    lines.insert(i, text)
    return lines


def _lowercase(rng, lines):
    tag = rng.choice(("Auction", "Play"))
    found = _token_at(rng, lines, tag)
    if found is None:
        return None
    i, tokens, j = found
    tokens[j] = tokens[j].lower()
    lines[i] = " ".join(tokens)
    return lines


PBN_MUTATIONS = (
    _swap_cards, _swap_cards, _replace_token(CARD_TOKENS), _replace_token(BIDS_AND_CALLS),
    _insert_before(("Play", ("^R", "^L", "^R", "^X"))), _insert_before(("Auction", ("^I", "^S", "^Q", "AP", "-"))),
    _annotate, _annotate, _cut_play, _cut_play, _play_order, _drop_line, _swap_lines, _repeat_line,
    _tag_value, _tag_value, _deal, _break_tag, _commentary, _lowercase,
)


# --- LIN ----------------------------------------------------------------------

def mutate_lin(rng: random.Random, line: str) -> str:
    """One board's LIN line with zero to three random mutations."""
    fields = line.rstrip("\n").split("|")
    pairs = [(fields[i], fields[i + 1]) for i in range(0, len(fields) - 1, 2)]
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        pairs = rng.choice(LIN_MUTATIONS)(rng, pairs) or pairs
    text = "".join(f"{tag}|{value}|" for tag, value in pairs)
    if rng.random() < 0.02:  # a lost '|'
        k = rng.randrange(len(text))
        k = text.find("|", k)
        text = text[:k] + text[k + 1:] if k >= 0 else text
    return text + "\n"


def _lin_indices(pairs, tag):
    return [i for i, (t, _) in enumerate(pairs) if t == tag]


def _lin_replace(tag, values):
    def mutation(rng, pairs):
        where = _lin_indices(pairs, tag)
        if not where:
            return None
        i = rng.choice(where)
        pairs[i] = (tag, rng.choice(values))
        return pairs
    return mutation


def _lin_swap(rng, pairs):
    where = _lin_indices(pairs, "pc")
    if len(where) < 2:
        return None
    i, j = rng.sample(where, 2)
    pairs[i], pairs[j] = pairs[j], pairs[i]
    return pairs


def _lin_drop(rng, pairs):
    i = rng.randrange(len(pairs))
    return pairs[:i] + pairs[i + 1:]


def _lin_claim(rng, pairs):
    where = _lin_indices(pairs, "pc")
    if not where:
        return None
    cut = rng.choice(where)
    claim = [("mc", str(rng.choice((0, 5, 7, 9, 13, 14, "x"))))]
    rest = pairs[cut:cut + rng.choice((0, 0, 1, 4))]  # usually nothing after a claim
    return pairs[:cut] + claim + rest


def _lin_cut(rng, pairs):
    where = _lin_indices(pairs, "pc")
    if not where:
        return None
    return pairs[:rng.choice(where)]


def _lin_insert(rng, pairs):
    i = rng.randrange(len(pairs) + 1)
    pairs.insert(i, rng.choice((("mv", "1S"), ("an", "forcing"), ("nt", "well played"), ("pg", ""),
                                ("mb", "1N!"), ("mb", "p-p"), ("pc", "S10"), ("pc", "sAhK"), ("st", ""),
                                ("zz", "junk"))))
    return pairs


def _lin_deal(rng, pairs):
    where = _lin_indices(pairs, "md")
    if not where:
        return None
    i = where[0]
    value = list(pairs[i][1])
    how = rng.randrange(4)
    if how == 0:
        value[0] = rng.choice("05x ")
    elif how == 1:
        k = rng.randrange(1, len(value))
        value[k] = rng.choice("SHDCAKx,T")
    elif how == 2:
        value.append(rng.choice(("SA", ",", "")))
    else:
        value = value[:-1] + list(",SHDC")
    pairs[i] = ("md", "".join(value))
    return pairs


LIN_MUTATIONS = (
    _lin_replace("pc", CARDS + ["s2", "10C", "ST", "X", "", "HA HK"]), _lin_swap, _lin_swap, _lin_drop,
    _lin_claim, _lin_claim, _lin_cut, _lin_insert,
    _lin_replace("mb", BIDS + ["p", "d", "r", "P!", "xx", "8C", ""]),
    _lin_replace("sv", ("o", "n", "e", "b", "x", "", "NS")), _lin_deal,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("format", choices=("pbn", "lin"))
    parser.add_argument("boards", type=int)
    parser.add_argument("output")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-export", action="store_true", help="PBN: no %% EXPORT line")
    parser.add_argument("--vugraph", action="store_true", help="LIN: a match header and qx fields")
    args = parser.parse_args()
    boards = random.Random(args.seed)  # the boards: the same as synth.py's with this seed
    damage = random.Random(f"mutations {args.seed}")  # drawn apart, so that the boards stay synth.py's
    with open(args.output, "w", newline="", encoding="utf-8") as out:
        if args.format == "pbn":
            out.write("% PBN 2.1\r\n" + ("" if args.no_export else "% EXPORT\r\n") + "\r\n")
        elif args.vugraph:
            out.write(f"vg|Mutated match,Segment 1,I,1,{args.boards},Home,0,Away,0|\n"
                      "rs|" + ",".join(damage.choice(("3NS=", "4HE-1", "PASS", "", "7NTXXN+1", "junk"))
                                       for _ in range(2 * args.boards)) + "|\npn|A,B,C,D,E,F,G,H|\n")
        for number in range(1, args.boards + 1):
            board = synth.make_board(boards, number)
            if args.format == "pbn":
                lines = mutate_pbn(damage, synth.pbn_game(board).rstrip("\r\n").split("\r\n"))
                out.write("\r\n".join(lines) + "\r\n" + ("\r\n" if number < args.boards else ""))
            else:
                line = synth.lin_board(board)
                if args.vugraph:
                    line = f"qx|{damage.choice('oc')}{number}|" + line
                out.write(mutate_lin(damage, line))


if __name__ == "__main__":
    main()
