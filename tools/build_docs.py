"""Build the docs site into _site/ with one command, offline, executing no notebook.

    python tools/build_docs.py                       # the status table from the committed docs/measurements/check.json
    python tools/build_docs.py --check-json c.json   # or from rows `ferrox-lit check --json` wrote
    python tools/build_docs.py --fresh-check         # or from `ferrox-lit check` run now, in-process (about 11 minutes)

1. nbdev's own notebook processing (`nbdev.serve.proc_nbs`, what `nbdev_proc_nbs` and Quarto use) turns nbs/
   into _proc/: frontmatter from the `# title` cell, `show_doc` API blocks for every exported function, exported
   and hidden cells dropped, backticked names linked. It runs exported cells to render API blocks; it does not run
   the notebooks, whose outputs are the committed ones (tools/run_nbs.py makes them; `--check` says if current).
2. Those notebooks are adapted for mkdocs-jupyter (the Quarto cell options nbdev leaves, `echo`, `output`,
   `include`, `code-fold`, become cell tags or go; each API block becomes an HTML block with nbdev's anchor, its
   `source` link pointing at the page's own cell that shows the code, or dropped where no cell does; links to the
   doc host become relative) and staged under _proc/_site_src/ with nbdev's page names (q4_k.html, ...), with the
   image files their Markdown refers to (docs/images/formats.png on the home page; a missing one fails the build).
3. status.md, the table of which rungs each format stands on (and every check's figure), is made from
   `ferrox_lit.cli.run_check()` rows (the committed check.json by default: CI fails when it differs from a fresh
   run); the same table replaces the home page's status cell output.
4. The glossary (docs_assets/glossary.md) is staged as a page, and the first use of each of its terms on every
   page (prose in Markdown cells and Markdown outputs, not code, headings or links; TERMS says what a use is) becomes
   a link to its entry, with the definition's first sentence as hover text.
5. MkDocs + Material + mkdocs-jupyter (execute: false) build _site/ from mkdocs.yml with a navigation grouped
   by layer from the notebooks present. MathJax comes from the jupyter-server-mathjax package, not a CDN;
   any remaining reference to another host is removed and the build fails if one is left.
"""
from __future__ import annotations
import argparse, hashlib, html, json, re, shutil, sys, time
from urllib.parse import unquote
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROC = ROOT / '_proc' / '_nbs'      # nbdev-processed notebooks
STAGE = ROOT / '_proc' / '_site_src'  # what MkDocs reads
SITE = ROOT / '_site'
ASSETS = Path(__file__).resolve().parent / 'docs_assets'

# Layers of the navigation: (title, first, last notebook number). Notebooks outside every range go under 'More'.
MAP_ROW = re.compile(r'^\|([^|]*)\|([^|]*)\|([^|]*)\|')   # a row of the home page's Map: layer | notebooks | modules | ...
DEFAULT_EXP = re.compile(r'^#\|\s*default_exp\s+(\S+)', re.M)

def map_layers(index:Path=ROOT / 'nbs' / 'index.ipynb') -> list:
    """(title, modules) per layer of the home page's Map table, lowest first: the one copy of the layers' names.
    Which module is in which layer is pyproject.toml's contract; tests/test_layers.py checks the Map agrees with it."""
    text = '\n'.join(''.join(c['source']) for c in json.loads(Path(index).read_text())['cells'] if c['cell_type'] == 'markdown')
    text = text[text.index('## Map'):]
    out = []
    for line in text.splitlines():
        m = MAP_ROW.match(line.strip())
        if not m or set(m.group(1).strip()) == {'-'}: continue   # not a row, or the header's rule
        head, mods = m.group(1).strip(), re.findall(r'`([\w.*]+)`', m.group(3))
        if head == 'layer': continue
        t = re.match(r'\*\*(.+?)\*\*', head)
        if t: out.append((t.group(1), []))
        elif head or not out: continue
        out[-1][1].extend(mods)
    return out

def default_exp(nb:Path) -> str|None:
    "The module a notebook's `#| default_exp` names (None: the home page)."
    for c in json.loads(Path(nb).read_text())['cells']:
        m = DEFAULT_EXP.search(''.join(c['source'])) if c['cell_type'] == 'code' else None
        if m: return m.group(1)
    return None

def say(*a): print('build_docs:', *a, flush=True)

# ---------- nbdev's processing ----------

def _proc_one(job):
    "Worker: nbdev's serve driver on one notebook (FilterDefaults' processors, show_doc blocks run)."
    import warnings  # nbdev's hint about test cells that import inside a function; they run, as under Quarto
    warnings.filterwarnings('ignore', message='Found cells containing imports and other code')
    import nbdev.serve_drv
    from nbdev.processors import FilterDefaults
    from execnb.nbio import read_nb, write_nb
    from nbdev.process import extract_directives
    src, dst = job
    nb = read_nb(src)
    for c in nb.cells:  # nbdev runs every cell that imports (a test with `import pytest` inside too): tests make no API
        if c.cell_type == 'code' and 'test' in extract_directives(c, remove=False): c.source = '#| eval: false\n' + c.source
    write_nb(nb, dst)
    nbdev.serve_drv.main((Path(dst), Path(dst), FilterDefaults))
    return dst

