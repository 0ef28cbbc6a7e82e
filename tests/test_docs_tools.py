"""Tests of the docs tooling: tools/run_nbs.py (committed outputs and their staleness check) and the parts of
tools/build_docs.py that do not need MkDocs or a browser. The browser test itself is tools/browser_test.py."""
import json, subprocess, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / 'tools'))
import run_nbs, build_docs, export  # noqa: E402

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
    assert lines[0] == '| format | geometry | codebook |' and lines[1] == '|---|---|---|'
    q4k = next(l for l in lines if l.startswith('| [Q4_K](q4_k.ipynb)'))
    assert 'class="fx-fail"' in q4k and 'title="bad &lt;size&gt;"' in q4k
    assert next(l for l in lines if l.startswith('| Q8_0 ')).count('fx-ok') == 1
    assert 'fp16 decode' in md and '4 of 5 checks passed' in md
    assert build_docs.status_markdown([dict(kind='Q8_0', rung='a/b', needs='CPU', verdict='ok', figure='')], {}, '').splitlines()[0] == '| format | a/<wbr>b |'

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

def test_adapt_folds_tabulated_errors_into_their_table():
    "A named error listed in the page's errors table gets no API block of its own; its row carries the anchor instead."
    table = '| error | is a | raised when |\n|---|---|---|\n| `EmptyShape` | `MulMmUnsupported` | A zero-sized dispatch. |'
    doc = lambda n: {'cell_type': 'code', 'metadata': {}, 'source': f'#| echo: false\n#| output: asis\nshow_doc({n})', 'outputs': [
        {'output_type': 'display_data', 'metadata': {}, 'data': {'text/markdown': f'---\n\n### {n}\n\n*A doc.*'}}]}
    nb = {'cells': [{'cell_type': 'code', 'metadata': {}, 'source': 'Markdown(errors_table(EmptyShape))',
                     'outputs': [{'output_type': 'execute_result', 'metadata': {}, 'data': {'text/markdown': table}}]},
                    doc('EmptyShape'), doc('grid_dims')]}
    assert build_docs.tabulated_errors(nb['cells']) == {'EmptyShape'}
    out = build_docs.adapt(nb, 'https://x/', 't')['cells']
    assert len(out) == 2 and 'id="grid_dims"' in out[1]['outputs'][0]['data']['text/html']       # the other block stays
    assert '<span class="fx-error-name" id="emptyshape"></span>`EmptyShape`' in out[0]['outputs'][0]['data']['text/markdown']
    linked = table.replace('| `EmptyShape` |', '| [`EmptyShape`](https://x/mul_mm.html#emptyshape) |')   # as nbdev links it
    assert build_docs.tabulated_errors([dict(nb['cells'][0], outputs=[{'data': {'text/markdown': linked}}])]) == {'EmptyShape'}
    anchored = build_docs.anchor_errors(linked)
    assert anchored.count('id="emptyshape"') == 1 and '(https://x/mul_mm.html#emptyshape)' in anchored
    # sabotage: without the table the block stays, so folding is driven by the page's own table and nothing else
    assert len(build_docs.adapt({'cells': [doc('EmptyShape')]}, 'https://x/', 't')['cells']) == 1

def test_strip_external_removes_remote_loads_and_refuses_leftovers(tmp_path):
    (tmp_path / 'a.html').write_text('<html><head><script src="https://cdn.example/x.js"></script>'
                                     '<link rel="stylesheet" href="//cdn.example/x.css"></head><body><a href="https://ok.example/">a link stays</a></body></html>')
    assert build_docs.strip_external(tmp_path) == 2
    t = (tmp_path / 'a.html').read_text()
    assert 'cdn.example' not in t and 'https://ok.example/' in t
    (tmp_path / 'b.html').write_text('<script>import("https://cdn.example/m.mjs")</script>')
    with pytest.raises(SystemExit): build_docs.strip_external(tmp_path)

