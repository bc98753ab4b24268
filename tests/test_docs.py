"""The docs: README.md stays a front door (at most 250 lines, the two commands named), every
relative link in README.md and docs/**/*.md resolves (anchors included), no page names a
machine's own paths, and every measured figure block matches bench/results/ (rendered by
tools/perf_docs.py)."""
import json
import os
import re

import pytest

from tools import perf_docs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README_MAX_LINES = 250
PAGES = perf_docs.doc_files(ROOT)

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^```.*?^```[ \t]*$", re.S | re.M)
CODE = re.compile(r"`[^`\n]*`")


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def prose(text):
    """text without fenced blocks and inline code, where brackets are not links."""
    return CODE.sub("", FENCE.sub("", text))


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|<[^>]+>", "", heading.strip()).lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(rel):
    seen = {}
    out = set()
    for line in FENCE.sub("", read(rel)).splitlines():
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        s = slug(m.group(1))
        n = seen.get(s, 0)
        seen[s] = n + 1
        out.add(s if n == 0 else "%s-%d" % (s, n))
    return out


def links(rel):
    return [m.group(1) for m in LINK.finditer(prose(read(rel)))]


def test_readme_is_a_front_door():
    text = read("README.md")
    n = len(text.splitlines())
    assert n <= README_MAX_LINES, "README.md has %d lines (at most %d): move detail to docs/" % (
        n, README_MAX_LINES)
    for cmd in ("make sim", "make test", "make test-fast", "make uf2"):
        assert cmd in text, cmd


@pytest.mark.parametrize("rel", PAGES)
def test_relative_links_resolve(rel):
    here = os.path.dirname(os.path.join(ROOT, rel))
    bad = []
    for target in links(rel):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        full = os.path.normpath(os.path.join(here, path)) if path else os.path.join(ROOT, rel)
        if not os.path.exists(full):
            bad.append("%s (no such file)" % target)
            continue
        if os.path.relpath(full, ROOT).split(os.sep)[0] == "..":
            bad.append("%s (outside the repository)" % target)
            continue
        if anchor and full.endswith(".md") and anchor not in anchors(os.path.relpath(full, ROOT)):
            bad.append("%s (no heading with that anchor)" % target)
    assert not bad, "%s: broken links: %s" % (rel, "; ".join(bad))


def test_the_link_checker_sees_links():
    assert "docs/performance.md" in links("README.md")
    assert slug("The `kocka` host tool") == "the-kocka-host-tool"
    assert slug("Saving, resuming and quitting") == "saving-resuming-and-quitting"


@pytest.mark.parametrize("rel", PAGES)
def test_no_machine_paths(rel):
    """Nothing that only exists on one machine: a fresh checkout finds its files relative
    to itself or through an environment variable."""
    text = read(rel)
    found = re.findall(r"(?<![\w.])/(?:work|home|root|Users|opt|srv|mnt)/[\w./+-]*", text)
    assert not found, "%s names machine paths: %s" % (rel, found)


def test_figures_match_the_bench_results():
    stale = perf_docs.stale(ROOT)
    assert not stale, ("the measured figures in %s differ from bench/results/: run `%s` "
                       "and commit the result" % (", ".join(p for p, _ in stale),
                                                  perf_docs.COMMAND))


def test_every_results_file_is_shown_somewhere():
    used = set()
    for rel in PAGES:
        used.update(perf_docs.blocks_in(read(rel)))
    unknown = used - set(perf_docs.BLOCKS)
    assert not unknown, "unknown figure blocks: %s" % sorted(unknown)
    rendered = "\n".join(perf_docs.BLOCKS[name](perf_docs.Results()) for name in used)
    names = sorted(f[:-5] for f in os.listdir(perf_docs.RESULTS) if f.endswith(".json"))
    missing = [n for n in names if "bench/results/%s.json" % n not in rendered]
    assert not missing, "results no page shows: %s" % missing


def test_each_table_says_where_it_was_measured():
    results = perf_docs.Results()
    for name in perf_docs.BLOCKS:
        text = perf_docs.BLOCKS[name](results)
        if "|---" in text:
            assert "Measured on" in text, name


def test_device_figures_say_a_real_pico_is_slower():
    text = perf_docs.BLOCKS["device"](perf_docs.Results())
    assert perf_docs.DEVICE_NOTE in text


def test_where_uses_the_platform_when_the_results_name_it(tmp_path):
    for name, platform in (("device", "emulated RP2040 (rp2040js 1.4.1, MicroPython v1.28.0 "
                                      "RPI_PICO)"), ("sync", None)):
        meta = {"benchmark": name, "date": "2026-12-01 10:00:00", "machine": "x86_64",
                "seconds": 1.0}
        if platform:
            meta["platform"] = platform
        with open(tmp_path / ("%s.json" % name), "w") as f:
            json.dump({"meta": meta, "result": {}}, f)
    r = perf_docs.Results(str(tmp_path))
    assert perf_docs.where(r, "device").startswith(
        "*Measured on emulated RP2040 (rp2040js 1.4.1, MicroPython v1.28.0 RPI_PICO) "
        "(`bench/results/device.json`, 2026-12-01).")
    assert "x86_64" in perf_docs.where(r, "sync")


def test_a_stale_block_is_found_and_rewritten(tmp_path):
    results = perf_docs.Results()
    text = "intro\n<!-- figures:sync -->\nold figures\n<!-- /figures -->\nend\n"
    new = perf_docs.render(text, results)
    assert new != text and new.startswith("intro\n<!-- figures:sync -->\n| what |")
    assert new.endswith("<!-- /figures -->\nend\n")
    assert perf_docs.render(new, results) == new
    with pytest.raises(KeyError):
        perf_docs.render("<!-- figures:nope -->\n<!-- /figures -->", results)