def process_notebooks(nbs:list, out:Path, n_workers:int=2) -> None:
    "What `nbdev.serve.proc_nbs` does for notebooks, into `out` (in this process, or a process each with n_workers > 1)."
    import multiprocessing as mp
    if out.exists(): shutil.rmtree(out)
    out.mkdir(parents=True)
    jobs = [(str(p.resolve()), str(out / p.name)) for p in nbs]
    if n_workers <= 1:  # one process: each notebook still gets its own shell; ~10x faster than a process each
        for j in jobs: _proc_one(j)
    else:
        with mp.get_context('spawn').Pool(n_workers, maxtasksperchild=1) as pool: pool.map(_proc_one, jobs, chunksize=1)

# ---------- pages ----------

def page_name(nb:Path) -> str:
    "nbdev's page name for a notebook: numeric prefix dropped, lower case (`15_q4_k.ipynb` -> `q4_k`)."
    return re.sub(r'^\d+[a-zA-Z0-9]*_', '', nb.stem.lower())

def layer_of(nb:Path, layers:list|None=None) -> str|None:
    "The Map's layer of a notebook, by its `default_exp` module (`formats.q4_k` is in `formats.*`); None if the Map has none."
    mod = default_exp(nb)
    if mod is None: return None
    for title, mods in layers if layers is not None else map_layers(Path(nb).parent / 'index.ipynb'):
        if mod in mods or any(m.endswith('.*') and mod.startswith(m[:-1]) for m in mods): return title
    return None

DIRECTIVE = re.compile(r'^\s*#\|\s*([\w-]+)\s*:\s*(.*?)\s*$')

def split_directives(src:str):
    "Quarto cell options left at the top of a processed cell -> (dict, remaining source)."
    lines, opts = src.splitlines(), {}
    while lines and DIRECTIVE.match(lines[0]):
        k, v = DIRECTIVE.match(lines[0]).groups(); opts[k] = v.strip('"\''); lines.pop(0)
    return opts, '\n'.join(lines)

def _text(x): return ''.join(x) if isinstance(x, list) else (x or '')

SOURCE_LINK = re.compile(r'\[source\]\((https?://[^)\s]+)\)(?:\{[^}]*\})?[ \t]*\n?')

def source_links(md:str, src_cell:dict) -> str:
    "show_doc's `[source](<git host>...)` link -> a link to the page's own cell that shows the code, or dropped if none does."
    m = re.search(r'^#{1,6}\s+(.+?)\s*$', md, re.M)
    name = re.sub(r'[`*\\]', '', m.group(1)) if m else ''
    cell = src_cell.get(name) or src_cell.get(name.split('.')[0])  # a method's code is its class's cell
    return SOURCE_LINK.sub(lambda _: f'<a class="fx-source" href="#cell-id={cell}">source</a>\n\n' if cell else '', md)

DEFINES = re.compile(r'^(?:(?:async\s+)?def|class)\s+(\w+)|^(\w+)\s*(?::[^=\n]*)?=(?!=)', re.M)

def defined_names(code:str) -> list:
    "Top-level names a code cell defines (`def f`, `class C`, `X = ...`)."
    return [a or b for a, b in DEFINES.findall(code)]

def api_html(md:str, link_base:str, src_cell:dict|None=None) -> str:
    "A show_doc Markdown output as one HTML block, headings anchored as nbdev anchors them (lower-case name)."
    import markdown
    md = source_links(md, src_cell or {})
    body = markdown.markdown(md.replace(link_base, ''), extensions=['tables', 'fenced_code', 'attr_list', 'codehilite'],
                             extension_configs={'codehilite': {'css_class': 'highlight', 'guess_lang': False}})
    def anchor(m):
        name = re.sub(r'<[^>]+>', '', m.group(2)).strip()
        return f'<h{m.group(1)} id="{html.escape(name.lower())}" class="fx-api-name">{m.group(2)}</h{m.group(1)}>'
    body = re.sub(r'<h([1-6])>(.*?)</h\1>', anchor, body, flags=re.S)
    return f'<div class="fx-api">\n{body}\n</div>'

def shown_sources(cells:list) -> dict:
    "Name -> id of the code cell whose source the page shows and that defines it (the target of an API block's source link)."
    out = {}
    for c in cells:
        if c['cell_type'] != 'code' or not c.get('id'): continue
        opts, code = split_directives(_text(c.get('source')))
        if opts.get('include') == 'false' or opts.get('echo') == 'false' or code.lstrip().startswith('show_doc('): continue
        for n in defined_names(code): out.setdefault(n, c['id'])
    return out

ERRORS_HEAD = '| error | is a | raised when |'   # the header `ferrox_lit.core.errors_table` writes
ERROR_ROW = re.compile(r'^\| (\[?`(\w+)`(?:\]\([^)]*\))?) \|', re.M)   # a row's first cell: the name, maybe linked by nbdev

def tabulated_errors(cells:list) -> set:
    "Names of the named errors a page lists in an errors table (a Markdown output of `core.errors_table`)."
    out = set()
    for c in cells:
        for o in c.get('outputs') or []:
            md = _text(o.get('data', {}).get('text/markdown', ''))
            if md.startswith(ERRORS_HEAD): out |= {m.group(2) for m in ERROR_ROW.finditer(md)}
    return out

def anchor_errors(md:str) -> str:
    "An errors table whose rows carry the anchors their API blocks would have had (the lower-case name), so links still land."
    if not md.startswith(ERRORS_HEAD): return md
    return ERROR_ROW.sub(lambda m: f'| <span class="fx-error-name" id="{m.group(2).lower()}"></span>{m.group(1)} |', md)

