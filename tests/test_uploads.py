"""Uploads as organisers receive them: line ends, Windows-1252, gzip and zip archives with their limits."""

from __future__ import annotations

import gzip
import io
import json
import os
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ERROR, at, check, run_cli

from bridgelint.cli import cli
from bridgelint.engine import inputs
from bridgelint.engine.pipeline import check_file, check_stream
from bridgelint.formats import text

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def findings(report) -> list[tuple[str, int, int]]:
    return [(f.code, f.line, f.column) for f in report.findings]


def lf(name: str) -> bytes:
    return (SAMPLES / name).read_bytes().replace(b"\r\n", b"\n")


# --- line ends --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["auction-defects.pbn", "play-defects.pbn", "deal-defects.pbn", "auction-defects.lin"])
@pytest.mark.parametrize("line_end", [b"\r", b"\r\r\n", b"\r\n"])
def test_every_line_end_reads_as_lines(name, line_end):
    expected = check_stream(name, io.BytesIO(lf(name)))
    assert expected.games and expected.findings
    report = check_stream(name, io.BytesIO(lf(name).replace(b"\n", line_end)))
    assert (report.games, findings(report)) == (expected.games, findings(expected))


def test_mixed_line_ends_read_as_lines():
    data = lf("auction-defects.pbn")
    lines = data.split(b"\n")
    # a CR before an empty line would make CRLF or CR CR LF with its line end: LF there
    mixed = b"".join(line + (b"\r" if i % 3 == 0 and lines[i + 1] else b"\n" if i % 3 < 2 else b"\r\n")
                     for i, line in enumerate(lines[:-1])) + lines[-1]
    assert mixed.count(b"\r") > 10 and b"\r\n" in mixed
    expected = check_stream("a.pbn", io.BytesIO(data))
    report = check_stream("a.pbn", io.BytesIO(mixed))
    assert (report.games, findings(report)) == (expected.games, findings(expected))


def test_an_old_mac_file_is_no_longer_one_line():
    found = check(b'[Board "1"]\r[Date "95.06.10"]\r\r[Board "2"]\r[Dealer "Q"]\r')
    assert at(found, "B107") == [(2, 1)] and at(found, "B102") == [(5, 1)] and "S111" not in {f.code for f in found}


def test_a_cr_at_a_block_end_before_an_lf_is_one_line_end(monkeypatch):
    monkeypatch.setattr(text, "BLOCK", 3)
    stream = io.BufferedReader(text.LoneCrAsLf(io.BytesIO(b"ab\r\ncd\ref\r\r\r\r\ngh\r")), 2)
    assert stream.read() == b"ab\r\ncd\nef\r\r\r\r\ngh\n"  # CRs before an LF end a line with it


# --- Windows-1252 -------------------------------------------------------------------------------

def test_windows_1252_lin_is_decoded_and_reported_at_its_byte():
    data = b"pn|Ann,Bob,Cy,Di|\nmd|3S23456789TJQKA,H23456789TJQKA,D23456789TJQKA|\nnt|\x93well played\x94|\n"
    report = check_stream("t.lin", io.BytesIO(data))
    assert [(f.line, f.column) for f in report.findings if f.code == "S114"] == [(3, 4)]
    assert "'“'" in next(f.message for f in report.findings if f.code == "S114")


def test_windows_1252_is_converted_with_its_characters(tmp_path, monkeypatch):
    upload = tmp_path / "club.pbn"
    upload.write_bytes(b'[Event "Spring \x93Pairs\x94 \x96 \x805"]\n[Board "1"]\n')
    done = CliRunner().invoke(cli, ["convert", "--to", "pbn", str(upload)])
    assert done.exit_code == 0
    assert '[Event "Spring “Pairs” – €5"]' in done.stdout
    assert f"{upload}:1:16: S114 " in done.stderr  # a warning: convert prints errors and warnings
    code, out, _ = run_cli(monkeypatch, "check", "--isolated", str(upload))
    assert f"{upload}:1:16: S114 [warning] " in out


# --- archives ---------------------------------------------------------------------------------

