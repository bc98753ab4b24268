"""No import cycles in the device code (firmware/ and shared_rules/), counting the imports
made inside functions: a module that needs another one at run time depends on it as
much as one that imports it at the top. Read from the source, nothing imported."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# import root -> packages under it, as the device's bundle lays them out
PACKAGES = {os.path.join(ROOT, "firmware"): ("app", "hal", "board"),
            ROOT: ("shared_rules",)}


def modules():
    """{dotted name: path} of every module of the device code."""
    out = {}
    for base, packages in PACKAGES.items():
        for package in packages:
            for folder, dirs, files in os.walk(os.path.join(base, package)):
                dirs[:] = [d for d in dirs if d != "__pycache__"]
                for name in files:
                    if name.endswith(".py"):
                        rel = os.path.relpath(os.path.join(folder, name), base)[:-3]
                        dotted = rel.replace(os.sep, ".")
                        if dotted.endswith(".__init__"):
                            dotted = dotted[:-len(".__init__")]
                        out[dotted] = os.path.join(folder, name)
    return out


def imported(name, path, known):
    """The known modules `name` imports, anywhere in its body."""
    with open(path) as f:
        tree = ast.parse(f.read())
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            candidates = [base] + ["%s.%s" % (base, alias.name) for alias in node.names]
        else:
            continue
        out.update(c for c in candidates if c in known and c != name)
    return out


def cycles(graph):
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_the_finder_sees_a_cycle_through_a_function():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_device_code_has_no_import_cycles():
    known = modules()
    assert "app.app" in known and "shared_rules.registry" in known and "hal.api" in known
    graph = dict((name, imported(name, path, known)) for name, path in known.items())
    assert "app.gamescreen" in graph["app.games.cubo.play"]     # a top-level import is seen
    assert "app.howto" in graph["app.gamescreen"]          # and one inside a function
    assert cycles(graph) == []