def adapt(nb:dict, link_base:str, title:str) -> dict:
    "A notebook nbdev processed for Quarto, made right for mkdocs-jupyter."
    cells, src_cell, tabulated = [], shown_sources(nb['cells']), tabulated_errors(nb['cells'])
    for c in nb['cells']:
        src = _text(c.get('source'))
        if c['cell_type'] == 'raw' and src.lstrip().startswith('---'):
            import yaml
            fm = yaml.safe_load(src.strip().strip('-')) or {}
            md = f"# {fm.get('title', title)}\n" + (f"\n> {fm['description']}\n" if fm.get('description') else '')
            cells.append({'cell_type': 'markdown', 'metadata': {}, 'source': md, 'id': 'fx-title'}); continue
        if c['cell_type'] == 'markdown':
            c['source'] = src.replace(link_base, ''); cells.append(c); continue
        if c['cell_type'] != 'code': continue
        opts, code = split_directives(src)
        if opts.get('include') == 'false': continue
        tags = set(c.get('metadata', {}).get('tags', []))
        if opts.get('echo') == 'false' or not code.strip(): tags.add('remove_input')
        if opts.get('output') == 'false': tags.add('remove_output')
        if code.lstrip().startswith('show_doc(') and code.strip()[len('show_doc('):-1] in tabulated:
            continue   # a named error listed in the page's errors table (core.errors_table): one row there, not a block here
        if code.lstrip().startswith('show_doc('):
            tags.add('remove_input')
            for o in c.get('outputs', []):
                d = o.get('data', {})
                if 'text/markdown' in d: o['data'] = {'text/html': api_html(_text(d['text/markdown']), link_base, src_cell)}
        else:
            for o in c.get('outputs', []):
                d = o.get('data', {})
                if 'text/markdown' in d: d['text/markdown'] = anchor_errors(_text(d['text/markdown']).replace(link_base, ''))
        if not code.strip() and not c.get('outputs'): continue
        c['source'] = code
        c.setdefault('metadata', {})['tags'] = sorted(tags)
        cells.append(c)
    nb['cells'] = cells
    return nb

# ---------- glossary ----------

GLOSSARY = ASSETS / 'glossary.md'   # the definitions; headings `### term {#anchor}`
# anchor -> (pattern in prose, pattern an inline code span must match in full, or None). Case-insensitive unless (?-i).
TERMS = {
    'evidence-ladder': (r'evidence\s+ladder', None),
    'rung': (r'rungs?', None),
    'kind': (r'(?-i:kinds?)(?!\s+of\b)', None),
    'row': (r'(?:registry|registered|family)\s+rows?|row(?=\s+against\s+gguf)', None),   # a matrix row is not one
    'seam': (r'seams?', None),
    'family': (r'(?:kernel\s+)?famil(?:y|ies)', None),
    'snippet': (r'snippets?', None),
    'il': (None, r'il'),
    'nl': (None, r'nl(?:\s*=\s*\d+)?'),
    'sub-block': (r'sub-blocks?', None),
    'super-scale': (r'super-scales?', None),
    'codebook': (r'codebooks?', None),
    'affine': (r'affine\s+formats?', None),
    'e8m0': (r'E8M0', None),
    'twin': (r'twins?', None),
    'spec-reference': (r'spec\s+references?', None),
    'three-opinions': (r'three\s+opinions', None),
    'fixtures': (r'fixtures?', None),
    'pin': (r'pin(?:s|ned)?', None),
    'sabotage': (r'sabotages?', None),
    'a-priori-bound': (r'a-priori\s+(?:(?:fp32|error)\s+)?bound', None),
    'dispatch': (r'dispatch(?:es)?', None),
    'host-runner': (r'(?:host|CPU)\s+runner', None),
    'detector': (r'detectors?', None),
    'sentinel': (r'sentinels?', None),
    'exact-mode': (r'exact\s+mode', None),
    'fast-mode': (r'fast\s+mode', None),
    'repack': (r'repack(?:ed|ing|s)?', None),
    'split-k': (r'split-k', None),
    'stand-in': (r'CPU\s+stand-in|stand-in(?=\s+(?:for\s+CuPy|device))|dry-run', None),
    'blocker': (r'blockers?', None),
}
_B = r'(?<![\w`/#.-])', r'(?![\w-])'   # a term is a whole word: not part of a name, a path or a longer hyphenated word
TERM_RE = {a: (re.compile(_B[0] + f'(?:{p})' + _B[1], re.I) if p else None, re.compile(c) if c else None) for a, (p, c) in TERMS.items()}

class GlossaryMismatch(ValueError): "glossary.md's entries and build_docs.TERMS do not name the same terms."

def glossary_entries(md:str) -> dict:
    "Anchor -> (term, first sentence of its definition) from glossary.md's `### term {#anchor}` entries."
    out = {}
    for m in re.finditer(r'^###\s+(.+?)\s*\{#([\w-]+)\}\s*\n+(.+?)(?=\n###|\n##|\Z)', md, re.M | re.S):
        text = re.sub(r'\s+', ' ', re.sub(r'[`*]|\[([^]]*)\]\([^)]*\)', lambda x: x.group(1) or '', m.group(3))).strip()
        out[m.group(2)] = (m.group(1).strip('` '), re.split(r'(?<=[.;:])\s', text, 1)[0])
    return out

def check_glossary(entries:dict, terms=TERMS):
    "Every linked term has an entry and every entry a link pattern, or GlossaryMismatch."
    if set(entries) != set(terms):
        raise GlossaryMismatch(f'terms without an entry in {GLOSSARY.name}: {sorted(set(terms) - set(entries))}; '
                               f'entries without a pattern in TERMS: {sorted(set(entries) - set(terms))}')

