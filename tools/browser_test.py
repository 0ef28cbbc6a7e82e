"""Browser test of the docs site and the check report, in headless Chromium (Debian's `chromium`), offline.

    python tools/browser_test.py                # every page of _site/ (builds it first if missing), writes _site_test/
    python tools/browser_test.py --build        # rebuild the site first (python tools/build_docs.py)
    python tools/browser_test.py --pages q4_k,host --report-from c.json   # some pages; the report from saved rows
    python tools/browser_test.py --save-screenshots   # also copy the pages' screenshots to docs/screenshots/

What it does:
1. serves _site/ on 127.0.0.1 (http.server in a thread, a free port) and opens EVERY page in headless Chromium at a
   1400 px window (FX_WIDTH=...), a few at once; each page must pass, each failure named by its check:
   title (an H1, in the document title; Q4_K's exactly 'Q4_K'); images (no <img> fails to load); figure (format
   pages: a PNG plot in an output that loaded); API blocks (a show_doc block for every public name the page's module
   exports, by ferrox_lit/_modidx.py); code (format pages, those of nbs/1[0-8]*: a highlighted CUDA block with a
   `__device__` function and a highlighted diff; the kernel-family pages in FAMILY_PAGES: a highlighted CUDA/C++
   block); status table (home and status pages: the formats x rungs table rendered as a table with every format);
   overflow (the document does not scroll sideways and nothing outside a scrolling box is wider than the main
   column); links (none to the repository's web host, none to a missing file or a missing same-page anchor);
   glossary (the first use of each term of build_docs.TERMS in the page's prose links to its glossary entry);
2. screenshots of the pages in SHOTS (_site_test/<page>.png, tall enough for the first CUDA/C++ block and figure);
3. sabotage: copies of q4_k, the first family page and the home page with PNGs undecodable, API blocks and H1
   removed, code and tables rendered as plain text, a 3000 px block, a git-host link and a dead link, glossary links
   unwrapped; every check that applies must fire on them, or the run fails;
4. the search index (Material's, offline) covers every page;
5. writes the check report with `ferrox-lit report -o _site_test/report.html` and opens it: title "ferrox-lit check
   report", every <img> loaded, at least one; screenshot _site_test/report.png.
The page checks themselves are plain functions of what the probe measured, tested without a browser in
tests/test_docs_tools.py, each with its sabotage.

How: Chromium's own `--dump-dom` and `--screenshot` modes, no driver and no pip package. `--dump-dom` cannot run a
script of ours, so the test server adds one to the page it serves for the check (only when the URL asks, with
`?fx-probe`): after the load event it measures the page in the browser (title, images' naturalWidth, API blocks,
code blocks and their token classes, widths) and writes the result as JSON into a <pre id="fx-probe"> element, which
the dumped DOM carries back with the page itself (the glossary and link checks read that DOM).
Launch flags: /work/.library/env/machines/python.md (no background networking: this machine has no network).
"""
from __future__ import annotations
import argparse, ast, functools, html, json, os, re, shutil, subprocess, sys, tempfile, threading, time
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE, OUT = ROOT / '_site', ROOT / '_site_test'
sys.path.insert(0, str(ROOT / 'tools'))
import build_docs  # noqa: E402  (the glossary's terms, nbdev's page names)
FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--hide-scrollbars', '--mute-audio']