def gz(path: Path, data: bytes) -> Path:
    path.write_bytes(gzip.compress(data))
    return path


def test_gzipped_files_are_read_as_the_file_inside(tmp_path, monkeypatch):
    gz(tmp_path / "a.pbn.gz", ERROR.encode())
    gz(tmp_path / "b.lin.gz", lf("auction-defects.lin"))
    plain = check_stream("b.lin", io.BytesIO(lf("auction-defects.lin")))
    code, out, err = run_cli(monkeypatch, "check", "--isolated", "--format", "json", str(tmp_path))
    files = json.loads(out)["files"]
    assert [(Path(f["path"]).name, f["format"]) for f in files] == [("a.pbn.gz", "pbn"), ("b.lin.gz", "lin")]
    assert [(f["code"], f["line"], f["column"]) for f in files[0]["findings"]] == [("A103", 6, 9)]
    assert [(f["code"], f["line"], f["column"]) for f in files[1]["findings"]] == findings(plain)


def zipped(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_a_zip_is_read_member_by_member(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    zipped(tmp_path / "upload.zip", {"round1/board.pbn": ERROR.encode(), "notes.txt": b"not a record",
                                     "round2/match.lin": lf("auction-defects.lin"), "empty.pbn": b""})
    code, out, err = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "upload.zip")
    assert code == 1
    files = {f["path"]: f for f in json.loads(out)["files"]}
    assert list(files) == ["upload.zip!round1/board.pbn", "upload.zip!round2/match.lin", "upload.zip!empty.pbn"]
    assert [(f["code"], f["line"], f["column"]) for f in files["upload.zip!round1/board.pbn"]["findings"]] == [
        ("A103", 6, 9)]
    assert files["upload.zip!round2/match.lin"]["format"] == "lin"
    assert [f["code"] for f in files["upload.zip!empty.pbn"]["findings"]] == ["S111"]
    code, out, _ = run_cli(monkeypatch, "check", "--isolated", "upload.zip!round1/board.pbn")
    assert code == 1 and out.startswith("upload.zip!round1/board.pbn:6:9: A103 ")


def test_a_missing_member_is_an_unreadable_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    zipped(tmp_path / "upload.zip", {"a.pbn": ERROR.encode()})
    code, out, err = run_cli(monkeypatch, "check", "--isolated", "upload.zip!b.pbn")
    assert code == 2 and "bridgelint: upload.zip!b.pbn: no such member in the archive" in err


def test_a_damaged_gzip_keeps_what_was_unpacked(tmp_path):
    games = "".join(f"{{{os.urandom(64).hex()}}}\n{ERROR}\n" for _ in range(50))  # a comment that packs badly
    data = gzip.compress(games.encode())
    (tmp_path / "cut.pbn.gz").write_bytes(data[:len(data) // 2])
    (tmp_path / "not.pbn.gz").write_bytes(ERROR.encode())
    cut = check_file(str(tmp_path / "cut.pbn.gz"))
    assert 10 < cut.games < 50 and "A103" in {f.code for f in cut.findings}
    [damage] = [f for f in cut.findings if f.code == "S115"]
    assert damage.message.startswith("the archive is damaged after ") and "reading stopped" in damage.message
    not_gzip = check_file(str(tmp_path / "not.pbn.gz"))
    assert findings(not_gzip) == [("S115", 1, 1)]  # no S111 besides: the damage is the cause


def test_a_damaged_zip_is_a_finding_on_the_zip(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "upload.zip").write_bytes(b"PK\x03\x04 this is no zip")
    code, out, err = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "upload.zip")
    assert code == 1
    [entry] = json.loads(out)["files"]
    assert (entry["path"], entry["format"]) == ("upload.zip", "zip")
    assert [f["code"] for f in entry["findings"]] == ["S115"]


def test_a_ratio_bomb_stops_with_a_finding(tmp_path):
    (tmp_path / "bomb.pbn.gz").write_bytes(gzip.compress(b" " * (inputs.RATIO_FLOOR * 3), 9))
    report = check_file(str(tmp_path / "bomb.pbn.gz"))
    [finding] = [f for f in report.findings if f.code == "S116"]
    assert finding.message.startswith(f"the archive unpacks to more than {inputs.RATIO_FLOOR:,} bytes from ")


def test_size_and_member_limits(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(inputs, "MAX_UNPACKED", 1000)
    big = (ERROR + "\n").encode() * 20
    gz(tmp_path / "big.pbn.gz", big)
    report = check_file("big.pbn.gz")
    assert "S116" in {f.code for f in report.findings} and 0 < report.games < 20
    zipped(tmp_path / "big.zip", {"a.pbn": big})
    code, out, _ = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "big.zip")
    [entry] = json.loads(out)["files"]
    assert code == 1 and (entry["path"], entry["format"]) == ("big.zip", "zip")
    assert [(f["code"], f["message"]) for f in entry["findings"]] == [
        ("S116", f"the archive's records unpack to {len(big):,} bytes, more than the 1,000 read at most: not read")]
    monkeypatch.setattr(inputs, "MAX_MEMBERS", 3)
    zipped(tmp_path / "many.zip", {f"{i}.pbn": ERROR.encode() for i in range(4)})
    code, out, _ = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "many.zip")
    [entry] = json.loads(out)["files"]
    assert code == 1 and [(f["code"], f["message"]) for f in entry["findings"]] == [
        ("S116", "the archive holds 4 members, more than the 3 read at most: not read")]


def test_the_api_reads_archives(tmp_path):
    import bridgelint

    gz(tmp_path / "a.pbn.gz", ERROR.encode())
    zipped(tmp_path / "up.zip", {"r/b.lin": lf("auction-defects.lin")})
    assert [r.board_number for r in bridgelint.read(tmp_path / "a.pbn.gz")] == ["1"]
    assert len(bridgelint.read(f"{tmp_path / 'up.zip'}!r/b.lin")) == len(bridgelint.read(SAMPLES / "auction-defects.lin"))


def test_members_named_from_dot_slash_are_read(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    zipped(tmp_path / "upload.zip", {"./round1.pbn": ERROR.encode(), "./r2/.//b.pbn": ERROR.encode()})
    code, out, err = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "upload.zip")
    assert code == 1, err
    files = json.loads(out)["files"]
    assert [(f["path"], [x["code"] for x in f["findings"]]) for f in files] == [
        ("upload.zip!./round1.pbn", ["A103"]), ("upload.zip!./r2/.//b.pbn", ["A103"])]


def test_a_member_name_held_twice_is_a_finding_and_both_copies_are_checked(tmp_path, monkeypatch):
    import warnings

    monkeypatch.chdir(tmp_path)
    with warnings.catch_warnings(), zipfile.ZipFile(tmp_path / "upload.zip", "w") as archive:
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate name: the very case
        archive.writestr("a.pbn", ERROR.encode())
        archive.writestr("a.pbn", ERROR.replace('[Board "1"]', '[Board "2"]').encode())
        archive.writestr("b.pbn", ERROR.encode())
    code, out, err = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "upload.zip")
    assert code == 1, err
    files = json.loads(out)["files"]
    assert [f["path"] for f in files] == ["upload.zip!a.pbn", "upload.zip!a.pbn#2", "upload.zip!b.pbn"]
    assert [[(x["code"], x["line"], x["column"]) for x in f["findings"]] for f in files] == [
        [("S115", 1, 1), ("A103", 6, 9)], [("S115", 1, 1), ("B104", 2, 1), ("B105", 3, 1), ("A103", 6, 9)],
        [("A103", 6, 9)]]  # the second copy is read (board 2: its dealer and vulnerability), not the first again
    assert "holds 2 members named 'a.pbn'" in files[1]["findings"][0]["message"]
    code, out, _ = run_cli(monkeypatch, "check", "--isolated", "upload.zip!a.pbn#2")
    assert code == 1 and "(board 2)" in out


