"""Run every notebook top to bottom as `nbdev_test` does, leaving the test calls to pytest.

`tools/export_tests.py` copies each `#| test` cell into `tests/test_nb_<page>.py` without its bare
`test_*()` calls (CI fails if the copy drifts), and the README's test command runs those functions.
`nbdev_test` would run every test a second time, so CI runs the pages with this instead: every cell
executes in order, as under `nbdev_test` (same skip flags, `tst_flags` from settings.ini; a page fails on
its first error), except that a `#| test` cell runs with its bare `test_*()` calls removed. Its helpers
and constants are still defined for the cells after it, exactly the module pytest imports. Plain
`nbdev_test` still runs everything.

    python tools/test_pages.py [--n_workers 2] [--timing] [--skip index.ipynb] [NB ...]
"""
import argparse, os, re, sys, time
from pathlib import Path
from execnb.shell import CaptureShell
from fastcore.parallel import parallel
from fastcore.xtras import working_directory
from nbdev.config import get_config
from nbdev.frontmatter import FrontmatterProc
from nbdev.process import NBProcessor

ROOT = Path(__file__).resolve().parent.parent
CALL = re.compile(r'^test_\w+\(\)\s*$')   # the line export_tests.py drops: a bare call of a test function

def without_calls(src:str) -> tuple:
    "(`src` without its bare `test_*()` lines, how many were removed)."
    lines = src.splitlines()
    keep = [l for l in lines if not CALL.match(l)]
    return '\n'.join(keep), len(lines) - len(keep)

def run_page(fn:Path, skip_flags=()) -> tuple:
    "Execute notebook `fn` (test calls removed): (ok, seconds, test calls left to pytest)."
    os.environ['IN_TEST'] = '1'
    nb = NBProcessor(fn, procs=FrontmatterProc, process=True).nb
    calls = 0
    def preproc(cell):   # True: skip the cell, as nbdev's test_nb decides; test cells lose their calls
        nonlocal calls
        if cell.cell_type != 'code' or 'nbdev_export(' in cell.source: return True
        direc = getattr(cell, 'directives_', {}) or {}
        if direc.get('eval:', [''])[0].lower() == 'false' or set(skip_flags) & direc.keys(): return True
        if 'test' in direc: cell.source, n = without_calls(cell.source); calls += n
        return False
    start, k = time.time(), CaptureShell(fn)
    try:
        with working_directory(fn.parent): k.run_all(nb, exc_stop=True, preproc=preproc)
        return True, time.time() - start, calls
    except Exception:
        sys.stderr.write(k.prettytb(fname=fn) + '\n')
        return False, time.time() - start, calls

def pages(names=(), skip=()) -> list:
    "The notebooks to run: `names` (paths, or names and stems under nbs/), else every nbs/*.ipynb; minus `skip`."
    nbs = ROOT / 'nbs'
    def one(n): return Path(n) if Path(n).is_file() else nbs / (n if n.endswith('.ipynb') else n + '.ipynb')
    fs = [one(n) for n in names] if names else sorted(nbs.glob('*.ipynb'))
    missing = [f.name for f in fs if not f.exists()]
    if missing: sys.exit(f"test_pages: no such notebook: {', '.join(missing)}")
    return [f.absolute() for f in fs if f.name not in set(skip)]

def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('nbs', nargs='*', help='notebooks to run (default: all of nbs/)')
    p.add_argument('--n_workers', type=int, default=2)
    p.add_argument('--timing', action='store_true', help="print each page's seconds, slowest first")
    p.add_argument('--skip', action='append', default=[], help='a notebook another CI step executes (repeatable)')
    a = p.parse_args(argv)
    fs = pages(a.nbs, a.skip)
    cfg = get_config()
    sys.path.insert(0, str(cfg.config_path))
    skip_flags = cfg.tst_flags.split()
    # the workers get `run_page` by its module's name: a page's IPython shell replaces sys.modules['__main__']
    sys.path.insert(0, str(Path(__file__).resolve().parent)); import test_pages
    res = parallel(test_pages.run_page, fs, skip_flags=skip_flags, n_workers=a.n_workers, pause=0.01)
    failed = [f.name for f, (ok, _, _) in zip(fs, res) if not ok]
    print(f"test_pages: {len(fs) - len(failed)} of {len(fs)} pages ran clean; {sum(r[2] for r in res)} test calls left to pytest; "
          f"cells flagged {', '.join(skip_flags)} skipped")
    if a.timing:
        for f, (_, t, _) in sorted(zip(fs, res), key=lambda o: -o[1][1]): print(f'{f.name}: {int(t)} secs')
    if failed: sys.exit('test_pages: failed: ' + ', '.join(failed))

if __name__ == '__main__': main()