PROBE = """<script>
window.addEventListener('load', () => setTimeout(() => {
  const imgs = [...document.querySelectorAll('img')].map(i => ({src: (i.getAttribute('src') || '').slice(0, 60),
      complete: i.complete, w: i.naturalWidth, h: i.naturalHeight, in_output: !!i.closest('.jp-OutputArea-output')}));
  const h1 = document.querySelector('h1') && document.querySelector('h1').cloneNode(true);
  if (h1) h1.querySelectorAll('a.headerlink, a.anchor-link').forEach(a => a.remove());  // the permalink mark
  const api = [...document.querySelectorAll('.fx-api .fx-api-name, .fx-error-name')].map(h => h.id);  // a named error: its errors-table row
  const bottom = e => Math.ceil(e.getBoundingClientRect().bottom + window.scrollY);
  const plot = [...document.querySelectorAll('.jp-OutputArea-output img')].find(i => i.naturalWidth > 0);
  const inner = document.querySelector('.md-content__inner') || document.body;
  // code blocks: where each is, whether it is highlighted (token spans), its token classes and text
  const blocks = [...inner.querySelectorAll('pre')].filter(p => !p.closest('.fx-api')).map(p => ({
      input: !!p.closest('.highlight-ipynb, .jp-CodeCell .jp-InputArea'),
      cls: [...new Set([...p.querySelectorAll('span[class]')].map(s => s.className))].slice(0, 60),
      text: p.textContent.slice(0, 4000), bottom: bottom(p)}));
  // horizontal overflow: the document, and elements wider than the main column with no scrolling box around them
  const col = document.querySelector('.md-content') || inner;   // the main column, its margins included
  const de = document.documentElement, right = col.getBoundingClientRect().right;
  const scrolls = e => {
      for (let a = e.parentElement; a && a !== col; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false; };
  const over = [...col.querySelectorAll('*')].filter(e => {
      const r = e.getBoundingClientRect(); return r.width > 0 && r.right > right + 1 && !scrolls(e); });
  const outermost = over.filter(e => !over.includes(e.parentElement)).slice(0, 5)
      .map(e => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} right edge `
              + `${Math.round(e.getBoundingClientRect().right - right)} px past the column`);
  // how many characters of the code font fit in a code cell's line
  const ir = inner.getBoundingClientRect();
  const cols = pre => {
      if (!pre) return null;
      const s = document.createElement('span'); s.textContent = '0'.repeat(100); s.style.whiteSpace = 'pre'; pre.appendChild(s);
      const cs = getComputedStyle(pre), r = pre.getBoundingClientRect();   // from the block's left edge to the column's right edge
      const w = ir.right - Math.max(r.left, ir.left) - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const n = Math.floor(100 * w / s.getBoundingClientRect().width); s.remove(); return n; };
  const code_cols = {input: cols(inner.querySelector('.highlight-ipynb pre')),
                     shown: cols(inner.querySelector('.jp-OutputArea-output.jp-RenderedMarkdown .highlight pre'))};
  const scrolled = t => { const w = t.closest('.md-typeset__scrollwrap') || t; return w.scrollWidth > w.clientWidth + 1; };
  const tables = [...inner.querySelectorAll('table')].map(t => ({
      head: [...t.querySelectorAll('tr:first-child th')].map(th => th.textContent.trim()).slice(0, 20),
      rows: t.querySelectorAll('tbody tr').length, scrolled: scrolled(t)}));
  const tables_scrolled = tables.filter(t => t.scrolled).length;
  const pre_ = document.createElement('pre'); pre_.id = 'fx-probe';
  pre_.textContent = JSON.stringify({title: document.title, h1: h1 ? h1.textContent.trim() : null, imgs, api, blocks,
      plot_bottom: plot ? bottom(plot) : null, doc_overflow: de.scrollWidth - de.clientWidth,
      col_overflow: col.scrollWidth - col.clientWidth, overflow: outermost, tables, tables_scrolled, code_cols, width: window.innerWidth});
  document.body.appendChild(pre_);
}, 300));
</script>"""

class Handler(SimpleHTTPRequestHandler):
    "Static files; an HTML page asked for with `?fx-probe` gets the probe script before </body>."
    def log_message(self, *a): pass
    def do_GET(self):
        if 'fx-probe' not in self.path.partition('?')[2]: return super().do_GET()
        f = Path(self.translate_path(self.path.partition('?')[0]))
        if not f.is_file(): return self.send_error(404)
        body = f.read_text(encoding='utf-8')
        body = body.replace('</body>', PROBE + '</body>', 1) if '</body>' in body else body + PROBE
        data = body.encode()
        self.send_response(200); self.send_header('Content-Type', 'text/html; charset=utf-8')
        self.send_header('Content-Length', str(len(data))); self.end_headers(); self.wfile.write(data)