# ---------- glossary links (build_docs.link_terms) and their check (browser_test.glossary_failures) ----------

import browser_test, make_readme  # noqa: E402

def test_glossary_entries_match_the_terms_linked():
    entries = build_docs.glossary_entries(build_docs.GLOSSARY.read_text())
    build_docs.check_glossary(entries)                      # every TERMS anchor has an entry, and vice versa
    assert all(d for _, d in entries.values())              # each has a definition (its first sentence is the hover text)
    broken = dict(entries); broken.pop('sentinel')          # sabotage: an entry dropped from glossary.md
    with pytest.raises(build_docs.GlossaryMismatch, match='sentinel'): build_docs.check_glossary(broken)

def test_link_terms_links_first_prose_use_only():
    md = ('## The twin\n\nA `twin` in code, a [twin](twin.html), ``<b>twin</b>``, then the twin in prose and the twin again.\n'
          '```python\nsabotage = 1\n```\nWith `nl = 16`, call `il` and `il` again; the llama.cpp kind of work; every kind.')
    seen = set()
    out = build_docs.link_terms(md, seen, {'twin': 'twin: the numpy one'})
    assert out.count('class="fx-gloss"') == 4 and seen == {'twin', 'nl', 'il', 'kind'}
    assert '## The twin\n' in out and '[twin](twin.html)' in out and '`twin`' in out and 'sabotage = 1' in out   # untouched
    assert 'the <a class="fx-gloss" href="glossary.html#twin" title="twin: the numpy one">twin</a> in prose and the twin again' in out
    assert '<a class="fx-gloss" href="glossary.html#il" title="il"><code>il</code></a> and `il` again' in out
    assert 'kind of work' in out and 'every <a class="fx-gloss" href="glossary.html#kind"' in out
    assert build_docs.link_terms('the twin', seen, {}) == 'the twin'     # seen on this page already: not linked again
    assert build_docs.link_terms('<!-- a\ntwin -->', set(), {}) == '<!-- a\ntwin -->'   # not in a comment nobody sees
    cell = build_docs.link_terms('| a rung |', set(), {'rung': 'sum |w| |x|'})  # a definition with bars stays in its table cell
    assert cell.count('|') == 2 and '&#124;w&#124;' in cell

def test_link_page_follows_page_order_over_cells_and_markdown_outputs():
    nb = {'cells': [{'cell_type': 'markdown', 'source': 'A sentinel.'},
                    {'cell_type': 'code', 'source': 'x', 'outputs': [{'output_type': 'display_data', 'data': {'text/markdown': 'A sentinel and a rung.'}}]}]}
    build_docs.link_page(nb, {})
    assert 'glossary.html#sentinel' in nb['cells'][0]['source']
    md = nb['cells'][1]['outputs'][0]['data']['text/markdown']
    assert 'glossary.html#sentinel' not in md and 'glossary.html#rung' in md

PAGE = ('<html><body><nav>twin</nav><article class="md-content__inner md-typeset"><h1>twin</h1>'
        '<div class="jp-Cell jp-CodeCell"><div class="jp-InputArea"><div class="highlight-ipynb"><pre>twin = 1</pre></div></div></div>'
        '<div class="fx-api"><p>a twin in an API block</p></div><p>See <a href="twin.html">twin</a> and <code>il</code>.</p>'
        '<p>The {twin} of the snippet, then the twin.</p></article></body></html>')
LINKED = PAGE.replace('{twin}', '<a class="fx-gloss" href="glossary.html#twin">twin</a>').replace(
    '<code>il</code>', '<a class="fx-gloss" href="glossary.html#il"><code>il</code></a>').replace(
    'snippet', '<a class="fx-gloss" href="glossary.html#snippet">snippet</a>')