# Markdown that is not prose: fenced code, headings, links, images, HTML comments and tags, math, URLs. Inline code is its own group.
NOT_PROSE = re.compile(r'(?P<fence>^[ \t]*(?P<f>```+|~~~+).*?^[ \t]*(?P=f)[ \t]*$)|(?P<head>^[ \t]*#{1,6}[ \t][^\n]*$)'
                       r'|(?P<code>(?P<t>`+)(?P<ct>(?:(?!\n\n).)+?)(?P=t))|(?P<a><a\b.*?</a>)|(?P<link>!?\[[^\]]*\]\([^)]*\)(?:\{[^}]*\})?)'
                       r'|(?P<comment><!--.*?-->)|(?P<tag><[^>\n]+>)|(?P<math>\$\$.*?\$\$|\$[^$\n]+\$)|(?P<url>https?://\S+)', re.M | re.S)

def gloss_link(text:str, anchor:str, title:str, href:str='glossary.html') -> str:
    "The link a term's first use becomes; its hover text is the definition's first sentence (a `|` would split a table cell)."
    return f'<a class="fx-gloss" href="{href}#{anchor}" title="{html.escape(title, quote=True).replace("|", "&#124;")}">{text}</a>'

def link_terms(md:str, seen:set, titles:dict, href:str='glossary.html') -> str:
    "Link the first use of each glossary term in `md`'s prose (not code, headings, links or HTML) and add it to `seen`."
    out, pos = [], 0
    def prose(t):
        res = []
        while t:
            hits = [(m.start(), a, m) for a, (r, _) in TERM_RE.items() if r and a not in seen and (m := r.search(t))]
            if not hits: res.append(t); break
            _, a, m = min(hits, key=lambda h: h[0])
            res += [t[:m.start()], gloss_link(m.group(0), a, titles.get(a, a), href)]; seen.add(a); t = t[m.end():]
        return ''.join(res)
    for m in NOT_PROSE.finditer(md):
        out.append(prose(md[pos:m.start()])); pos = m.end()
        if m.group('code'):
            a = next((a for a, (_, c) in TERM_RE.items() if c and a not in seen and c.fullmatch(m.group('ct').strip())), None)
            if a:
                seen.add(a)
                out.append(gloss_link(f"<code>{html.escape(m.group('ct').strip())}</code>", a, titles.get(a, a), href))
                continue
        out.append(m.group(0))
    out.append(prose(md[pos:]))
    return ''.join(out)

def link_page(nb:dict, titles:dict) -> dict:
    "link_terms over a staged notebook's Markdown cells and Markdown outputs, in page order, one `seen` per page."
    seen = set()
    for c in nb['cells']:
        if c['cell_type'] == 'markdown': c['source'] = link_terms(_text(c['source']), seen, titles)
        for o in c.get('outputs', []):
            d = o.get('data', {})
            if 'text/markdown' in d: d['text/markdown'] = link_terms(_text(d['text/markdown']), seen, titles)
    return nb

# ---------- images ----------

class MissingImage(FileNotFoundError): "A page refers to an image file that is not in the repository."

IMG_REF = re.compile(r'!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|<img\b[^>]*?\bsrc\s*=\s*["\']([^"\']+)["\']', re.I)

def local_links(nb:dict, names:dict) -> dict:
    """Markdown links to a notebook's source (`[Q4_0](nbs/11_q4_0.ipynb)`, which the README and GitHub follow) as links to its
    page (`q4_0.html`: the site is flat, and MkDocs leaves a notebook's own links as they are); `names`: stem -> page name."""
    link = re.compile(r'\]\((?:\.\./)?nbs/([\w.-]+)\.ipynb(#[^)]*)?\)')
    for c in nb['cells']:
        if c['cell_type'] == 'markdown':
            c['source'] = link.sub(lambda m: f"]({names[m.group(1)]}.html{m.group(2) or ''})" if m.group(1) in names else m.group(0),
                                   _text(c['source']))
    return nb

def image_refs(nb:dict) -> list:
    "Relative image paths a notebook's Markdown (cells and outputs) refers to (not data: URIs, not other hosts)."
    texts = [_text(c['source']) for c in nb['cells'] if c['cell_type'] == 'markdown']
    texts += [_text(o['data']['text/markdown']) for c in nb['cells'] for o in c.get('outputs', []) if 'text/markdown' in o.get('data', {})]
    refs = [a or b for t in texts for a, b in IMG_REF.findall(t)]
    return list(dict.fromkeys(r for r in refs if not re.match(r'^(?:[a-z]+:|//|#)', r, re.I)))

def stage_images(nb:dict, nb_dir:Path, stage:Path, root:Path=ROOT) -> list:
    "Copy the images `nb` refers to into the stage at the same relative path (found beside the notebook, else at the root)."
    done = []
    for ref in image_refs(nb):
        rel = ref.split('#')[0].split('?')[0]
        src = next((p for p in (nb_dir / rel, root / rel) if p.is_file()), None)
        if src is None: raise MissingImage(f'{ref}: not found beside the notebook ({nb_dir}) nor at the repository root')
        dst = stage / rel
        if not dst.resolve().is_relative_to(stage.resolve()): raise MissingImage(f'{ref}: points outside the site')
        dst.parent.mkdir(parents=True, exist_ok=True); shutil.copy(src, dst); done.append(rel)
    return done

# ---------- status table ----------