def serve(folder:Path):
    "Serve `folder` on 127.0.0.1 at a free port from a daemon thread; returns (server, base URL)."
    srv = ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(Handler, directory=str(folder)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f'http://127.0.0.1:{srv.server_address[1]}/'

def chromium() -> str:
    exe = os.environ.get('CHROMIUM') or shutil.which('chromium') or shutil.which('chromium-browser')
    if not exe: sys.exit('browser_test: no chromium; install it: apt-get install -y chromium chromium-driver')
    return exe

def run_chromium(args:list, timeout=120) -> str:
    "Run headless Chromium with a new empty profile; its stdout."
    with tempfile.TemporaryDirectory(prefix='fx-chromium-') as prof:
        r = subprocess.run([chromium(), *FLAGS, f'--user-data-dir={prof}', *args], capture_output=True, text=True, timeout=timeout)
    if r.returncode: sys.exit(f'browser_test: chromium exited {r.returncode}: {r.stderr[-800:]}')
    return r.stdout

WIDTH = int(
    os.environ.get('FX_WIDTH', 1400)
)  # the window the pages are measured and photographed in: a laptop screen, wide enough for the TOC

def probe(url:str) -> dict:
    "What the page measured about itself in the browser (see PROBE), with the dumped DOM under 'dom'."
    dom = run_chromium(
        ['--virtual-time-budget=15000', f'--window-size={WIDTH},2000', '--dump-dom', url + ('&' if '?' in url else '?') + 'fx-probe']
    )
    m = re.search(r'<pre id="fx-probe">(.*?)</pre>', dom, re.S)
    if not m: sys.exit(f'browser_test: no probe result in the DOM of {url} ({len(dom)} chars dumped)')
    return {**json.loads(html.unescape(m.group(1))), 'dom': dom[:m.start()]}

def screenshot(url:str, png:Path, height=2400):
    png.parent.mkdir(parents=True, exist_ok=True)
    run_chromium(['--virtual-time-budget=15000', f'--window-size={WIDTH},{height}', f'--screenshot={png}', url])
    if not png.is_file() or png.stat().st_size < 10_000: sys.exit(f'browser_test: screenshot {png} missing or blank')

# ---------- what a page must show ----------

def format_pages() -> list:
    "The format pages: those of nbs/1[0-8]*.ipynb (nbdev's page names)."
    return sorted(build_docs.page_name(p) for p in (ROOT / 'nbs').glob('1[0-8]*.ipynb'))

FAMILY_PAGES = ('mul_mm', 'matvec', 'host')   # kernel-family pages: each must show its CUDA/C++ (add a page here)
SHOTS = ('q4_k', 'mxfp4', 'host', 'mul_mm')   # pages photographed; --save-screenshots copies them to docs/screenshots/
SKIP_GLOSSARY = ('glossary',)                  # the glossary defines its terms; it does not link them

def api_names(page:str) -> list:
    "Public top-level names whose doc page is `page` (e.g. 'q4_k'), from ferrox_lit/_modidx.py."
    d = ast.literal_eval((ROOT / 'ferrox_lit' / '_modidx.py').read_text().split('d = ', 1)[1])
    out = []
    for mod, syms in d['syms'].items():
        for sym, (link, _) in syms.items():
            name = sym[len(mod) + 1:]
            if link.split('#')[0] == f'{page}.html' and '.' not in name and not name.startswith('_'): out.append(name)
    return sorted(out)

C_TOKENS = {'kt', 'kr', 'cp', 'cpf'}   # Pygments' C/C++/CUDA classes (types, reserved words, preprocessor); Python's lexer uses none

def is_diff(b:dict) -> bool:
    "A highlighted unified diff (Pygments' deleted/inserted lines)."
    return bool({'gd', 'gi'} & set(b['cls'])) and ('\n@@' in b['text'] or b['text'].startswith(('---', '@@')))

def is_cxx(b:dict) -> bool:
    "A highlighted CUDA/C++ block shown on the page (not a notebook's Python input), not a diff."
    return not b['input'] and bool(C_TOKENS & set(b['cls'])) and not is_diff(b)

def is_cuda(b:dict) -> bool:
    "A highlighted CUDA block: C-family tokens and a `__device__` function."
    return is_cxx(b) and '__device__' in b['text']

CODE_CHECKS = {'cuda': is_cuda, 'diff': is_diff, 'cuda/c++': is_cxx}

def code_wanted(page:str) -> list:
    "Which kinds of code block `page` must show."
    return ['cuda', 'diff'] if page in format_pages() else ['cuda/c++'] if page in FAMILY_PAGES else []

class _Prose(HTMLParser):
    "Text of a page's main column in order, as (text, is_code, glossary anchor or None)."
    # not: code blocks, code cells' input, headings, other links, API blocks or non-Markdown outputs
    SKIP = {'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'script', 'style', 'nav', 'button', 'svg'}
    SKIP_CLS = {'fx-api', 'highlight-ipynb', 'jp-InputPrompt', 'jp-OutputPrompt', 'headerlink'}
    VOID = {'br', 'img', 'hr', 'input', 'meta', 'link', 'wbr', 'source', 'col', 'area', 'base', 'embed', 'track'}
    def __init__(self):
        super().__init__(); self.stack, self.out, self.depth = [], [], None   # stack: (tag, skip, gloss, code, in_code_cell)
    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:   # <wbr>, <br>: a tag in the Markdown, so the build's linking sees a boundary there too
            if self.depth is not None and self.stack and not self.stack[-1][1]: self.out.append(('\0', False, None))
            return
        a = dict(attrs); cls = set((a.get('class') or '').split())
        if self.depth is None:
            if tag == 'article' and 'md-content__inner' in cls: self.depth = len(self.stack)
            self.stack.append((tag, False, None, False, False)); return
        _, skip, gloss, code, cc = self.stack[-1]
        mime = a.get('data-mime-type')
        cc = cc or 'jp-CodeCell' in cls
        if tag in self.SKIP or self.SKIP_CLS & cls or (cc and 'jp-InputArea' in cls) or (mime and mime != 'text/markdown'): skip = True
        if tag == 'a':
            if 'fx-gloss' in cls: gloss = (a.get('href') or '').rpartition('#')[2]
            else: skip = True
        if skip and not self.stack[-1][1]: self.out.append(('\0', False, None))   # skipped text separates prose, as in the build
        self.stack.append((tag, skip, gloss, code or tag == 'code', cc))
    def handle_endtag(self, tag):
        if tag in self.VOID or tag not in (t[0] for t in self.stack): return
        while self.stack:
            t = self.stack.pop()[0]
            if self.depth is not None and len(self.stack) <= self.depth: self.depth = None
            if t == tag: break
    def handle_data(self, data):
        if self.depth is None or not self.stack or self.stack[-1][1]: return
        _, _, gloss, code, _ = self.stack[-1]
        self.out.append((data, code, gloss))

def prose_runs(dom:str) -> list:
    p = _Prose(); p.feed(dom); return p.out

def glossary_failures(dom:str) -> list:
    "Terms whose first use in the page's prose does not link to its glossary entry (build_docs.TERMS says what a use is)."
    runs, bad = prose_runs(dom), []
    text, owner = '', []                       # the prose as one string (code and skipped text as NUL), and its runs
    for i, (t, code, _) in enumerate(runs):
        t = '\0' if code else t
        text += t; owner += [i] * len(t)
    for anchor, (prose_re, code_re) in build_docs.TERM_RE.items():
        hits = [(m.start(), m.group(0)) for m in [prose_re.search(text)] if m] if prose_re else []
        if code_re:
            hits += [(owner.index(i), t.strip()) for i, (t, code, _) in enumerate(runs) if code and code_re.fullmatch(t.strip())][:1]
        if not hits: continue
        at, word = min(hits)
        gloss = runs[owner[at]][2]
        if gloss != anchor:
            bad.append(
                f"'{word}' (first use, in '{text[max(0, at - 30) : at + 30].replace(chr(0), ' ').strip()}') "
                f"does not link to glossary.html#{anchor}"
            )
    return bad

def link_failures(dom:str, page:str, site:Path) -> list:
    "Links to the repository's web host (nothing is served there), relative links to missing files, same-page fragments with no target."
    from nbdev.config import get_config
    cfg = get_config(); hosts = tuple(h.rstrip('/') for h in (cfg.git_url, cfg.doc_host) if h)
    main = dom[dom.find('md-content__inner'):] or dom
    hrefs = re.findall(r'<a\b[^>]*?\bhref="([^"]*)"', main)
    ids = set(re.findall(r'\bid="([^"]+)"', dom))
    bad = [f'link to {h} (not served offline)' for h in hrefs if h.startswith(hosts)]
    for h in hrefs:
        if re.match(r'^(?:[a-z]+:|//)', h, re.I): continue
        path, _, frag = html.unescape(h).partition('#')
        if path and not (site / path.split('?')[0]).resolve().exists(): bad.append(f'link to {path}: no such file in the site')
        if not path and frag and frag not in ids: bad.append(f'link to #{frag}: no element has that id')
    return list(dict.fromkeys(bad))

STATUS_PAGES = ('index', 'status')   # pages that show the formats x rungs table

def status_table_failures(p:dict) -> list:
    "The formats x rungs table must be a rendered table: 'format' and at least two rungs across, every format down."
    want = len(format_pages()) + 1   # a row per format, and the *needs* row
    found = [t for t in p.get('tables', []) if t['head'][:1] == ['format'] and len(t['head']) >= 3]
    if not found or found[0]['rows'] < want:
        return [
            f"status table: no table headed 'format' with rungs across and {want} rows "
            f"(tables: {[(t['head'][:3], t['rows']) for t in p.get('tables', [])]})"
        ]
    return []

CHECKS = ('title', 'images', 'figure', 'API blocks', 'code', 'status table', 'overflow', 'links', 'glossary')

def page_failures(p:dict, page:str, title:str|None=None, want_api:list=(), site:Path=SITE) -> list:
    "Why a probed page fails, each reason prefixed with its check's name (CHECKS). Empty when it passes."
    bad = []
    if not p['h1'] or not p['title'].strip() or (title and (p['h1'] != title or title not in p['title'])):
        bad.append(f"title: document title {p['title']!r}, h1 {p['h1']!r}" + (f', want {title!r}' if title else ''))
    broken = [i['src'] for i in p['imgs'] if not (i['complete'] and i['w'] > 0 and i['h'] > 0)]
    if broken: bad.append(f'images: {len(broken)} of {len(p["imgs"])} not loaded: {broken[:3]}')
    if page in format_pages():
        plots = [i for i in p['imgs'] if i['in_output'] and i['src'].startswith('data:image/png')]
        if not [i for i in plots if i['complete'] and i['w'] > 0]: bad.append(f'figure: {len(plots)} PNG output image(s), none loaded')
    missing = [n for n in want_api if n.lower() not in p['api']]
    if missing: bad.append(f"API blocks: have {p['api']}, missing {missing}")
    for kind in code_wanted(page):
        if not any(map(CODE_CHECKS[kind], p['blocks'])):
            bad.append(f"code: no highlighted {kind} block among {len(p['blocks'])} code block(s)")
    if page in STATUS_PAGES: bad += status_table_failures(p)
    if p['doc_overflow'] > 0 or p['col_overflow'] > 0 or p['overflow']:
        bad.append(f"overflow: document {p['doc_overflow']} px wider than the window, main column content {p['col_overflow']} px wider "
                   f"than the column; {p['overflow'] or 'no single element found'}")
    bad += [f'links: {b}' for b in link_failures(p['dom'], page, site)]
    if page not in SKIP_GLOSSARY: bad += [f'glossary: {b}' for b in glossary_failures(p['dom'])]
    return bad

def fired(bad:list) -> list:
    "Which checks a list of failures came from (checks named in CHECKS; 'code' split by block kind)."
    out = [c for c in CHECKS if c != 'code' and any(b.startswith(c + ':') for b in bad)]
    return out + [f'code: {k}' for k in CODE_CHECKS if any(b.startswith(f'code: no highlighted {k} block') for b in bad)]

def summary(p:dict, page:str) -> str:
    kinds = {k: sum(map(f, p['blocks'])) for k, f in CODE_CHECKS.items()}
    return (
        f"h1 {p['h1']!r}; {sum(i['w'] > 0 for i in p['imgs'])}/{len(p['imgs'])} images; {len(p['api'])} API blocks; "
        f"code blocks cuda {kinds['cuda']}, c++ {kinds['cuda/c++']}, diff {kinds['diff']}; "
        f"overflow {p['doc_overflow']}/{p['col_overflow']} px; "
        f"{p.get('tables_scrolled', 0)} table(s) scrolling sideways; "
        f"{len([r for r in prose_runs(p['dom']) if r[2]])} glossary links; "
        f"a code line fits {p['code_cols']['input']} columns in a Python cell, "
        f"{p['code_cols']['shown']} in a shown code block"
    )

def report_failures(p:dict) -> list:
    bad = []
    if p['title'] != 'ferrox-lit check report': bad.append(f"title {p['title']!r}")
    if not p['imgs']: bad.append('no image')
    bad += [f"image {i['src']}... not loaded" for i in p['imgs'] if not (i['complete'] and i['w'] > 0)]
    return bad

WIDE = '<div class="fx-sabotage-wide" style="width:3000px">a block wider than the column</div>'

def sabotaged_copy(src:Path, dst:Path, site:Path=SITE):
    "The page with each check's failure: PNGs undecodable, API blocks and H1 gone, code unhighlighted, tables as text, ..."
    # ... a too-wide block, a link to the git host and one to a missing page, glossary links unwrapped
    from nbdev.config import get_config
    t = src.read_text(encoding='utf-8')
    t = t.replace('data:image/png;base64,iVBORw0KGgo', 'data:image/png;base64,AAAAAAAAAAA')  # base64 of the PNG magic
    t = t.replace('class="fx-api-name"', 'class="gone"')
    t = re.sub(r'<h1\b.*?</h1>', '', t, flags=re.S)
    t = re.sub(
        r'<pre>(.*?)</pre>', lambda m: '<pre>' + re.sub(r'</?span\b[^>]*>', '', m.group(1)) + '</pre>', t, flags=re.S
    )  # plain text, no tokens
    t = re.sub(r'<a class="fx-gloss"[^>]*>(.*?)</a>', r'\1', t, flags=re.S)
    t = re.sub(r'<(/?)(table|thead|tbody|tr|th|td)\b', r'<\1div', t)   # tables rendered as text (a Markdown table missing its |---| row)
    bad_links = f'<p><a href="{get_config().git_url}/blob/main/ferrox_lit/kind.py#L1">source</a> <a href="no_such_page.html">gone</a></p>'
    t = re.sub(r'(<article\b[^>]*md-content__inner[^>]*>)', lambda m: m.group(1) + WIDE + bad_links, t, count=1)
    dst.write_text(t, encoding='utf-8')

def site_pages(site:Path=SITE) -> list:
    return sorted(p.stem for p in site.glob('*.html') if p.name != '404.html' and not p.name.startswith('_'))

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split('\n\n', 1)[1].split('\n\n')[0])
    ap.add_argument('--pages', default=None, help='comma-separated pages to check (default: every page of the site)')
    ap.add_argument('--title', default='Q4_K', help="q4_k's exact title (default %(default)s)")
    ap.add_argument('--build', action='store_true', help='run tools/build_docs.py first')
    ap.add_argument('--check-json', help='passed to build_docs.py')
    ap.add_argument('--report-from', help='rows for `ferrox-lit report --from` (default: the report runs the check)')
    ap.add_argument('--save-screenshots', action='store_true', help=f'copy the screenshots of {", ".join(SHOTS)} to docs/screenshots/')
    ap.add_argument('--jobs', type=int, default=3, help='Chromium processes at once (default %(default)s)')
    a = ap.parse_args(argv)
    os.chdir(ROOT)
    t0 = time.time()
    if a.build or not (SITE / 'index.html').is_file():
        cmd = [sys.executable, str(ROOT / 'tools' / 'build_docs.py')] + (['--check-json', a.check_json] if a.check_json else [])
        print('browser_test:', ' '.join(cmd), flush=True)
        subprocess.run(cmd, check=True)
    if OUT.exists(): shutil.rmtree(OUT)
    OUT.mkdir()
    pages = a.pages.split(',') if a.pages else site_pages()
    results = []
    from concurrent.futures import ThreadPoolExecutor
    srv, base = serve(SITE)
    sabs = [('q4_k', '_sabotaged_q4_k'), (FAMILY_PAGES[0], f'_sabotaged_{FAMILY_PAGES[0]}'), ('index', '_sabotaged_index')]
    try:
        for page, sab in sabs: sabotaged_copy(SITE / f'{page}.html', SITE / f'{sab}.html')
        with ThreadPoolExecutor(a.jobs) as ex:
            probes = dict(zip(pages, ex.map(lambda pg: probe(base + f'{pg}.html'), pages)))
            sab_probes = list(ex.map(lambda ps: probe(base + f'{ps[1]}.html'), sabs))
            for page in pages:
                p = probes[page]
                fails = page_failures(p, page, a.title if page == 'q4_k' else None, api_names(page))
                results.append((f'{page}.html', fails, summary(p, page)))
            # tall enough for the title, the first CUDA/C++ block and the first plot
            shots = [pg for pg in SHOTS if pg in probes]
            def shot(pg):
                p = probes[pg]
                code = [b['bottom'] for b in p['blocks'] if is_cxx(b)]
                h = min(max(2400, (p['plot_bottom'] or 0) + 150, (code[0] if code else 0) + 150), 6000)
                screenshot(base + f'{pg}.html', OUT / f'{pg}.png', height=h)
            list(ex.map(shot, shots))
    finally:
        for _, sab in sabs: (SITE / f'{sab}.html').unlink(missing_ok=True)
        srv.shutdown()
    # sabotage: every check must fire on the broken copy of q4_k; the C++ check on the broken family page
    want = [c for c in CHECKS if c not in ('code', 'status table')] + ['code: cuda', 'code: diff']
    got = fired(page_failures(sab_probes[0], 'q4_k', a.title, api_names('q4_k')))
    results.append(
        (
            'sabotaged q4_k (PNGs undecodable, no API blocks, no H1, code and tables as plain text, a 3000 px block, '
            'a git-host link and a dead link, glossary links unwrapped)',
            [f'did not fire: {sorted(set(want) - set(got))}'] if set(want) - set(got) else [],
            f'checks fired: {got}',
        )
    )
    got = fired(page_failures(sab_probes[1], FAMILY_PAGES[0]))
    results.append(
        (
            f'sabotaged {FAMILY_PAGES[0]} (the same edits)',
            [] if 'code: cuda/c++' in got else [f'code: cuda/c++ did not fire: {got}'],
            f'checks fired: {got}',
        )
    )
    got = fired(page_failures(sab_probes[2], 'index'))
    results.append(
        (
            'sabotaged index (the same edits; its tables as plain text)',
            [] if 'status table' in got else [f'status table did not fire: {got}'],
            f'checks fired: {got}',
        )
    )
    idx = json.loads((SITE / 'search' / 'search_index.json').read_text())
    where = {d['location'].split('#')[0] for d in idx['docs']}
    allp = {f'{p}.html' for p in site_pages()}
    results.append(('search index', [f'pages not in the search index: {sorted(allp - where)}'] if allp - where else [],
                    f'{len(idx["docs"])} entries over {len(where)} of {len(allp)} pages'))

    rep = OUT / 'report.html'
    cmd = ['ferrox-lit', 'report', '-o', str(rep)] + (['--from', a.report_from] if a.report_from else [])
    exe = shutil.which('ferrox-lit')
    r = subprocess.run(
        cmd if exe else [sys.executable, '-c', 'import sys; from ferrox_lit.cli import main; sys.exit(main(sys.argv[1:]))', *cmd[1:]],
        capture_output=True,
        text=True,
    )
    if r.returncode or not rep.is_file():
        results.append(('report.html', [f'`{" ".join(cmd)}` exited {r.returncode}: {r.stderr.strip()[-400:]}'], ''))
    else:
        srv, base = serve(OUT)
        try:
            p = probe(base + 'report.html')
            results.append(
                ('report.html', report_failures(p),
                 f"title {p['title']!r}; {sum(i['w'] > 0 for i in p['imgs'])} of {len(p['imgs'])} image(s) loaded")
            )
            screenshot(base + 'report.html', OUT / 'report.png', height=1800)
        finally: srv.shutdown()

    if a.save_screenshots:
        dst = ROOT / 'docs' / 'screenshots'; dst.mkdir(parents=True, exist_ok=True)
        for pg in SHOTS:
            if (OUT / f'{pg}.png').is_file(): shutil.copy(OUT / f'{pg}.png', dst / f'{pg}.png')
    failed = 0
    for name, bad, info in results:
        print(f"{'ok  ' if not bad else 'FAIL'} {name}: {info}")
        for b in bad: print(f'       {b}')
        failed += bool(bad)
    print(
        f'checks per page: {", ".join(CHECKS)} (figure and code: cuda + diff on format pages {", ".join(format_pages())}; '
        f'code: cuda/c++ on {", ".join(FAMILY_PAGES)}; status table on {", ".join(STATUS_PAGES)}; API blocks where the page exports names)'
    )
    print(f'screenshots: {", ".join(str(p.relative_to(ROOT)) for p in sorted(OUT.glob("*.png")))}'
          + (' (copied to docs/screenshots/)' if a.save_screenshots else ''))
    print(f'browser_test took {time.time() - t0:.0f} s')
    print(f'browser_test: {len(results) - failed} passed, {failed} failed')
    return 1 if failed else 0

if __name__ == '__main__': sys.exit(main())