def test_glossary_check_passes_a_linked_page_and_fails_an_unlinked_one():
    assert browser_test.glossary_failures(LINKED) == []    # uses in the nav, a heading, code input, an API block, another link: not uses
    bad = browser_test.glossary_failures(PAGE.replace('{twin}', 'twin'))   # sabotage: the links removed
    assert len(bad) == 3 and any('#twin' in b for b in bad) and any('#il' in b for b in bad) and any('#snippet' in b for b in bad)
    wrong = browser_test.glossary_failures(LINKED.replace('glossary.html#twin', 'glossary.html#rung'))
    assert wrong and '#twin' in wrong[0]                  # a link to the wrong entry is no link

def test_built_links_satisfy_the_check():
    "What link_terms writes, rendered as HTML, is what glossary_failures accepts: the build and the check agree."
    import markdown
    md = ('Each sub-block goes through the twin; `il` picks it. Geometry first: the row against gguf\'s table; '
          'a *matrix* row is no registry row.\n\n| matvec/<wbr>repack/<wbr>split-k |\n|---|\n| 1 |\n\nA sabotage fires, and the twin again; split-k.')
    body = markdown.markdown(build_docs.link_terms(md, set(), {}), extensions=['tables'])
    assert browser_test.glossary_failures(f'<article class="md-content__inner">{body}</article>') == []
    assert body.count('glossary.html#row') == 1 and 'the <a class="fx-gloss" href="glossary.html#row"' in body   # context decides, in both
    assert browser_test.glossary_failures(f'<article class="md-content__inner">{markdown.markdown(md, extensions=["tables"])}</article>')

# ---------- images, source links, status ----------

def test_stage_images_copies_referenced_files_and_names_a_missing_one(tmp_path):
    (tmp_path / 'docs' / 'images').mkdir(parents=True); (tmp_path / 'docs' / 'images' / 'f.png').write_bytes(b'png')
    nb = {'cells': [{'cell_type': 'markdown', 'source': '![a figure](docs/images/f.png) ![remote](https://x.example/y.png) <img src="data:image/png;base64,AA">'}]}
    stage = tmp_path / 'stage'; stage.mkdir()
    assert build_docs.stage_images(nb, tmp_path / 'nbs', stage, root=tmp_path) == ['docs/images/f.png']
    assert (stage / 'docs' / 'images' / 'f.png').read_bytes() == b'png'
    nb['cells'][0]['source'] += ' ![gone](docs/images/missing.png)'     # sabotage: a figure never written
    with pytest.raises(build_docs.MissingImage, match='missing.png'): build_docs.stage_images(nb, tmp_path / 'nbs', stage, root=tmp_path)

def test_source_links_point_at_the_cell_that_shows_the_code():
    git = 'https://github.com/ferrox-lit/ferrox_lit/blob/main/ferrox_lit/formats/q4_k.py'
    md = lambda name: f'---\n\n[source]({git}#L33){{target="_blank" style="float:right; font-size:smaller"}}\n\n### {name}\n\n*Doc.*'
    cells = [{'cell_type': 'code', 'id': 'abc', 'source': '#| exports\ndef shown(x):\n    return x\nTABLE: tuple = (1,)'},
             {'cell_type': 'code', 'id': 'def', 'source': '#| echo: false\ndef hidden(): pass'}]
    src = build_docs.shown_sources(cells)
    assert src == {'shown': 'abc', 'TABLE': 'abc'}
    assert '<a class="fx-source" href="#cell-id=abc">source</a>' in build_docs.api_html(md('shown'), 'https://ferrox-lit.local/', src)
    out = build_docs.api_html(md('hidden'), 'https://ferrox-lit.local/', src)     # no cell shows it: the link goes
    assert 'github.com' not in out and '>source<' not in out and 'id="hidden"' in out

