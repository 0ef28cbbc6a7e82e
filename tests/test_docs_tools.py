"""Tests of the docs tooling: tools/run_nbs.py (committed outputs and their staleness check) and the parts of
tools/build_docs.py that do not need MkDocs or a browser. The browser test itself is tools/browser_test.py."""
import json, subprocess, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / 'tools'))
import run_nbs, build_docs  # noqa: E402

def _nb(*cells):
    "A notebook dict from ('code'|'markdown', source) pairs."
    return {'cells': [{'cell_type': t, 'metadata': {}, 'source': s, **({'outputs': [], 'execution_count': None} if t == 'code' else {}), 'id': f'c{i}'}
                      for i, (t, s) in enumerate(cells)],
            'metadata': {'kernelspec': {'display_name': 'python3', 'language': 'python', 'name': 'python3'}},
            'nbformat': 4, 'nbformat_minor': 5}

def test_code_hash_follows_code_not_prose():
    a = _nb(('markdown', '# t'), ('code', 'x = 1'))
    b = _nb(('markdown', '# other prose'), ('code', 'x = 1'))
    c = _nb(('markdown', '# t'), ('code', 'x = 2'))
    assert run_nbs.code_hash(a) == run_nbs.code_hash(b)
    assert run_nbs.code_hash(a) != run_nbs.code_hash(c)
    # cell boundaries count: one cell 'x = 1y' is not two cells 'x = 1' + 'y'
    assert run_nbs.code_hash(_nb(('code', 'x = 1'), ('code', 'y'))) != run_nbs.code_hash(_nb(('code', 'x = 1y')))

def test_lib_deps_follow_imports_transitively(tmp_path):
    lib = tmp_path / 'ferrox_lit'; (lib / 'formats').mkdir(parents=True)
    (lib / '__init__.py').write_text('')
    (lib / 'core.py').write_text('X = 1\n')
    (lib / 'kind.py').write_text('from .core import X\n')
    (lib / 'formats' / '__init__.py').write_text('')
    (lib / 'formats' / 'q.py').write_text('from ..kind import X\n')
    (lib / 'other.py').write_text('Y = 2\n')
    nb = _nb(('code', 'from ferrox_lit.formats.q import X'))
    got = {p.relative_to(tmp_path).as_posix() for p in run_nbs.lib_deps(nb, lib)}
    assert got == {'ferrox_lit/__init__.py', 'ferrox_lit/formats/__init__.py', 'ferrox_lit/formats/q.py', 'ferrox_lit/kind.py', 'ferrox_lit/core.py'}
    h = run_nbs.lib_hash(nb, lib)
    (lib / 'other.py').write_text('Y = 3\n')       # not imported: same hash
    assert run_nbs.lib_hash(nb, lib) == h
    (lib / 'core.py').write_text('# %% ../nbs/00_core.ipynb #newid\nX = 1\n')  # only nbdev's cell marker moved
    assert run_nbs.lib_hash(nb, lib) == h
    (lib / 'core.py').write_text('X = 2\n')       # imported two steps away: stale
    assert run_nbs.lib_hash(nb, lib) != h

def test_lib_hash_follows_named_measurement_files(tmp_path, monkeypatch):
    lib = tmp_path / 'ferrox_lit'; lib.mkdir(); (lib / '__init__.py').write_text('')
    (lib / 'bench.py').write_text("MEASURED = 'run.json'\n")
    meas = tmp_path / 'm'; meas.mkdir(); monkeypatch.setattr(run_nbs, 'MEASUREMENTS', meas)
    nb = _nb(('code', 'from ferrox_lit.bench import MEASURED'))
    absent = run_nbs.lib_hash(nb, lib)
    (meas / 'other.json').write_text('{}')
    assert run_nbs.lib_hash(nb, lib) == absent                     # a file nobody names: same hash
    (meas / 'run.json').write_text('{"a": 1}'); first = run_nbs.lib_hash(nb, lib)
    assert first != absent                                         # a run committed: the renderers are stale
    (meas / 'run.json').write_text('{"a": 2}')
    assert run_nbs.lib_hash(nb, lib) != first                      # a newer run: stale again
    assert run_nbs.data_files(["x = 'a.json' + \"b.json\"", "c.txt 'd.csv'"]) == ['a.json', 'b.json']

def test_staleness_reports_each_cause(tmp_path):
    lib = tmp_path / 'ferrox_lit'; lib.mkdir(); (lib / '__init__.py').write_text(''); (lib / 'core.py').write_text('X = 1\n')
    nb = _nb(('code', 'from ferrox_lit.core import X\nX'))
    p = tmp_path / 'n.ipynb'
    p.write_text(json.dumps(nb))
    assert 'never run' in run_nbs.staleness(p, lib)
    nb['metadata'][run_nbs.KEY] = {'code_sha256': run_nbs.code_hash(nb), 'lib_sha256': run_nbs.lib_hash(nb, lib), 'flags': []}
    p.write_text(json.dumps(nb))
    assert run_nbs.staleness(p, lib) is None
    (lib / 'core.py').write_text('X = 2\n')
    assert 'modules it imports changed' in run_nbs.staleness(p, lib)
    (lib / 'core.py').write_text('X = 1\n')
    nb['cells'][0]['source'] = 'from ferrox_lit.core import X\nX + 1'
    p.write_text(json.dumps(nb))
    assert 'code cells changed' in run_nbs.staleness(p, lib)