MARK = {'ok': 'ok', 'FAIL': 'FAIL', 'n/a': 'n/a'}  # plain words: no emoji font needed
CLS = {'ok': 'fx-ok', 'FAIL': 'fx-fail', 'n/a': 'fx-na'}

def status_markdown(rows:list, page_of:dict, ext:str) -> str:
    "Which rungs each format stands on, as a Markdown table (kinds down, rungs across), from run_check rows."
    per = [r for r in rows if r['kind'] != '*']
    rungs = list(dict.fromkeys(r['rung'] for r in per))
    needs = {r['rung']: r['needs'] for r in per}
    kinds = list(dict.fromkeys(r['kind'] for r in per))
    cell = {(r['kind'], r['rung']): r for r in per}
    def td(r):
        if r is None: return ' '
        v = r['verdict']
        return f'<span class="{CLS.get(v, "fx-fail")}" title="{html.escape(r["figure"], quote=True)}">{MARK.get(v, v)}</span>'
    def kname(k): return f'[{k}]({page_of[k]}{ext})' if k in page_of else k  # page_of: kind -> page stem
    head = ' | '.join(r.replace('/', '/<wbr>') for r in rungs)   # 'matvec/repack/split-k' may wrap at its slashes
    out = ['| format | ' + head + ' |', '|---|' + '---|' * len(rungs),
           '| *needs* | ' + ' | '.join(f'*{needs[r]}*' for r in rungs) + ' |']
    out += [f'| {kname(k)} | ' + ' | '.join(td(cell.get((k, r))) for r in rungs) + ' |' for k in kinds]
    glob = [r for r in rows if r['kind'] == '*']
    if glob: out += ['', 'For every format: ' + '; '.join(f'{r["rung"]} {td(r)} ({r["figure"]})' for r in glob) + '.']
    failed = sum(r['verdict'] == 'FAIL' for r in rows)
    out += ['', f'*ok* passed, *FAIL* failed, *n/a* does not apply; hover a mark for its figure. '
                f'{len(rows) - failed} of {len(rows)} checks passed. Rungs that need a GPU are not run by `ferrox-lit check` '
                f'on a machine without one and are not claimed here.']
    return '\n'.join(out)

def status_figures(rows:list, page_of:dict, ext:str) -> str:
    "The check rows as a long Markdown table, one per check, with each check's figure (readable without hovering)."
    esc = lambda t: html.escape(str(t)).replace('|', '\\|')
    def kname(k): return f'[{k}]({page_of[k]}{ext})' if k in page_of else ('every format' if k == '*' else k)
    def mark(v): return f'<span class="{CLS.get(v, "fx-fail")}">{MARK.get(v, v)}</span>'
    return '\n'.join(['| format | rung | needs | verdict | figure |', '|---|---|---|---|---|'] +
                     [f"| {kname(r['kind'])} | {r['rung']} | {r['needs']} | {mark(r['verdict'])} | {esc(r['figure'])} |" for r in rows])

STATUS_CELL = 'run_check'   # the home page's code cell that shows the status table

def home_status(nb:dict, rows:list, page_of:dict, rows_from:str, stamp:str) -> dict:
    "The home page's status cell shows the build's rows, linked to the pages, in place of the notebook's own output."
    cell = next((c for c in nb['cells'] if c['cell_type'] == 'code' and STATUS_CELL in _text(c['source'])), None)
    if cell is None: sys.exit(f'build_docs: the home page has no code cell calling {STATUS_CELL}; where does the status table go?')
    md = (f'From {rows_from}, {stamp} (also on the [status page](status.html), with every figure).\n\n'
          + status_markdown(rows, page_of, '.html'))
    cell['outputs'] = [{'output_type': 'display_data', 'metadata': {}, 'data': {'text/markdown': md}}]
    return nb

COMMITTED_CHECK = ROOT / 'docs' / 'measurements' / 'check.json'   # `ferrox-lit check --json` of the commit; CI says if it is not

def check_rows(json_path, fresh:bool=False):
    "The status table's rows: from `json_path`, else the committed check.json (unless `fresh`), else a run of the check now."
    if json_path:
        say(f'status table from {json_path}')
        return json.loads(Path(json_path).read_text()), f'rows read from `{Path(json_path).name}` (`ferrox-lit check --json`)'
    if not fresh and COMMITTED_CHECK.is_file():
        say(f'status table from the committed {COMMITTED_CHECK.name} (CI checks it is current; --fresh-check runs the check)')
        return (json.loads(COMMITTED_CHECK.read_text()),
                'the committed `docs/measurements/check.json` (`ferrox-lit check --json`, current as CI checks)')
    from ferrox_lit.cli import run_check
    say('status table: running ferrox_lit.cli.run_check() (every rung, every kind) ...')
    t = time.time(); rows = run_check(progress=sys.stderr.isatty())
    say(f'  {len(rows)} rows in {time.time() - t:.0f} s')
    return rows, '`ferrox_lit.cli.run_check()` at build time'

# ---------- offline guarantees ----------

EXTERNAL = re.compile(r'<(script|link|img|iframe)\b[^>]*?\b(?:src|href)\s*=\s*["\'](?:https?:)?//[^"\']*["\'][^>]*>(?:\s*</script>)?', re.I)
MERMAID = re.compile(r'<script type="module">(?:(?!</script>).)*?jp-Mermaid(?:(?!</script>).)*</script>', re.S)  # nbconvert's lazy loader
DYNAMIC = re.compile(r'import\(\s*["\'](?:https?:)?//')

