"""`make test`'s order (conftest.py): the modules it names as the longest exist (a renamed
or split one would silently fall back to its tier's place, late in the run), and
pytest-xdist's loadscope does not reorder the modules by their number of tests."""
import os
import types

import conftest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_every_module_named_longest_first_exists():
    assert len(set(conftest.LONGEST_FIRST)) == len(conftest.LONGEST_FIRST)
    for rel in conftest.LONGEST_FIRST:
        assert os.path.isfile(os.path.join(ROOT, rel)), rel


def test_loadscope_keeps_the_order_conftest_sets():
    config = types.SimpleNamespace(option=types.SimpleNamespace(loadscopereorder=True),
                                   addinivalue_line=lambda *a: None)
    conftest.pytest_configure(config)
    assert config.option.loadscopereorder is False
    # without pytest-xdist (-p no:xdist) there is no such option, and nothing to do
    bare = types.SimpleNamespace(option=types.SimpleNamespace(), addinivalue_line=lambda *a: None)
    conftest.pytest_configure(bare)
    assert not hasattr(bare.option, "loadscopereorder")
