"""Execute notebooks in place so their outputs are committed, and check that committed outputs are current.

    python tools/run_nbs.py                  # run every stale notebook in nbs/ (in place), then clean it
    python tools/run_nbs.py nbs/15_q4_k.ipynb --force   # run these even if current
    python tools/run_nbs.py --flags cuda     # also run `#| cuda` cells (on a GPU machine)
    python tools/run_nbs.py --check          # execute nothing; exit 1 listing notebooks whose outputs are stale

Cells are skipped exactly as `nbdev_test` skips them: markdown, `nbdev_export()` calls, `#| eval: false`, and
cells carrying a flag of settings.ini's `tst_flags` (`notest cuda`) unless forced with `--flags`; a notebook whose
frontmatter says `skip_exec` is not run. Each notebook runs in its own process (execnb's `CaptureShell`, as
nbdev does), with the notebook's folder as working directory. After a clean run the notebook is passed through
nbdev_clean's own cleaning (settings.ini's keys) and written back with a record in its metadata, under
`ferrox_lit_run`:

- `code_sha256`: the hash of its code cells' sources, in order (what produced the outputs);
- `lib_sha256`: the hash of the `ferrox_lit` modules it imports, followed through their own `ferrox_lit` imports
  (the code the outputs also depend on), each module's text without nbdev's `# %%` cell markers; then of every
  measurement file under docs/measurements/ that the notebook or those modules name in a string literal
  (`'bench_gpu.json'`), its content or the fact that it is absent, so committing a GPU run makes the
  notebooks that render it stale;
- `flags`: the flags that were forced (outputs of skipped cells are cleared).

`--check` recomputes both hashes from the files on disk and compares; a notebook with no record is stale.
nbdev_clean strips notebook metadata it is not told to keep: settings.ini needs
`allowed_metadata_keys = ferrox_lit_run`.
"""
from __future__ import annotations
import argparse, ast, hashlib, json, os, re, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEY = 'ferrox_lit_run'

# ---------- hashes (pure functions of the files on disk; no nbdev needed) ----------

def code_sources(nb:dict) -> list:
    "The sources of `nb`'s code cells, in order, as strings."
    return [''.join(c['source']) if isinstance(c['source'], list) else c['source'] for c in nb['cells'] if c['cell_type'] == 'code']

def code_hash(nb:dict) -> str:
    "sha256 of the code cells' sources, each followed by a NUL byte."
    h = hashlib.sha256()
    for s in code_sources(nb): h.update(s.encode() + b'\0')
    return h.hexdigest()

IMPORT_RE = re.compile(r'^\s*(?:from\s+(ferrox_lit(?:\.[\w.]+)?)\s+import\s+([\w\s,().*]+)|import\s+(ferrox_lit(?:\.[\w.]+)?))', re.M)

def _module_file(lib:Path, dotted:str):
    "Path of module `dotted` (e.g. 'ferrox_lit.formats.q4_k') under `lib`'s parent, or None."
    p = lib.parent.joinpath(*dotted.split('.'))
    for c in (p.with_suffix('.py'), p / '__init__.py'):
        if c.is_file(): return c
    return None

def _imports_of_source(src:str, pkg:str) -> set:
    "Dotted ferrox_lit modules that python source `src` (living in package `pkg`) imports."
    out = set()
    try: tree = ast.parse(src)
    except SyntaxError: tree = None
    if tree is None:  # IPython syntax (magics, `!`): fall back to a regex over the lines
        for m in IMPORT_RE.finditer(src):
            base = m.group(1) or m.group(3)
            out.add(base)
            if m.group(2): out.update(f'{base}.{n.strip()}' for n in re.split(r'[\s,()]+', m.group(2)) if n.strip() and n.strip() != '*')
        return out
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.split('.')[0] == 'ferrox_lit')
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative import inside the package
                parts = pkg.split('.')[:len(pkg.split('.')) - node.level + 1]
                base = '.'.join(parts + ([node.module] if node.module else []))
            else: base = node.module or ''
            if base.split('.')[0] != 'ferrox_lit': continue
            out.add(base)
            out.update(f'{base}.{a.name}' for a in node.names)  # `from ferrox_lit import kinds` names a module
    return out

