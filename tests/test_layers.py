"""The one-way import contract (issue 26): `tools/import_graph.py` (no circle, no function-level import of a project
module) and import-linter's layers contract in pyproject.toml, on the package as it is and, as a sabotage, on copies
of it with an upward import planted: each check must fail on the plant and name it."""
import os, shutil, subprocess, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = shutil.which('lint-imports', path=str(Path(sys.executable).parent)) or shutil.which('lint-imports')

def _graph(pkg:Path):
    return subprocess.run([sys.executable, str(ROOT / 'tools' / 'import_graph.py'), '--pkg', str(pkg)],
                          capture_output=True, text=True, timeout=120)

def _lint(where:Path):
    "lint-imports with `where`'s pyproject.toml, resolving `ferrox_lit` to the copy under `where` (PYTHONPATH wins over the editable install)."
    env = dict(os.environ, PYTHONPATH=str(where))
    return subprocess.run([LINT, '--config', str(where / 'pyproject.toml'), '--no-cache'], cwd=where, env=env,
                          capture_output=True, text=True, timeout=300)

@pytest.fixture
def copy(tmp_path):
    "A copy of the package and its contract, to plant imports in."
    shutil.copytree(ROOT / 'ferrox_lit', tmp_path / 'ferrox_lit', ignore=shutil.ignore_patterns('__pycache__'))
    shutil.copy(ROOT / 'pyproject.toml', tmp_path / 'pyproject.toml')
    return tmp_path

def _plant(copy:Path, module:str, line:str, where='top'):
    p = copy / 'ferrox_lit' / f'{module}.py'
    text = p.read_text()
    if where == 'top':   # after the module's docstring and `from __future__` line, which must stay first
        i = text.index('\n', text.index('from __future__')) + 1
        text = text[:i] + line + '\n' + text[i:]
    else: text += f'\ndef _planted():\n    {line}\n'
    p.write_text(text)

def test_the_package_keeps_the_contract():
    g = _graph(ROOT / 'ferrox_lit')
    assert g.returncode == 0 and 'circles 0' in g.stdout and 'function-level project imports 0' in g.stdout, g.stdout
    assert LINT, 'lint-imports is not installed (dev extras: import-linter)'
    r = _lint(ROOT)
    assert r.returncode == 0 and 'Contracts: 1 kept, 0 broken.' in r.stdout, r.stdout[-2000:]

@pytest.mark.skipif(LINT is None, reason='lint-imports is not installed (dev extras: import-linter)')
def test_an_unplanted_copy_is_clean(copy):
    assert _graph(copy / 'ferrox_lit').returncode == 0
    r = _lint(copy)
    assert r.returncode == 0, r.stdout[-2000:]

@pytest.mark.skipif(LINT is None, reason='lint-imports is not installed (dev extras: import-linter)')
def test_an_upward_top_level_import_fails_both(copy):
    _plant(copy, 'core', 'from .cli import main as _planted_main   # sabotage: layer 1 reaching up to layer 8')
    g = _graph(copy / 'ferrox_lit')
    assert g.returncode == 1 and 'circle:' in g.stdout and 'cli' in g.stdout and 'core' in g.stdout, g.stdout   # cli imports core
    r = _lint(copy)
    assert r.returncode == 1 and 'ferrox_lit.core is not allowed to import ferrox_lit.cli' in r.stdout, r.stdout[-3000:]

@pytest.mark.skipif(LINT is None, reason='lint-imports is not installed (dev extras: import-linter)')
def test_an_upward_function_level_import_fails_both(copy):
    _plant(copy, 'kind', 'from .vet import vet   # sabotage: a deferred import from the format seam up to vet', where='fn')
    g = _graph(copy / 'ferrox_lit')
    assert g.returncode == 1 and 'ferrox_lit.kind line' in g.stdout and 'imports ferrox_lit.vet inside a function' in g.stdout, g.stdout
    r = _lint(copy)   # grimp reads imports inside functions too
    assert r.returncode == 1 and 'ferrox_lit.kind is not allowed to import ferrox_lit.vet' in r.stdout, r.stdout[-3000:]

def test_a_sibling_circle_fails_the_graph(copy):
    # siblings of one layer may import each other (`:` in the contract), so only import_graph.py stops their circles
    _plant(copy, 'f16', 'from . import tables as _planted_tables', where='top')
    _plant(copy, 'tables', 'from . import f16 as _planted_f16', where='top')
    g = _graph(copy / 'ferrox_lit')
    assert g.returncode == 1 and 'circle: f16 tables' in g.stdout, g.stdout

def _contract() -> list:
    "pyproject.toml's layers, lowest first, each a set of module names (`formats` spelt `formats.*` as the Map spells it)."
    import tomllib
    cfg = tomllib.loads((ROOT / 'pyproject.toml').read_text())
    (c,) = [c for c in cfg['tool']['importlinter']['contracts'] if c['type'] == 'layers']
    return [{m.strip() + ('.*' if m.strip() == 'formats' else '') for m in layer.split(':')} for layer in reversed(c['layers'])]

def _map_disagreements(contract:list, layers:list) -> list:
    "Where the home page's Map (title, modules per layer) and the contract differ; [] if they agree."
    if len(layers) != len(contract): return [f'the Map has {len(layers)} layers, the contract {len(contract)}']
    return [f'{t}: the Map lists {sorted(set(mods) - want)} too and lacks {sorted(want - set(mods))}'
            for (t, mods), want in zip(layers, contract) if set(mods) != want]

def test_every_module_is_in_one_layer():
    mods = {p.stem for p in (ROOT / 'ferrox_lit').glob('*.py') if not p.name.startswith('_')} | {'formats.*'}
    contract = _contract()
    named = [m for layer in contract for m in layer]
    assert len(named) == len(set(named)), 'a module in two layers'
    assert set(named) == mods, (sorted(mods - set(named)), sorted(set(named) - mods))   # a new module must take a floor

def test_the_map_agrees_with_the_contract():
    sys.path.insert(0, str(ROOT / 'tools'))
    import build_docs
    layers, contract = build_docs.map_layers(), _contract()
    assert _map_disagreements(contract, layers) == [], _map_disagreements(contract, layers)
    assert [t.split()[0] for t, _ in layers] == [str(i) for i in range(1, 9)]
    # sabotage: the Map says q8_1 sits with the kernels; the check names it
    moved = [(t, [m for m in mods if m != 'q8_1'] + (['q8_1'] if t.startswith('3 ') else [])) for t, mods in layers]
    assert _map_disagreements(contract, moved) == ["1 Primitives: the Map lists [] too and lacks ['q8_1']",
                                                   "3 Kernels, pure: the Map lists ['q8_1'] too and lacks []"]
    # every page finds its layer in the Map (build_docs --strict refuses a page that does not)
    nbs = sorted((ROOT / 'nbs').glob('*.ipynb'))
    assert [nb.name for nb in nbs if build_docs.layer_of(nb, layers) is None] == ['index.ipynb']
