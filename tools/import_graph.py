"""The package's import graph: modules, edges, circles (strongly connected components) and function-level imports of
project modules, read with `ast` from ferrox_lit/ (`python tools/import_graph.py [-v]`). Exit 1 on any circle or
function-level project import; the layers themselves are `lint-imports`' contract in pyproject.toml."""
import ast, pathlib, sys, collections
root = pathlib.Path(__file__).resolve().parent.parent / 'ferrox_lit'
import os; os.chdir(root.parent); root = pathlib.Path('ferrox_lit')
mods = {}
for p in sorted(root.rglob('*.py')):
    if p.name == '_modidx.py': continue
    name = '.'.join(p.with_suffix('').parts)
    if name.endswith('.__init__'): name = name[:-9]
    mods[name] = p
def resolve(mod, node):
    if isinstance(node, ast.ImportFrom):
        if node.level:
            pkg = mod.split('.') if mods[mod].name == '__init__.py' else mod.split('.')[:-1]
            base = '.'.join(pkg[:len(pkg)-node.level+1])
            tgt = base + ('.' + node.module if node.module else '')
        else: tgt = node.module or ''
        out = []
        if not tgt.startswith('ferrox_lit'): return []
        for a in node.names:
            if tgt + '.' + a.name in mods: out.append(tgt + '.' + a.name)
            else: out.append(tgt)
        return out
    return [a.name for a in node.names if a.name.startswith('ferrox_lit')]
edges = collections.defaultdict(set); fn_level = []
for m, p in mods.items():
    tree = ast.parse(p.read_text())
    top = set(id(n) for n in tree.body)
    for n in ast.walk(tree):
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            for t in resolve(m, n):
                while t not in mods and '.' in t: t = t.rsplit('.',1)[0]
                if t == m or t not in mods: continue
                edges[m].add(t)
                if id(n) not in top: fn_level.append((m, t, n.lineno))
# tarjan
idx = {}; low = {}; st = []; on = set(); sccs = []; c = [0]
sys.setrecursionlimit(10000)
def sc(v):
    idx[v] = low[v] = c[0]; c[0] += 1; st.append(v); on.add(v)
    for w in edges[v]:
        if w not in idx: sc(w); low[v] = min(low[v], low[w])
        elif w in on: low[v] = min(low[v], idx[w])
    if low[v] == idx[v]:
        comp = []
        while True:
            w = st.pop(); on.discard(w); comp.append(w)
            if w == v: break
        sccs.append(comp)
for v in mods:
    if v not in idx: sc(v)
big = [s for s in sccs if len(s) > 1]
print('modules', len(mods), 'edges', sum(len(v) for v in edges.values()))
print('circles', len(big), [len(s) for s in big])
print('function-level project imports', len(fn_level))
cnt = collections.Counter(m for m,_,_ in fn_level)
if cnt: print(cnt.most_common(20))
for s in big: print(sorted(x.replace('ferrox_lit.','') for x in s))
if '-v' in sys.argv:
    fl = collections.defaultdict(set)
    for m,t,l in fn_level: fl[m].add(t)
    for m in mods:
        short = lambda ts: ' '.join(sorted(t.replace('ferrox_lit.', '') for t in ts))
        print(m.replace('ferrox_lit.', ''), '| top:', short(edges[m] - fl[m]), '| fn:', short(fl[m]))

sys.exit(1 if big or fn_level else 0)
