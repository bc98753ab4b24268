"""Device-provided text made safe to show: on a terminal, in a CSV cell, in a chart.

Everything a device sends (names, its id, its error messages), and every path the
user gave (--db, --out, --port, a file to import: a name may hold any character), is
data, never markup: `shown()` writes control and other invisible characters as escapes
(ESC as \\x1b, U+202E as \\u202e), so no device can move the cursor, ring the
bell, rewrite a line or retitle the terminal. `csv_cell()` also neutralises
cells a spreadsheet would run as a formula (=, +, -, @, tab, CR first) with the
usual leading single quote; plain numbers stay numbers. Charts (host/plot.py)
use shown() with matplotlib's math text switched off, so '$' is just a dollar.
"""
import re
import unicodedata

_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?\Z")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _escape(ch):
    n = ord(ch)
    if n < 0x100:
        return "\\x%02x" % n
    if n < 0x10000:
        return "\\u%04x" % n
    return "\\U%08x" % n


def shown(value):
    """`value` as one line of printable text (None as "")."""
    if value is None:
        return ""
    text = value if isinstance(value, str) else str(value)
    if text.isprintable() and text.isascii():
        return text
    out = []
    for ch in text:
        # C*: controls, format (bidi overrides), surrogates, private, unassigned;
        # Z* other than a space: line and paragraph separators
        cat = unicodedata.category(ch)
        if cat[0] == "C" or (cat[0] == "Z" and ch != " "):
            out.append(_escape(ch))
        else:
            out.append(ch)
    return "".join(out)


def csv_cell(value):
    """A CSV cell: ints as they are, text shown() and never taken for a formula."""
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value)
    if isinstance(value, int):
        return value
    text = shown(value)
    if text.startswith(_FORMULA_START) and not _NUMBER.match(text):
        return "'" + text
    return text