def test_home_status_replaces_the_notebooks_output_and_refuses_a_page_without_it():
    rows = [dict(kind='Q4_K', rung='geometry', needs='CPU', verdict='ok', figure='144 B')]
    nb = {'cells': [{'cell_type': 'code', 'source': 'Markdown(status_markdown(run_check(), {}, ""))', 'outputs': [{'output_type': 'stream', 'text': 'old'}]}]}
    out = build_docs.home_status(nb, rows, {'Q4_K': 'q4_k'}, 'rows', 'today')['cells'][0]['outputs']
    assert len(out) == 1 and '[Q4_K](q4_k.html)' in out[0]['data']['text/markdown'] and '(status.html)' in out[0]['data']['text/markdown']
    with pytest.raises(SystemExit): build_docs.home_status({'cells': []}, rows, {}, 'rows', 'today')
    fig = build_docs.status_figures(rows + [dict(kind='*', rung='f', needs='CPU', verdict='FAIL', figure='a | b')], {'Q4_K': 'q4_k'}, '.md')
    assert '| [Q4_K](q4_k.md) | geometry | CPU |' in fig and 'a \\| b' in fig and 'every format' in fig and 'fx-fail' in fig

def test_make_readme_copies_markdown_outputs_as_markdown():
    txt, md = make_readme.text_of([{'output_type': 'stream', 'text': ['x\n']},
                                   {'output_type': 'display_data', 'data': {'text/markdown': '| a |\n|---|\n', 'text/plain': '<Markdown>'}}])
    assert txt == 'x' and md == '| a |\n|---|'

# ---------- the browser test's page checks, on measured pages made up here (no browser) ----------

def _probe(**kw):
    "A probe result (browser_test.PROBE's fields) of a good format page, with `kw` changed."
    b = lambda text, cls, inp=False: dict(input=inp, cls=cls, text=text, bottom=0)
    p = dict(title='Q4_K - ferrox_lit', h1='Q4_K', api=['q4_k_spec'], plot_bottom=100, doc_overflow=0, col_overflow=0, overflow=[],
             imgs=[dict(src='data:image/png;base64,iVBOR', complete=True, w=10, h=10, in_output=True)],
             blocks=[b('__device__ void f() {}', ['kt', 'n', 'p']), b('--- a/x.cuh\n+++ b/x.cuh\n@@ -1 +1 @@\n-a\n+b', ['gd', 'gi', 'gu']),
                     b('def f(): pass', ['k', 'nf'], inp=True)],
             dom='<article class="md-content__inner"><p>A <a class="fx-gloss" href="glossary.html#twin">twin</a>.</p></article>', code_cols={})
    return {**p, **kw}

def test_page_checks_pass_a_good_page_and_each_fires_on_its_sabotage(tmp_path):
    (tmp_path / 'glossary.html').write_text('')
    fails = lambda p, page='q4_k': browser_test.page_failures(p, page, 'Q4_K', ['q4_k_spec'], site=tmp_path)
    assert fails(_probe()) == []
    good = _probe()
    sabotages = {
        'title': dict(h1=None),
        'images': dict(imgs=good['imgs'] + [dict(src='docs/images/f.png', complete=True, w=0, h=0, in_output=False)]),
        'figure': dict(imgs=[]),
        'API blocks': dict(api=[]),
        'code: cuda': dict(blocks=[b for b in good['blocks'] if '__device__' not in b['text']]),
        'code: diff': dict(blocks=[b for b in good['blocks'] if 'gd' not in b['cls']]),
        'overflow': dict(col_overflow=2600, overflow=['div right edge 2600 px past the column']),
        'links': dict(dom=good['dom'] + '<article class="md-content__inner"><a href="missing.html">x</a></article>'),
        'glossary': dict(dom=good['dom'].replace('<a class="fx-gloss" href="glossary.html#twin">twin</a>', 'twin')),
    }
    for check, change in sabotages.items():
        assert browser_test.fired(fails(_probe(**change))) == [check], check
    plain = [dict(b, cls=[]) for b in good['blocks']]               # code shown as plain text: no tokens
    assert browser_test.fired(fails(_probe(blocks=plain), 'mul_mm')) == ['code: cuda/c++']
    assert browser_test.fired(fails(_probe(blocks=good['blocks']), 'mul_mm')) == []
    n = len(browser_test.format_pages()) + 1
    table = dict(head=['format', 'geometry', 'three opinions'], rows=n, scrolled=False)
    assert browser_test.fired(fails(_probe(tables=[table]), 'status')) == []
    assert browser_test.fired(fails(_probe(tables=[]), 'status')) == ['status table']                     # rendered as text
    assert browser_test.fired(fails(_probe(tables=[dict(table, rows=3)]), 'status')) == ['status table']  # formats missing