def strip_external(site:Path) -> int:
    "Remove tags that would load something from another host; return how many went. Fail if any is left."
    n = 0
    for f in site.rglob('*.html'):
        t = f.read_text(encoding='utf-8')
        t2, k1 = MERMAID.subn('', t)
        t2, k2 = EXTERNAL.subn('', t2)
        if k1 + k2: f.write_text(t2, encoding='utf-8'); n += k1 + k2
        left = EXTERNAL.search(t2) or DYNAMIC.search(t2)
        if left: sys.exit(f'build_docs: {f.relative_to(site)} still loads from another host: {left.group(0)[:120]}')
    return n

# ---------- links that work: unique heading ids, a table of contents that points at them, no dead reference ----------
_HEADING = re.compile(r'<h([1-6])([^>]*?) id="([^"]*)"([^>]*)>((?:(?!</h[1-6]>).)*?)'     # a heading nbconvert anchored, its text
                      r'<a class="anchor-link" href="#[^"]*">(.*?)</a>\s*</h\1>', re.S)    # never running into the next one
_TOC_LINK = re.compile(r'(<a href="#)([^"]*)(" class="md-nav__link">\s*<span class="md-ellipsis">)(.*?)(</span>)', re.S)
_HREF = re.compile(r'<a\b[^>]*?\bhref="([^"]*)"')
_ID = re.compile(r'\b(?:id|name)="([^"]+)"')
_CODE_LINK = re.compile(r'<a\b[^>]*?\bhref="([^"]*)"[^>]*>(\s*<code>[^<]*</code>\s*)</a>')
_SCHEME = re.compile(r'^[a-z][a-z0-9+.-]*:')

def _words(text:str) -> list:
    return re.findall(r'[a-z0-9]+', html.unescape(re.sub(r'<[^>]+>', ' ', text)).lower())

def _subsequence(short:list, long:list) -> bool:
    it = iter(long)
    return all(w in it for w in short)

def fix_headings(page:str) -> tuple:
    """`page` (a built HTML page) with unique heading ids and its table of contents pointed at them, code in headings kept.
    A repeated heading ("The twin" of a format page and of its int8 section) gets `_1`, `_2`, ..., as the table of contents
    numbers it; a table entry whose text lost a heading's inline code (`A rung for`) is matched to the heading it stands
    for by its words, in order, and shows the heading's own text. Returns (page, how many table links now point elsewhere)."""
    seen, heads = {}, []
    def unique(m):
        lvl, pre, hid, post, inner, mark = m.groups()
        n = seen.get(hid, 0); seen[hid] = n + 1
        new = hid if n == 0 else f'{hid}_{n}'
        heads.append((new, re.sub(r'</?a\b[^>]*>', '', inner.strip())))   # the table's entry is a link: none inside it
        return f'<h{lvl}{pre} id="{new}"{post}>{inner}<a class="anchor-link" href="#{new}">{mark}</a></h{lvl}>'
    page = _HEADING.sub(unique, page)
    ids = {h for h, _ in heads}
    toc, first = [], None
    for m in _TOC_LINK.finditer(page):   # Material shows the table twice (primary and secondary nav): read it once
        if m.group(2) == first: break
        first = first or m.group(2)
        toc.append((m.group(2), m.group(4)))
    remap, j = {}, 0
    for slug, text in toc:
        want = _words(text)
        k = (next((k for k in range(j, len(heads)) if heads[k][0] == slug or _subsequence(want, _words(heads[k][1]))), None) if want
             else j if j < len(heads) else None)   # a heading of code alone left the entry no words: the next heading
        if k is None: continue
        remap[slug] = heads[k]; j = k + 1
    changed = 0
    def toc_link(m):
        nonlocal changed
        hid, inner = remap.get(m.group(2), (m.group(2), None))
        if inner is None: return m.group(0)
        changed += hid != m.group(2)
        return f'{m.group(1)}{hid}{m.group(3)}{inner}{m.group(5)}'
    page = _TOC_LINK.sub(toc_link, page)
    page = re.sub(r'href="#([^"]*)"', lambda m: f'href="#{remap[m.group(1)][0]}"' if m.group(1) in remap and m.group(1) not in ids
                  else m.group(0), page)
    return page, changed

def _target(p:Path, h:str) -> tuple:
    path, _, frag = h.partition('#')
    tgt = (p.parent / unquote(path)).resolve() if path else p
    return (tgt / 'index.html' if tgt.is_dir() else tgt), unquote(frag)

def dead_links(site:Path, pages:dict|None=None) -> list:
    "(page, href) of every relative link of the built `site` whose page or id does not exist (404.html, served anywhere, aside)."
    pages = pages if pages is not None else {p.resolve(): p.read_text(encoding='utf-8') for p in site.rglob('*.html')}
    ids = {p: {html.unescape(x) for x in _ID.findall(t)} for p, t in pages.items()}
    out = []
    for p, t in pages.items():
        if p.name == '404.html': continue
        for h in map(html.unescape, _HREF.findall(t)):
            if _SCHEME.match(h) or h.startswith('//'): continue
            tgt, frag = _target(p, h)
            if tgt not in ids or (frag and frag not in ids[tgt]): out.append((p.name, h))
    return out

