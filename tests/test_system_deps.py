"""The system packages, listed once (tools/system_deps.py): found by what they provide,
installed only where that is possible (root with apt-get), named in one line anywhere
else; `make test`, `make uf2` and `.ci/run` all go through it."""
import io
import os

from tools import build_uf2, system_deps

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fake(monkeypatch, present, root=False):
    """Probes that see only `present`; can_install as root with apt-get or not."""
    for name in system_deps.PACKAGES:
        probe = (lambda here=name in present: here)
        monkeypatch.setitem(system_deps.PACKAGES, name, (probe, system_deps.PACKAGES[name][1]))
    monkeypatch.setattr(system_deps, "can_install", lambda: root)


def test_the_image_needs_the_arm_toolchains_cpp_headers_too():
    assert "libstdc++-arm-none-eabi-newlib" in system_deps.NEEDS["uf2"]
    assert set(system_deps.NEEDS["uf2"]) <= set(system_deps.NEEDS["test"])
    assert "chromium" in system_deps.NEEDS["test"] and "nodejs" in system_deps.NEEDS["test"]


def test_anywhere_else_one_line_says_exactly_what_to_install(monkeypatch):
    fake(monkeypatch, present={"make", "cmake", "nodejs", "npm"})
    out, err = io.StringIO(), io.StringIO()
    assert system_deps.ensure(["uf2"], out=out, err=err) == 1
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and out.getvalue() == ""
    assert ("sudo apt-get install --no-install-recommends gcc-arm-none-eabi "
            "libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib") in lines[0]


def test_as_root_with_apt_it_installs_what_is_missing(monkeypatch):
    fake(monkeypatch, present=set(system_deps.PACKAGES) - {"chromium"}, root=True)
    asked = []

    def install(names, out):
        asked.append(list(names))
        return []
    monkeypatch.setattr(system_deps, "install", install)
    assert system_deps.ensure(["test"], out=io.StringIO(), err=io.StringIO()) == 0
    assert asked == [["chromium"]]


def test_check_only_never_installs(monkeypatch):
    fake(monkeypatch, present=set(), root=True)
    monkeypatch.setattr(system_deps, "install", lambda names, out: 1 / 0)
    err = io.StringIO()
    assert system_deps.ensure(["web"], check_only=True, out=io.StringIO(), err=err) == 1
    assert "nodejs, npm" in err.getvalue()


def test_a_build_from_a_test_never_installs_and_says_what_is_missing(monkeypatch):
    fake(monkeypatch, present={"make", "cmake"}, root=True)
    monkeypatch.setattr(system_deps, "install", lambda names, out: 1 / 0)
    try:
        build_uf2.ensure_toolchain()
    except build_uf2.BuildError as e:
        assert "gcc-arm-none-eabi" in str(e) and "libstdc++-arm-none-eabi-newlib" in str(e)
    else:
        raise AssertionError("a missing toolchain passed")


def test_the_commands_and_ci_use_the_one_list():
    with open(os.path.join(ROOT, "Makefile")) as f:
        make = f.read()
    for target, needs in (("test", "test"), ("uf2", "uf2"), ("bench", "bench")):
        rule = make.split("\n%s:" % target, 1)[1].split("\n\n", 1)[0]
        assert "$(SYSTEM_DEPS) %s" % needs in rule, target
    assert "SYSTEM_DEPS := $(PYTHON) tools/system_deps.py" in make
    with open(os.path.join(ROOT, ".ci", "run")) as f:
        assert "tools/system_deps.py test" in f.read()
    for folder in ("tests", "tools", "bench"):
        for dirpath, _dirs, names in os.walk(os.path.join(ROOT, folder)):
            for name in names:
                if name.endswith(".py") and name != "system_deps.py" and \
                        name != "test_system_deps.py":
                    with open(os.path.join(dirpath, name)) as f:
                        text = f.read()
                    assert '"apt-get", "install"' not in text, name   # only system_deps


def test_the_probes_run_here():
    missing = system_deps.missing(["test"])
    assert isinstance(missing, list) and set(missing) <= set(system_deps.NEEDS["test"])