def test_run_nbs_executes_skips_cuda_records_and_check_catches_an_edit(tmp_path):
    "End to end on a scratch notebook: outputs saved, `#| cuda` cell skipped, --check passes, then fails after an edit."
    p = tmp_path / 'scratch.ipynb'
    p.write_text(json.dumps(_nb(('markdown', '# scratch\n> a test notebook'), ('code', 'print(6 * 7)'),
                                ('code', '#| cuda\nprint("gpu")'), ('code', '#| eval: false\nprint("never")'))))
    run = lambda *a: subprocess.run([sys.executable, str(ROOT / 'tools' / 'run_nbs.py'), *a], capture_output=True, text=True, cwd=ROOT)
    r = run(str(p))
    assert r.returncode == 0, r.stdout + r.stderr
    nb = json.loads(p.read_text())
    outs = [''.join(''.join(o.get('text', '')) for o in c.get('outputs', [])) for c in nb['cells'] if c['cell_type'] == 'code']
    assert outs == ['42\n', '', '']
    assert nb['metadata'][run_nbs.KEY]['code_sha256'] == run_nbs.code_hash(nb)
    assert run('--check', str(p)).returncode == 0
    r = run('--flags', 'cuda', '--force', str(p))             # forcing the flag runs the cuda cell
    assert r.returncode == 0 and 'gpu' in json.dumps(json.loads(p.read_text())['cells'][2]['outputs'])
    nb = json.loads(p.read_text()); nb['cells'][1]['source'] = ['print(6 * 9)']
    p.write_text(json.dumps(nb))
    r = run('--check', str(p))
    assert r.returncode == 1 and 'scratch.ipynb' in r.stdout and 'code cells changed' in r.stdout

def test_status_markdown_pivots_rows():
    rows = [dict(kind='*', rung='fp16 decode', needs='CPU', verdict='ok', figure='all 65,536'),
            dict(kind='Q8_0', rung='geometry', needs='CPU', verdict='ok', figure='34 B'),
            dict(kind='Q8_0', rung='codebook', needs='CPU', verdict='n/a', figure='affine'),
            dict(kind='Q4_K', rung='geometry', needs='CPU', verdict='FAIL', figure='bad <size>'),
            dict(kind='Q4_K', rung='codebook', needs='CPU', verdict='n/a', figure='affine')]
    md = build_docs.status_markdown(rows, {'Q4_K': 'q4_k'}, '.ipynb')
    lines = md.splitlines()
    assert lines[0] == '| format | geometry | codebook |'
    q4k = next(l for l in lines if l.startswith('| [Q4_K](q4_k.ipynb)'))
    assert 'class="fx-fail"' in q4k and 'title="bad &lt;size&gt;"' in q4k
    assert next(l for l in lines if l.startswith('| Q8_0 ')).count('fx-ok') == 1
    assert 'fp16 decode' in md and '4 of 5 checks passed' in md

def test_adapt_turns_quarto_options_into_tags_and_api_blocks():
    base = 'https://ferrox-lit.local/'
    nb = {'cells': [
        {'cell_type': 'raw', 'metadata': {}, 'source': '---\ntitle: Q4_K\ndescription: four bits\noutput-file: q4_k.html\n---\n'},
        {'cell_type': 'markdown', 'metadata': {}, 'source': f'See [`kind`]({base}kind.html#kind).'},
        {'cell_type': 'code', 'metadata': {}, 'source': '#| echo: false\nprint(1)', 'outputs': [{'output_type': 'stream', 'name': 'stdout', 'text': '1\n'}]},
        {'cell_type': 'code', 'metadata': {}, 'source': '#| echo: false\n#| output: asis\nshow_doc(q4_k_spec)', 'outputs': [
            {'output_type': 'display_data', 'metadata': {}, 'data': {'text/markdown': '---\n\n### q4_k_spec\n\n```python\ndef q4_k_spec(blocks)\n```\n\n*Ref.*', 'text/plain': 'x'}}]},
        {'cell_type': 'code', 'metadata': {}, 'source': '#| include: false\nsecret()', 'outputs': []},
        {'cell_type': 'code', 'metadata': {}, 'source': '', 'outputs': []}]}
    out = build_docs.adapt(nb, base, 'fallback')['cells']
    assert out[0]['cell_type'] == 'markdown' and out[0]['source'].startswith('# Q4_K\n') and 'four bits' in out[0]['source']
    assert '(kind.html#kind)' in out[1]['source']
    assert out[2]['source'] == 'print(1)' and out[2]['metadata']['tags'] == ['remove_input']
    api = out[3]['outputs'][0]['data']['text/html']
    assert api.startswith('<div class="fx-api">') and 'id="q4_k_spec"' in api and 'fx-api-name' in api
    assert len(out) == 4  # include: false and the empty cell are gone

def test_strip_external_removes_remote_loads_and_refuses_leftovers(tmp_path):
    (tmp_path / 'a.html').write_text('<html><head><script src="https://cdn.example/x.js"></script>'
                                     '<link rel="stylesheet" href="//cdn.example/x.css"></head><body><a href="https://ok.example/">a link stays</a></body></html>')
    assert build_docs.strip_external(tmp_path) == 2
    t = (tmp_path / 'a.html').read_text()
    assert 'cdn.example' not in t and 'https://ok.example/' in t
    (tmp_path / 'b.html').write_text('<script>import("https://cdn.example/m.mjs")</script>')
    with pytest.raises(SystemExit): build_docs.strip_external(tmp_path)