def fix_links(site:Path) -> dict:
    """Every built page through `fix_headings`; then each dead link to an API anchor (nbdev links a name in backticks to the
    page that documents it): a method's goes to its class's block where that exists (`kind.html#kind.dequant_fn` to
    `kind.html#kind`); a name no page documents (a private helper) keeps its code and loses the link. Returns the counts and
    the dead links left, which are the pages' own: `--strict` fails on them, by name."""
    pages = {p.resolve(): p.read_text(encoding='utf-8') for p in site.rglob('*.html')}
    toc = 0
    for p in pages: pages[p], n = fix_headings(pages[p]); toc += n
    ids = {p: {html.unescape(x) for x in _ID.findall(t)} for p, t in pages.items()}
    moved = unlinked = 0
    for p in pages:
        def code_link(m):
            nonlocal moved, unlinked
            h = html.unescape(m.group(1))
            if _SCHEME.match(h) or '#' not in h: return m.group(0)
            tgt, frag = _target(p, h)
            if tgt in ids and frag in ids[tgt]: return m.group(0)
            if tgt in ids and '.' in frag and frag.rsplit('.', 1)[0] in ids[tgt]:
                moved += 1
                return m.group(0).replace(f'href="{m.group(1)}"', f'href="{m.group(1).rsplit(".", 1)[0]}"', 1)
            unlinked += 1
            return m.group(2)
        pages[p] = _CODE_LINK.sub(code_link, pages[p])
    for p, t in pages.items(): p.write_text(t, encoding='utf-8')
    return dict(toc_links=toc, moved_to_class=moved, unlinked=unlinked, dead=dead_links(site, pages))

_STYLE = re.compile(r'<style([^>]*)>(.*?)</style>', re.S)

def share_styles(site:Path, min_pages:int=2) -> dict:
    """Each `<style>` block that several built pages inline byte for byte (nbconvert's JupyterLab theme: 574 KB a page) written
    once, as `assets/nb-<sha>.css`, and linked where it stood, so the cascade keeps its order. Returns the counts."""
    pages = {p: p.read_text(encoding='utf-8') for p in site.rglob('*.html')}
    seen = {}
    for t in pages.values():
        for body in {m.group(2) for m in _STYLE.finditer(t)}: seen[body] = seen.get(body, 0) + 1
    shared = {b: f"nb-{hashlib.sha256(b.encode()).hexdigest()[:12]}.css" for b, n in seen.items() if n >= min_pages}
    (site / 'assets').mkdir(exist_ok=True)
    for b, name in shared.items(): (site / 'assets' / name).write_text(b, encoding='utf-8')
    before = sum(len(t) for t in pages.values())
    for p, t in pages.items():
        up = '../' * (len(p.relative_to(site).parts) - 1)
        pages[p] = _STYLE.sub(lambda m: f'<link rel="stylesheet" href="{up}assets/{shared[m.group(2)]}">' if m.group(2) in shared
                              else m.group(0), t)
        p.write_text(pages[p], encoding='utf-8')
    return dict(files=len(shared), saved_mb=round((before - sum(len(t) for t in pages.values())) / 1e6, 1))

def mathjax_url(stage:Path):
    "Copy MathJax 2 from the jupyter-server-mathjax package into the site; the URL pages load it from (or '')."
    try: import jupyter_server_mathjax
    except ImportError:
        say('jupyter-server-mathjax not installed: math stays as TeX source (no CDN is used)'); return ''
    src = Path(jupyter_server_mathjax.__file__).parent / 'static'
    dst = stage / 'assets' / 'mathjax'
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns('*.md', 'LICENSE*'))
    return 'assets/mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full,Safe'

