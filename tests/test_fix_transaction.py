"""``check --fix`` as a transaction on the bytes that were checked: read once, checked, those bytes edited, and
the file replaced only if it is still the file that was read; nothing written where it should not be (a FIFO,
a read-only file, a file with other hard links, a hand record, standard input's source, through a symbolic
link, over a file already there), no temporary file left on any failure, the encoding's own byte offsets,
a CR-only file's line ends kept."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from conftest import run_cli

from bridgelint.engine import fixing
from bridgelint.engine.fixing import FixMode, fix_file
from bridgelint.engine.pipeline import Pipeline

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
HEAD = f'[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
FIXABLE = (HEAD + '[Auction "N"]\n1N AP\n').encode()  # S109: 1N -> 1NT
FIXED = FIXABLE.replace(b"1N AP", b"1NT AP")


def fix(monkeypatch, *args: str) -> tuple[int, str]:
    status, _, err = run_cli(monkeypatch, "check", "--isolated", "--fix", *args)
    return status, err


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.startswith(".bridgelint-fix-")]


@pytest.mark.parametrize("how", ["replaced", "rewritten"])
def test_a_file_changed_while_it_is_fixed_is_not_written(tmp_path, how):
    path = tmp_path / "a.pbn"
    path.write_bytes(FIXABLE)
    new = (HEAD + '[Auction "N"]\n1NT Pass 2C AP\n{ written meanwhile }\n').encode()
    pipeline = Pipeline()

    def check(stream):
        if how == "replaced":
            (tmp_path / "b.pbn").write_bytes(new)
            os.replace(tmp_path / "b.pbn", path)
        else:
            path.write_bytes(new)
        return pipeline.checking(str(path), stream).finish().report

    report = fix_file(str(path), check, FixMode())
    assert path.read_bytes() == new  # the new text kept, none of the old file's edits in it
    assert "changed (or was replaced) while it was being fixed; nothing written" in report.fix_error
    assert report.fixed == 0 and leftovers(tmp_path) == []


def test_a_fifo_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.mkfifo("a.pbn")
    writer = threading.Thread(target=lambda: Path("a.pbn").write_bytes(FIXABLE))
    writer.start()
    status, err = fix(monkeypatch, "a.pbn")
    if writer.is_alive():  # the fix looked and let go before the writer opened the pipe: open it to let it end
        reader = os.open("a.pbn", os.O_RDONLY | os.O_NONBLOCK)
        writer.join()  # its few bytes fit the pipe: it writes them and ends
        os.close(reader)
    writer.join()
    assert status == 2 and "a.pbn: not fixed: a FIFO, not a regular file" in err
    assert sorted(os.listdir()) == ["a.pbn"] and not Path("a.pbn").is_file()


def test_a_read_only_file_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("a.pbn").write_bytes(FIXABLE)
    os.chmod("a.pbn", 0o444)
    status, err = fix(monkeypatch, "a.pbn")
    assert status == 2 and "not fixed: the file is read-only (mode 0444); make it writable to fix it" in err
    assert Path("a.pbn").read_bytes() == FIXABLE and leftovers(tmp_path) == []


def test_a_file_with_hard_links_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("a.pbn").write_bytes(FIXABLE)
    os.link("a.pbn", "b.pbn")
    status, err = fix(monkeypatch, "a.pbn")
    assert status == 2 and "has 2 hard links, which rewriting it would part" in err
    assert os.stat("a.pbn").st_ino == os.stat("b.pbn").st_ino and Path("b.pbn").read_bytes() == FIXABLE


def test_the_mode_and_owner_are_kept(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("a.pbn").write_bytes(FIXABLE)
    os.chmod("a.pbn", 0o604)
    owner = (os.geteuid(), os.getegid())
    if os.geteuid() == 0:  # root may give the file away: another user's file stays that user's
        owner = (12345, 23456)
        os.chown("a.pbn", *owner)
    status, _ = fix(monkeypatch, "a.pbn")
    status_of = os.stat("a.pbn")
    assert Path("a.pbn").read_bytes() == FIXED
    assert (status_of.st_mode & 0o7777, status_of.st_uid, status_of.st_gid) == (0o604, *owner)


def test_another_users_file_is_refused(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root keeps another user's ownership instead")
    path = tmp_path / "a.pbn"
    path.write_bytes(FIXABLE)
    snapshot = fixing.Snapshot.of(str(path))
    snapshot.status = os.stat_result((*snapshot.status[:4], os.geteuid() + 1, *snapshot.status[5:]))
    with pytest.raises(fixing.Refused, match="another user's"):
        snapshot.writable(frozenset())


def test_a_hand_record_is_never_rewritten(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("hand.pbn").write_bytes(FIXABLE)
    Path("a.pbn").write_bytes(FIXABLE)
    status, err = fix(monkeypatch, "--hand-record", "hand.pbn", "a.pbn")
    assert Path("hand.pbn").read_bytes() == FIXABLE and Path("a.pbn").read_bytes() == FIXED
    assert "hand.pbn: not fixed: a hand record or standard input's source is never rewritten" in err


def test_standard_inputs_source_is_never_rewritten(tmp_path):
    path = tmp_path / "f.pbn"
    path.write_bytes(FIXABLE)
    with open(path, "rb") as source:
        done = subprocess.run([sys.executable, "-m", "bridgelint", "check", "--isolated", "--fix", "/dev/stdin"],
                              stdin=source, capture_output=True, cwd=tmp_path)
    assert path.read_bytes() == FIXABLE
    assert b"never rewritten" in done.stderr and leftovers(tmp_path) == []


def test_a_full_disk_leaves_no_temporary_file_and_names_the_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("a.pbn").write_bytes(FIXABLE)

    class Full(io.FileIO):
        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

    def full_open(name, mode="r", *args, **kwargs):
        return Full(name, mode.replace("b", "")) if "w" in mode else open(name, mode, *args, **kwargs)

    monkeypatch.setattr(fixing, "open", full_open, raising=False)
    status, err = fix(monkeypatch, "a.pbn")
    assert status == 2 and "bridgelint: a.pbn: not fixed, nothing written: No space left on device" in err
    assert "standard output" not in err
    assert Path("a.pbn").read_bytes() == FIXABLE and leftovers(tmp_path) == []


def test_the_encodings_own_offsets_are_edited(tmp_path, monkeypatch):
    # 0xF5 0x32 is no GB18030 character: read as U+FFFD, four bytes in GB18030, but one byte of the file here
    monkeypatch.chdir(tmp_path)
    Path("a.pbn").write_bytes(b'[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1N {\xf52} p p p\n')
    fix(monkeypatch, "--encoding", "gb18030", "a.pbn")
    assert Path("a.pbn").read_bytes().endswith(b"\n1NT {\xf52} Pass Pass Pass\n")


def test_a_cr_only_file_keeps_its_line_ends(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = HEAD + '[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n'  # B109 adds a Score tag line
    Path("a.pbn").write_bytes(text.replace("\n", "\r").encode())
    fix(monkeypatch, "--extend-select", "B109", "a.pbn")
    want = text.replace('[Result', '[Score "NS 420"]\n[Result').replace("\n", "\r").encode()
    assert Path("a.pbn").read_bytes() == want


# --- --fix-to DIR ---------------------------------------------------------------------------------------------

def packed(folder: str, name: str = "x.pbn") -> str:
    import gzip

    Path(folder).mkdir(exist_ok=True)
    Path(folder, name + ".gz").write_bytes(gzip.compress(FIXABLE))
    return f"{folder}/{name}.gz"


def test_fix_to_never_overwrites_without_force(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("out").mkdir()
    Path("out/x.pbn").write_bytes(b"mine")
    status, err = fix(monkeypatch, "--fix-to", "out", packed("a"))
    assert status == 2 and "not written: out/x.pbn exists (--force overwrites it)" in err
    assert Path("out/x.pbn").read_bytes() == b"mine" and leftovers(Path("out")) == []
    status, err = fix(monkeypatch, "--fix-to", "out", "--force", packed("a"))
    assert Path("out/x.pbn").read_bytes() == FIXED


@pytest.mark.parametrize("force", [False, True])
def test_fix_to_never_writes_through_a_symbolic_link(tmp_path, monkeypatch, force):
    monkeypatch.chdir(tmp_path)
    Path("out").mkdir()
    os.symlink(tmp_path / "victim.pbn", "out/x.pbn")  # dangling: writing through it would create the victim
    fix(monkeypatch, "--fix-to", "out", *(["--force"] if force else []), packed("a"))
    assert not Path("victim.pbn").exists()
    assert Path("out/x.pbn").is_symlink() != force  # --force replaces the link itself by the fixed file
    if force:
        assert Path("out/x.pbn").read_bytes() == FIXED


def test_fix_to_refuses_two_inputs_for_one_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("out").mkdir()
    status, err = fix(monkeypatch, "--fix-to", "out", packed("a"), packed("b"))
    assert status == 2 and "a/x.pbn.gz and b/x.pbn.gz would both be written to out/x.pbn" in err
    assert os.listdir("out") == []


# --- bridgelint format: the same transaction ------------------------------------------------------------------

def test_format_refuses_a_read_only_file_and_one_with_hard_links(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("a.pbn").write_bytes(FIXABLE)
    os.chmod("a.pbn", 0o444)
    Path("b.pbn").write_bytes(FIXABLE)
    os.link("b.pbn", "c.pbn")
    status, _, err = run_cli(monkeypatch, "format", "--isolated", "a.pbn", "b.pbn")
    assert status == 2 and "a.pbn: not formatted: the file is read-only (mode 0444)" in err
    assert "b.pbn: not formatted: the file has 2 hard links" in err
    assert Path("a.pbn").read_bytes() == Path("c.pbn").read_bytes() == FIXABLE and leftovers(tmp_path) == []
    os.unlink("c.pbn")
    run_cli(monkeypatch, "format", "--isolated", "b.pbn")
    assert Path("b.pbn").read_bytes().startswith(b"% PBN 2.1\r\n% EXPORT\r\n")
