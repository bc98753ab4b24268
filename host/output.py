"""Where reports go: a terminal gets rich's tables (colour, borders), anything else
(a pipe, a file, a test) the same content as plain aligned text, byte-stable.

A report is a list of blocks: plain strings (notes) and Table objects. Every cell
is device data passed through safetext.shown() and given to rich as Text, never
as markup, so a name like "[red]" is printed as it is.
"""
import sys

from host.safetext import shown


class Table:
    def __init__(self, header, align, rows, title=None, notes=()):
        self.notes = list(notes)
        self.header = header
        self.align = align
        self.rows = [[shown(v) for v in r] for r in rows]
        self.title = title

    def plain(self):
        cols = [self.header] + self.rows
        widths = [max(len(str(r[i])) for r in cols) for i in range(len(self.header))]
        out = []
        for r in cols:
            cells = [v.rjust(widths[i]) if self.align[i] == ">" else v.ljust(widths[i])
                     for i, v in enumerate(str(c) for c in r)]
            out.append("  ".join(cells).rstrip())
        out.insert(1, "  ".join("-" * w for w in widths))
        text = "\n".join(out + self.notes)
        return "%s\n%s" % (shown(self.title), text) if self.title else text

    def rich(self):
        from rich.table import Table as RichTable
        from rich.text import Text
        t = RichTable(title=Text(shown(self.title), style="bold") if self.title else None,
                      title_justify="left", header_style="bold")
        for h, a in zip(self.header, self.align):
            t.add_column(Text(h), justify="right" if a == ">" else "left")
        for r in self.rows:
            t.add_row(*[Text(c) for c in r])
        return t


def plain(blocks):
    """The report as text (what a pipe gets)."""
    return "\n\n".join(b.plain() if isinstance(b, Table) else b for b in blocks)


def is_terminal(stream=None):
    stream = stream or sys.stdout
    return hasattr(stream, "isatty") and stream.isatty()


def emit(blocks, stream=None):
    """Prints a report: rich on a terminal, plain text otherwise."""
    stream = stream or sys.stdout
    if not is_terminal(stream):
        stream.write(plain(blocks) + "\n")
        return
    from rich.console import Console
    from rich.text import Text
    console = Console(file=stream, highlight=False)
    for b in blocks:
        if isinstance(b, Table):
            console.print(b.rich())
            for n in b.notes:
                console.print(Text(n, style="dim"))
        else:
            console.print(Text(b))