def _norm_module(text:str) -> str:
    "Module text without nbdev's `# %%` cell markers (they carry cell ids, not code)."
    return '\n'.join(l for l in text.splitlines() if not l.startswith('# %%'))

def lib_deps(nb:dict, lib:Path) -> list:
    "Files of the ferrox_lit modules `nb` imports, transitively, sorted by path."
    seen, todo = {}, []
    for s in code_sources(nb): todo += sorted(_imports_of_source(s, 'ferrox_lit'))
    while todo:
        d = todo.pop()
        f = _module_file(lib, d)
        if f is None or f in seen.values(): continue
        seen[d] = f
        pkg = d if f.name == '__init__.py' else d.rpartition('.')[0]
        todo += sorted(_imports_of_source(f.read_text(), pkg))
        todo += ['.'.join(d.split('.')[:i]) for i in range(1, d.count('.') + 1)]  # importing a.b.c runs a and a.b first
    return sorted(set(seen.values()))

MEASUREMENTS = ROOT / 'docs' / 'measurements'
DATA_RE = re.compile(r"""['"]([\w.-]+\.json)['"]""")

def data_files(texts) -> list:
    "Names of measurement files (docs/measurements/NAME.json) that appear as string literals in `texts`, sorted."
    return sorted({m for t in texts for m in DATA_RE.findall(t)})

def lib_hash(nb:dict, lib:Path) -> str:
    "sha256 over every ferrox_lit module `nb` depends on, then over each measurement file it or they name (content, or absent)."
    h = hashlib.sha256()
    deps = lib_deps(nb, lib)
    for f in deps:
        h.update(str(f.relative_to(lib.parent)).encode() + b'\0' + _norm_module(f.read_text()).encode() + b'\0')
    for name in data_files(code_sources(nb) + [f.read_text() for f in deps]):  # a committed GPU run makes its renderers stale
        p = MEASUREMENTS / name
        h.update(b'data\0' + name.encode() + b'\0' + (p.read_bytes() if p.is_file() else b'absent') + b'\0')
    return h.hexdigest()

def staleness(path:Path, lib:Path) -> str | None:
    "None when `path`'s recorded run matches its current code and library, else why it is stale."
    nb = json.loads(path.read_text(encoding='utf-8'))
    rec = nb.get('metadata', {}).get(KEY)
    if not rec: return 'never run by tools/run_nbs.py (no outputs record)'
    if rec.get('code_sha256') != code_hash(nb): return 'code cells changed since the outputs were made'
    if rec.get('lib_sha256') != lib_hash(nb, lib):
        return 'ferrox_lit modules it imports changed (or measurement files it reads) since the outputs were made'
    return None

# ---------- execution (one notebook, in this process) ----------

def run_one(path:Path, force_flags:list) -> int:
    "Execute `path` in place, as nbdev_test would; on success clean it and record the hashes. Exit status."
    from execnb.nbio import read_nb, write_nb
    from execnb.shell import CaptureShell
    from fastcore.xtras import working_directory
    from nbdev.config import get_config
    from nbdev.process import NBProcessor, extract_directives
    from nbdev.frontmatter import FrontmatterProc
    from nbdev.clean import _nbdev_clean
    from fastcore.basics import str2bool

    cfg = get_config()
    flags = set(cfg.tst_flags.split()) - set(force_flags)
    fm = getattr(NBProcessor(path, procs=FrontmatterProc, process=True).nb, 'frontmatter_', {})
    nb = read_nb(path)
    if str2bool(fm.get('skip_exec', False)):
        print(f'{path.name}: frontmatter says skip_exec; not run'); return 0

    def skip(cell):  # nbdev.test.test_nb's `_no_eval`, on the unmodified cell
        if cell.cell_type != 'code': return True
        if 'nbdev_export' + '(' in cell.source: return True
        direc = extract_directives(cell, remove=False) or {}
        if direc.get('eval:', [''])[0].lower() == 'false': return True
        return bool(flags & direc.keys())

    for c in nb.cells:
        if c.cell_type == 'code': c.outputs, c.execution_count = [], None
    if str(cfg.config_path) not in sys.path: sys.path.insert(0, str(cfg.config_path))
    import matplotlib; matplotlib.use('Agg')
    t = time.time()
    k = CaptureShell(path)
    try:
        with working_directory(path.parent): k.run_all(nb, exc_stop=True, preproc=skip)
    except BaseException:
        sys.stderr.write(k.prettytb(fname=path) + '\n')
        print(f'{path.name}: FAILED after {time.time() - t:.1f} s; notebook left unchanged', file=sys.stderr)
        return 1
    nb.metadata[KEY] = {'code_sha256': code_hash(nb), 'lib_sha256': lib_hash(nb, cfg.lib_path), 'flags': sorted(force_flags)}
    _nbdev_clean(nb)
    write_nb(nb, path)
    left = staleness(path, cfg.lib_path)
    if left:
        print(f'{path.name}: written but still stale ({left}); is `allowed_metadata_keys = {KEY}` in settings.ini?', file=sys.stderr)
        return 1
    print(f'{path.name}: ran in {time.time() - t:.1f} s, outputs saved')
    return 0

