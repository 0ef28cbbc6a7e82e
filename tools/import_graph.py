"""The package's import graph: modules, edges, circles (strongly connected components) and function-level imports of
project modules, read with `ast` (`python tools/import_graph.py [--pkg DIR] [-v]`, DIR defaulting to ferrox_lit/).
Exit 1 on any circle or function-level project import; the layers themselves are `lint-imports`' contract in
pyproject.toml. tests/test_layers.py plants an upward import in a copy of the package and shows both checks fail."""
import argparse, ast, collections, pathlib, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

def modules(pkg:pathlib.Path) -> dict:
    "Dotted module name -> file, for every module of the package at `pkg` (the generated _modidx.py left out)."
    mods = {}
    for p in sorted(pkg.rglob('*.py')):
        if p.name == '_modidx.py': continue
        name = '.'.join(p.relative_to(pkg.parent).with_suffix('').parts)
        mods[name.removesuffix('.__init__')] = p
    return mods

def _targets(mods, mod, node, top) -> list:
    "The project modules an import statement in `mod` names (a `from pkg import sub` names the submodule)."
    if isinstance(node, ast.Import): return [a.name for a in node.names if a.name.split('.')[0] == top]
    if node.level:
        pkg = mod.split('.') if mods[mod].name == '__init__.py' else mod.split('.')[:-1]
        base = '.'.join(pkg[:len(pkg) - node.level + 1])
        tgt = base + ('.' + node.module if node.module else '')
    else: tgt = node.module or ''
    if tgt.split('.')[0] != top: return []
    return [tgt + '.' + a.name if tgt + '.' + a.name in mods else tgt for a in node.names]

def graph(pkg:pathlib.Path):
    "(modules, edges: module -> set of modules it imports, function-level imports: (module, target, line))."
    mods, top = modules(pkg), pkg.name
    edges, fn_level = collections.defaultdict(set), []
    for m, p in mods.items():
        tree = ast.parse(p.read_text(encoding='utf-8'))
        at_top = {id(n) for n in tree.body}
        for n in ast.walk(tree):
            if not isinstance(n, (ast.Import, ast.ImportFrom)): continue
            for t in _targets(mods, m, n, top):
                while t not in mods and '.' in t: t = t.rsplit('.', 1)[0]
                if t == m or t not in mods: continue
                edges[m].add(t)
                if id(n) not in at_top: fn_level.append((m, t, n.lineno))
    return mods, edges, fn_level

def circles(mods, edges) -> list:
    "Strongly connected components of more than one module (Tarjan, iterative)."
    idx, low, st, on, out, c = {}, {}, [], set(), [], 0
    for root in mods:
        if root in idx: continue
        work = [(root, iter(sorted(edges[root])))]; idx[root] = low[root] = c; c += 1; st.append(root); on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in idx:
                    idx[w] = low[w] = c; c += 1; st.append(w); on.add(w); work.append((w, iter(sorted(edges[w]))))
                elif w in on: low[v] = min(low[v], idx[w])
                continue
            work.pop()
            if work: low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == idx[v]:
                comp = []
                while True:
                    w = st.pop(); on.discard(w); comp.append(w)
                    if w == v: break
                if len(comp) > 1: out.append(sorted(comp))
    return out

def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument('--pkg', default=str(ROOT / 'ferrox_lit'), help='the package folder (default: ferrox_lit/)')
    p.add_argument('-v', action='store_true', help='list every module with what it imports')
    a = p.parse_args(argv)
    mods, edges, fn_level = graph(pathlib.Path(a.pkg).resolve())
    big = circles(mods, edges)
    top = pathlib.Path(a.pkg).resolve().name + '.'
    short = lambda ts: ' '.join(sorted(t.removeprefix(top) for t in ts))
    print('modules', len(mods), 'edges', sum(len(v) for v in edges.values()))
    print('circles', len(big), [len(s) for s in big])
    print('function-level project imports', len(fn_level))
    for m, t, line in fn_level: print(f'  {m} line {line} imports {t} inside a function')
    for s in big: print('  circle:', short(s))
    if a.v:
        for m in mods: print(m.removeprefix(top), '|', short(edges[m]))
    return 1 if big or fn_level else 0

if __name__ == '__main__': sys.exit(main())