def test_code_block_kinds():
    b = lambda text, cls, inp=False: dict(input=inp, cls=cls, text=text)
    assert browser_test.is_cuda(b('__device__ float f();', ['kt']))
    assert not browser_test.is_cuda(b('__device__ float f();', []))              # not highlighted
    assert not browser_test.is_cxx(b('x = "__device__"', ['s2', 'n'], inp=True))  # a Python cell that mentions it
    assert browser_test.is_cxx(b('#include <cstdio>\nint main() {}', ['cp', 'kt']))
    assert browser_test.is_diff(b('--- a/q.cuh\n+++ b/q.cuh\n@@ -1 +1 @@', ['gd', 'gi'])) and not browser_test.is_cxx(b('--- a\n@@', ['gd', 'kt']))
    assert 'q4_k' in browser_test.format_pages() and 'mxfp4' in browser_test.format_pages() and 'mul_mm' not in browser_test.format_pages()

def test_link_check_names_host_links_missing_files_and_anchors(tmp_path):
    from nbdev.config import get_config
    (tmp_path / 'q4_k.html').write_text('')
    ok = '<div id="cell-id=abc"></div><article class="md-content__inner"><a href="q4_k.html#x">a</a> <a href="#cell-id=abc">source</a> <a href="https://example.org/">out</a></article>'
    assert browser_test.link_failures(ok, 'q4_k', tmp_path) == []
    bad = ok.replace('#cell-id=abc"', '#cell-id=zzz"').replace('q4_k.html#x', 'q9_k.html') + f'<a href="{get_config().git_url}/blob/main/x.py#L1">source</a>'
    got = browser_test.link_failures(bad, 'q4_k', tmp_path)
    assert len(got) == 3 and any('q9_k.html' in g for g in got) and any('cell-id=zzz' in g for g in got) and any('not served offline' in g for g in got)

def test_test_pages_leaves_the_calls_to_pytest_and_keeps_the_definitions(tmp_path):
    "A test cell's helper serves a later cell; its bare call (a failing test here) is left to pytest; a failing lesson cell fails the page."
    import test_pages
    assert test_pages.without_calls('def test_a(): pass\ntest_a()\ntest_b(1)\n    test_c()\nx = test_a()') == (
        'def test_a(): pass\ntest_b(1)\n    test_c()\nx = test_a()', 1)   # only a bare top-level call, as export_tests drops
    run = lambda *p: subprocess.run([sys.executable, str(ROOT / 'tools' / 'test_pages.py'), '--n_workers', '1', *map(str, p)],
                                    capture_output=True, text=True, cwd=ROOT)
    good, again = tmp_path / 'good.ipynb', tmp_path / 'again.ipynb'
    for p in (good, again):
        p.write_text(json.dumps(_nb(('markdown', '# good'), ('code', '#| test\ndef helper(): return 42\ndef test_fails(): assert False\ntest_fails()'),
                                    ('code', 'assert helper() == 42'))))
    r = run(good, again)   # two pages in one worker: the first page's shell must not hide the runner from the second
    assert r.returncode == 0 and '2 of 2 pages ran clean; 2 test calls left to pytest' in r.stdout, r.stdout + r.stderr
    # sabotage: the same page with a failing lesson cell fails, naming the page
    bad = tmp_path / 'bad.ipynb'
    bad.write_text(json.dumps(_nb(('markdown', '# bad'), ('code', '#| test\ndef helper(): return 42'), ('code', 'assert helper() == 41'))))
    r = run(bad)
    assert r.returncode != 0 and 'bad.ipynb' in r.stdout + r.stderr