# ---------- command ----------

def rel(p:Path) -> str:
    p = Path(p).resolve()
    return str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else str(p)

def notebooks(args) -> list:
    from nbdev.doclinks import nbglob
    if not args: return sorted(nbglob(as_path=True))
    out = []
    for a in args:
        p = Path(a)
        out += sorted(nbglob(p, as_path=True)) if p.is_dir() else [p]
    missing = [str(p) for p in out if not p.is_file()]
    if missing: sys.exit(f"run_nbs: no such notebook: {', '.join(missing)}")
    return [p.resolve() for p in out]

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0], epilog=__doc__.split('\n\n', 1)[1].split('\n\n')[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('paths', nargs='*', help='notebooks or folders (default: every notebook of nbs_path)')
    ap.add_argument('--check', action='store_true', help='execute nothing; exit 1 listing notebooks whose committed outputs are stale')
    ap.add_argument('--force', action='store_true', help='execute the notebooks even if their outputs are current')
    ap.add_argument('--flags', default='', help='space-separated tst_flags whose cells run anyway (like nbdev_test --flags)')
    ap.add_argument('--n_workers', type=int, default=1, help='notebooks executed at once (default %(default)s)')
    ap.add_argument('--one', action='store_true', help=argparse.SUPPRESS)  # internal: run a single notebook in this process
    a = ap.parse_args(argv)
    os.chdir(ROOT)
    from nbdev.config import get_config
    lib = get_config().lib_path
    if a.one: return run_one(Path(a.paths[0]), a.flags.split())
    nbs = notebooks(a.paths)
    stale = {p: staleness(p, lib) for p in nbs}
    if a.check:
        bad = {p: why for p, why in stale.items() if why}
        for p, why in bad.items(): print(f'stale: {rel(p)}: {why}')
        print(f'run_nbs --check: {len(nbs) - len(bad)} of {len(nbs)} notebooks have current outputs'
              + ('; run `python tools/run_nbs.py` and commit' if bad else ''))
        return 1 if bad else 0
    todo = nbs if a.force else [p for p in nbs if stale[p]]
    if not todo: print(f'run_nbs: all {len(nbs)} notebooks current; nothing to run (--force to run anyway)'); return 0
    print(f'run_nbs: executing {len(todo)} notebook(s): {" ".join(p.name for p in todo)}', flush=True)
    def one(p):
        cmd = [sys.executable, str(Path(__file__).resolve()), '--one', str(p), '--flags', a.flags]
        return subprocess.run(cmd, cwd=ROOT).returncode
    t = time.time()
    with ThreadPoolExecutor(max(1, a.n_workers)) as ex: codes = list(ex.map(one, todo))
    failed = [p.name for p, c in zip(todo, codes) if c]
    print(f'run_nbs: {len(todo) - len(failed)} of {len(todo)} ran clean in {time.time() - t:.0f} s'
          + (f'; FAILED: {" ".join(failed)}' if failed else ''))
    return 1 if failed else 0

if __name__ == '__main__': sys.exit(main())
