"""tools/build_uf2's shortcut: an image is rebuilt exactly when something it is built from
changed (a frozen file, the manifest, the board), else the last build's UF2 is kept."""
from tools import build_uf2


def digest_with(monkeypatch, tmp_path, files, board="RPI_PICO"):
    src = tmp_path / "src"
    (src / ".unpacked").parent.mkdir(exist_ok=True)
    (src / ".unpacked").write_text("tarball digest")
    monkeypatch.setattr(build_uf2, "SRC_CACHE", str(src))
    monkeypatch.delenv("MICROPY_DIR", raising=False)
    monkeypatch.setattr(build_uf2, "frozen_modules",
                        lambda folder: [(name, str(tmp_path)) for name in sorted(files)])
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    manifest = tmp_path / "manifest.py"
    manifest.write_text("the manifest")
    return build_uf2.inputs_digest(board, str(manifest))


def test_the_digest_follows_every_frozen_file_and_the_board(monkeypatch, tmp_path):
    files = {"a.py": "A = 1\n", "b.py": "B = 2\n"}
    first = digest_with(monkeypatch, tmp_path, files)
    assert first == digest_with(monkeypatch, tmp_path, files)
    assert first != digest_with(monkeypatch, tmp_path, dict(files, **{"c.py": ""}))  # one more
    assert first != digest_with(monkeypatch, tmp_path, dict(files, **{"b.py": "B = 3\n"}))
    assert first != digest_with(monkeypatch, tmp_path, files, board="RPI_PICO2")


def test_a_micropython_checkout_always_goes_through_make(monkeypatch, tmp_path):
    monkeypatch.setenv("MICROPY_DIR", str(tmp_path))
    assert build_uf2.inputs_digest("RPI_PICO", str(tmp_path / "manifest.py")) is None