def test_export_wraps_an_appended_all():
    import ast, export
    names = [f'name_{i:03d}' for i in range(80)]
    one_line = f"'''doc'''\nimport x\n\n# %% auto #0\n__all__ = {names!r}\n\n# %% cell\ny = 1\n"   # as nbdev leaves an appended module
    assert max(map(len, one_line.splitlines())) > 140
    out = export.wrap_all(one_line)
    assert max(map(len, out.splitlines())) <= 130   # 120 wrapped, plus '__all__ = ' on the first line, as nbdev writes it
    tree = ast.parse(out)
    (a,) = [n for n in tree.body if isinstance(n, ast.Assign) and n.targets[0].id == '__all__']
    assert ast.literal_eval(a.value) == names and out.endswith('# %% cell\ny = 1\n') and out.startswith("'''doc'''\nimport x\n")
    assert export.wrap_all(out) == out and export.wrap_all('x = 1\n') == 'x = 1\n'   # idempotent; a module without __all__ is left alone
    for py in (ROOT / 'ferrox_lit').glob('*.py'):   # the committed modules are as tools/export.py leaves them
        text = py.read_text(encoding='utf-8')
        assert export.wrap_all(text) == text, py.name

# ---------- links that work (build_docs.fix_links, dead_links) ----------
def _toc(*entries):
    return ''.join(f'<a href="#{s}" class="md-nav__link">\n    <span class="md-ellipsis">\n        {t}\n    </span>' for s, t in entries)

def _h(level, hid, inner): return f'<h{level} id="{hid}">{inner}<a class="anchor-link" href="#{hid}">¶</a></h{level}>'

def test_fix_links_makes_headings_unique_and_points_the_contents_at_them(tmp_path):
    toc = _toc(('the-twin', 'The twin'), ('int8', 'Int8'), ('the-twin_1', 'The twin'), ('a-rung-for', 'A rung for'), ('_1', ''))
    body = (_h(2, 'the-twin', 'The twin') + _h(2, 'int8', 'Int8') + _h(3, 'the-twin', 'The twin')
            + _h(2, 'a-rung-for-ferrox-lit-check', 'A rung for <code>ferrox-lit check</code>')
            + _h(2, 'dequantize', '<a href="p.html#dequantize"><code>dequantize</code></a>')
            + '<h3 class="fx-api-name" id="kind">Kind</h3><h3 class="fx-api-name" id="dequantize">dequantize</h3>'
            + '<a href="p.html#kind.dequant_fn"><code>Kind.dequant_fn</code></a> <a href="p.html#_pack"><code>_pack</code></a>')
    (tmp_path / 'p.html').write_text(toc + body + toc)                  # the table appears twice, as Material shows it
    before = build_docs.dead_links(tmp_path)
    assert ('p.html', '#the-twin_1') in before and ('p.html', '#a-rung-for') in before and ('p.html', 'p.html#_pack') in before
    r = build_docs.fix_links(tmp_path)
    out = (tmp_path / 'p.html').read_text()
    assert r['dead'] == [] and r['moved_to_class'] == 1 and r['unlinked'] == 1, r
    assert out.count('id="the-twin_1"') == 1 and out.count('href="#a-rung-for-ferrox-lit-check" class="md-nav__link"') == 2
    assert 'A rung for <code>ferrox-lit check</code></span>' in out                       # the heading's code, kept
    assert '<span class="md-ellipsis"><code>dequantize</code></span>' in out              # no link inside the table's link
    assert 'href="p.html#kind"><code>Kind.dequant_fn</code>' in out and '<code>_pack</code>' in out and '#_pack' not in out
    # sabotage: a link the page itself wrote to nothing stays dead, named
    (tmp_path / 'q.html').write_text('<a href="p.html#no-such-heading">see</a> <a href="gone.html">gone</a>')
    assert build_docs.fix_links(tmp_path)['dead'] == [('q.html', 'p.html#no-such-heading'), ('q.html', 'gone.html')]