# ---------- build ----------

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split('\n')[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog='examples:\n  python tools/build_docs.py\n'
               '  ferrox-lit check --json > c.json; python tools/build_docs.py --check-json c.json',
    )
    ap.add_argument('--check-json', help='rows saved by `ferrox-lit check --json` (default: the committed docs/measurements/check.json)')
    ap.add_argument('--fresh-check', action='store_true', help='run `ferrox-lit check` now for the status table (about 11 minutes)')
    ap.add_argument('--site-dir', default=str(SITE), help='output folder (default: _site)')
    ap.add_argument('--n_workers', type=int, default=1,
                    help='>1: process notebooks in that many fresh processes (default: all in this one)')
    ap.add_argument('--strict', action='store_true', help="fail on MkDocs warnings (e.g. a broken relative link)")
    a = ap.parse_args(argv)
    import os; os.chdir(ROOT)
    for p in (str(ROOT / 'tools'), str(ROOT)):
        if p not in sys.path: sys.path.insert(0, p)
    try:
        import mkdocs, material, mkdocs_jupyter  # noqa: F401
        from mkdocs.config import load_config
        from mkdocs.commands.build import build
    except ImportError as e:
        sys.exit(f"build_docs: {e.name} is missing; install the dev extras: pip install -e '.[dev]'")
    from nbdev.config import get_config
    t0 = time.time()
    cfg = get_config()
    link_base = cfg.doc_host.rstrip('/') + '/' + cfg.doc_baseurl.strip('/')
    link_base = link_base.rstrip('/') + '/'
    rows, rows_from = check_rows(a.check_json, a.fresh_check)
    stamp = datetime.now(timezone.utc).strftime('%Y-%m-%d %H:%M UTC')

    nbs = sorted(
        (p for p in Path(cfg.nbs_path).glob('*.ipynb') if not p.name.startswith(('_', '.'))), key=lambda p: (p.stem == 'index', p.name)
    )
    layers = map_layers(Path(cfg.nbs_path) / 'index.ipynb')   # the navigation's groups: the home page's Map, lowest layer first
    from run_nbs import staleness  # beside this file
    stale = [f'{p.name} ({why})' for p in nbs if (why := staleness(p, cfg.lib_path))]
    if stale: say(f'WARNING: {len(stale)} notebook(s) have outputs that are not current, shown as committed: '
                  + '; '.join(stale) + ' (python tools/run_nbs.py)')
    say(f'nbdev notebook processing of {len(nbs)} notebooks ...')
    t = time.time()
    proc = PROC
    process_notebooks(nbs, proc, a.n_workers)
    say(f'  {time.time() - t:.1f} s -> {proc.relative_to(ROOT)}/')
    if STAGE.exists(): shutil.rmtree(STAGE)
    STAGE.mkdir(parents=True)
    (STAGE / 'assets').mkdir()
    shutil.copy(ASSETS / 'extra.css', STAGE / 'assets' / 'extra.css')
    gloss_md = GLOSSARY.read_text(encoding='utf-8')
    titles = {a: f'{t}: {d}' for a, (t, d) in glossary_entries(gloss_md).items()}
    check_glossary(titles)
    (STAGE / 'glossary.md').write_text(gloss_md, encoding='utf-8')
    import yaml
    page_of, groups, images = {}, {}, set()
    for nb in nbs:
        pn = json.loads((Path(proc) / nb.name).read_text(encoding='utf-8'))
        fm_cell = next((c for c in pn['cells'] if c['cell_type'] == 'raw'), None)
        fm = yaml.safe_load(_text(fm_cell['source']).strip().strip('-')) if fm_cell else {}
        title = str((fm or {}).get('title', page_name(nb)))
        name = 'index' if nb.stem == 'index' else page_name(nb)
        pn = local_links(adapt(pn, link_base, title), {p.stem: 'index' if p.stem == 'index' else page_name(p) for p in nbs})
        images.update(stage_images(pn, nb.parent.resolve(), STAGE))
        page_of[title] = name
        if name != 'index': groups.setdefault(layer_of(nb, layers) or 'More', []).append((title, f'{name}.ipynb'))
        if name == 'index': pn = home_status(pn, rows, page_of, rows_from, stamp)  # page_of is complete: index sorts last
        (STAGE / f'{name}.ipynb').write_text(json.dumps(link_page(pn, titles), indent=1), encoding='utf-8')
    if images: say(f'  {len(images)} image file(s) the pages refer to staged: {", ".join(sorted(images))}')

    table = status_markdown(rows, page_of, '.ipynb')  # MkDocs turns links to sources into links to pages
    status = (
        '# Status: formats x rungs\n\nWhich rungs of the evidence ladder each registered format stands on, from '
        f'{rows_from}, {stamp}. The ladder itself is on the [home page](index.ipynb).\n\n' + table + '\n\n'
        '## Every figure\n\nThe same rows, one per check, with the figure each check measured.\n\n'
        + status_figures(rows, page_of, '.ipynb')
        + '\n'
    )
    (STAGE / 'status.md').write_text(link_terms(status, set(), titles), encoding='utf-8')

    if 'More' in groups:
        msg = f"{len(groups['More'])} page(s) whose module the home page's Map does not list: " + ', '.join(f for _, f in groups['More'])
        if a.strict: raise SystemExit('build_docs: ' + msg)
        say('WARNING: ' + msg)
    nav = [{'Home': 'index.ipynb'}, {'Status': 'status.md'}, {'Glossary': 'glossary.md'}]
    order = [t for t, _ in layers] + ['More']
    nav += [{g: [{t: f} for t, f in groups[g]]} for g in order if g in groups]

    mj = mathjax_url(STAGE)
    say(f'MkDocs: {len(nbs)} notebooks + status -> {a.site_dir}')
    t = time.time()
    mcfg = load_config(str(ROOT / 'mkdocs.yml'), docs_dir=str(STAGE), site_dir=str(Path(a.site_dir).resolve()), nav=nav, strict=a.strict)
    for name, plugin in mcfg.plugins.items():
        if 'jupyter' in name: plugin.config['custom_mathjax_url'] = mj or 'data:,'
    mcfg.plugins.on_startup(command='build', dirty=False)
    try: build(mcfg)
    finally: mcfg.plugins.on_shutdown()
    removed = strip_external(Path(a.site_dir))
    fixed = fix_links(Path(a.site_dir))
    say(f"  links: {fixed['toc_links']} table-of-contents link(s) pointed at their heading, {fixed['moved_to_class']} API link(s) "
        f"moved to their class, {fixed['unlinked']} to undocumented names unlinked; {len(fixed['dead'])} dead")
    css = share_styles(Path(a.site_dir))
    say(f"  styles: {css['files']} block(s) every page inlined written once under assets/, {css['saved_mb']} MB less HTML")
    if fixed['dead']:
        msg = 'dead link(s): ' + '; '.join(f'{pg}: {h}' for pg, h in fixed['dead'][:20])
        if a.strict: raise SystemExit('build_docs: ' + msg)
        say('WARNING: ' + msg)
    pages = sorted(Path(a.site_dir).glob('*.html'))
    pages = [p for p in pages if p.name not in ('404.html',)]
    say(f'  MkDocs {time.time() - t:.1f} s; removed {removed} reference(s) to other hosts')
    where = Path(a.site_dir).relative_to(ROOT) if Path(a.site_dir).resolve().is_relative_to(ROOT) else a.site_dir
    say(f'done in {time.time() - t0:.0f} s: {len(pages)} pages in {where}/ '
        f'(open {Path(a.site_dir) / "index.html"})')
    return 0

if __name__ == '__main__': sys.exit(main())