def _bad_crc(path: Path) -> Path:
    """A zip whose one member's data no longer matches its CRC (stored, a byte of the text changed)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("a.pbn", ERROR)
    data = bytearray(path.read_bytes())
    at = data.index(b"1D Pass 1C")
    data[at] = ord("2")
    path.write_bytes(bytes(data))
    return path


def _encrypted(path: Path) -> Path:
    """A zip whose member is marked encrypted (general purpose flag bit 0, local and central headers)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("a.pbn", ERROR)
    data = bytearray(path.read_bytes())
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = data.index(signature) + offset
        data[at] |= 1
    path.write_bytes(bytes(data))
    return path


def _cut_gzip(path: Path) -> Path:
    games = "".join(f"{{{os.urandom(64).hex()}}}\n{ERROR}\n" for _ in range(50))
    data = gzip.compress(games.encode())
    path.write_bytes(data[:len(data) // 2])
    return path


DAMAGED = {"cut.pbn.gz": _cut_gzip, "crc.zip": _bad_crc, "locked.zip": _encrypted,
           "none.zip": lambda path: path.write_bytes(b"PK\x03\x04 this is no zip") and path}


@pytest.mark.parametrize("name", DAMAGED)
def test_check_reports_damage_as_s115_and_fails(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    DAMAGED[name](tmp_path / name)
    code, out, err = run_cli(monkeypatch, "check", "--isolated", "--format", "json", name)
    assert code == 1, err
    codes = [f["code"] for entry in json.loads(out)["files"] for f in entry["findings"]]
    assert "S115" in codes and "S111" not in codes


@pytest.mark.parametrize("name", DAMAGED)
@pytest.mark.parametrize("target", ["pbn", "json"])
def test_convert_reports_damage_as_s115_and_fails(tmp_path, monkeypatch, name, target):
    monkeypatch.chdir(tmp_path)
    DAMAGED[name](tmp_path / name)
    code, out, err = run_cli(monkeypatch, "convert", "--isolated", "--to", target, "-o", f"out.{target}", name)
    assert code == 2 and (tmp_path / f"out.{target}").exists()  # what could be read
    assert any(": S115 [error] " in line for line in err.splitlines()), err
    assert err.splitlines()[-1] == "bridgelint: input was lost (S115, S116 above): what could be read is converted"
    assert "Traceback" not in err and ": S111 " not in err


@pytest.mark.parametrize("name", DAMAGED)
def test_replay_reports_damage_as_s115_and_fails(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    DAMAGED[name](tmp_path / name)
    member = name if name.endswith(".gz") or name == "none.zip" else f"{name}!a.pbn"
    code, out, err = run_cli(monkeypatch, "replay", "--isolated", member)
    assert code == 2
    assert "S115" in out + err and "Traceback" not in err


def test_convert_of_an_archive_over_a_limit_fails_with_s116(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(inputs, "MAX_MEMBERS", 1)
    zipped(tmp_path / "many.zip", {"a.pbn": ERROR.encode(), "b.pbn": ERROR.encode()})
    code, _, err = run_cli(monkeypatch, "convert", "--isolated", "--to", "pbn", "-o", "out.pbn", "many.zip")
    assert code == 2 and "many.zip:1:1: S116 [error] the archive holds 2 members" in err


def test_convert_to_a_directory_checks_every_output_path_first(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    zipped(tmp_path / "up.zip", {"a.pbn": ERROR.encode(), "a.pbn/b.pbn": ERROR.encode()})
    (tmp_path / "out").mkdir()
    code, _, err = run_cli(monkeypatch, "convert", "--isolated", "--to", "pbn", "-o", "out", "up.zip")
    assert code == 2
    assert err.splitlines()[-1] == ("bridgelint: out/a.pbn/b.pbn would be written in out/a.pbn, which is the output "
                                    "of up.zip!a.pbn: nothing converted; convert them apart")
    assert list((tmp_path / "out").iterdir()) == []
    (tmp_path / "out" / "a").write_text("a file where a folder would go")
    zipped(tmp_path / "deep.zip", {"a/b.pbn": ERROR.encode()})
    code, _, err = run_cli(monkeypatch, "convert", "--isolated", "--to", "pbn", "-o", "out", "deep.zip")
    assert code == 2 and err.splitlines()[-1] == ("bridgelint: out/a/b.pbn: out/a is a file, not a directory: "
                                                  "nothing converted")