def test_share_styles_writes_a_repeated_block_once(tmp_path):
    big, own = '.jp-Cell{color:red}' * 100, '.mine{color:blue}'
    (tmp_path / 'a.html').write_text(f'<style type="text/css">{big}</style><style>{own}</style><p>a</p>')
    (tmp_path / 'sub').mkdir()
    (tmp_path / 'sub' / 'b.html').write_text(f'<style type="text/css">{big}</style><p>b</p>')
    r = build_docs.share_styles(tmp_path)
    assert r['files'] == 1
    css = list((tmp_path / 'assets').glob('nb-*.css'))
    assert len(css) == 1 and css[0].read_text() == big
    a, b = (tmp_path / 'a.html').read_text(), (tmp_path / 'sub' / 'b.html').read_text()
    assert a.startswith(f'<link rel="stylesheet" href="assets/{css[0].name}">') and f'<style>{own}</style>' in a   # a page's own stays
    assert b.startswith(f'<link rel="stylesheet" href="../assets/{css[0].name}">')                                # relative from a folder
    # sabotage: a block on one page only is not shared
    (tmp_path / 'c.html').write_text('<style>.only{}</style>')
    build_docs.share_styles(tmp_path)
    assert (tmp_path / 'c.html').read_text() == '<style>.only{}</style>'

def test_local_links_point_a_source_link_at_its_page():
    nb = {'cells': [{'cell_type': 'markdown', 'source': ['Read [Q4_0](nbs/11_q4_0.ipynb), then [x](nbs/15_q4_k.ipynb#layout); ',
                                                          '[gone](nbs/99_gone.ipynb)']},
                    {'cell_type': 'code', 'source': ['"[Q4_0](nbs/11_q4_0.ipynb)"']}]}
    out = build_docs.local_links(nb, {'11_q4_0': 'q4_0', '15_q4_k': 'q4_k'})['cells']
    assert out[0]['source'] == 'Read [Q4_0](q4_0.html), then [x](q4_k.html#layout); [gone](nbs/99_gone.ipynb)'   # unknown: kept,
    assert out[1]['source'] == ['"[Q4_0](nbs/11_q4_0.ipynb)"']                                                      # dead-link check

def test_check_committed_passes_the_same_rows_and_names_a_changed_one(tmp_path, monkeypatch, capsys):
    import check_committed
    rows = [dict(kind='Q4_0', rung='emit', needs='CPU', verdict='ok', figure='142 lines', seconds=0.1),
            dict(kind='Q4_0', rung='bank conflicts', needs='CPU + g++', verdict='ok', figure='7 sites', seconds=2.0)]
    committed = tmp_path / 'check.json'; committed.write_text(json.dumps(rows))
    monkeypatch.setattr(check_committed, 'COMMITTED', committed)
    fresh = tmp_path / 'fresh.json'
    fresh.write_text(json.dumps([r | dict(seconds=9.9) for r in rows]))   # seconds differ: still current
    assert check_committed.main(str(fresh)) == 0
    # sabotage: one verdict changed (the last CI's Q4_K bank rung) is named, and so is a missing row
    fresh.write_text(json.dumps([rows[0], rows[1] | dict(verdict='FAIL', figure='1 sites over')]))
    assert check_committed.main(str(fresh)) == 1 and "'FAIL'" in capsys.readouterr().out
    fresh.write_text(json.dumps(rows[:1]))
    assert check_committed.main(str(fresh)) == 1
    # and build_docs reads the committed rows by default, the check run only when asked
    monkeypatch.setattr(build_docs, 'COMMITTED_CHECK', committed)
    got, src = build_docs.check_rows(None)
    assert got == rows and 'committed' in src
