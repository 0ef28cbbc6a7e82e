"""Browser test of the docs site and the check report, in headless Chromium (Debian's `chromium`), offline.

    python tools/browser_test.py                # uses _site/ (builds it first if missing), writes _site_test/
    python tools/browser_test.py --build        # rebuild the site first (python tools/build_docs.py)
    python tools/browser_test.py --report-from c.json   # the report from saved `ferrox-lit check --json` rows

What it does:
1. serves _site/ on 127.0.0.1 (http.server in a thread, a free port) and opens a format page (default Q4_K) in
   headless Chromium; the page must have its title (document title and the H1), at least one plot that actually
   loaded (an <img> with a data:image/png source, complete, naturalWidth > 0, inside a notebook output) and an API
   block (show_doc output) for every public function the page's module exports, by the names in
   ferrox_lit/_modidx.py; saves a screenshot, _site_test/<page>.png;
2. writes the check report with `ferrox-lit report -o _site_test/report.html`, opens it the same way: title
   "ferrox-lit check report", every <img> loaded, at least one; screenshot _site_test/report.png;
3. the search index (Material's, offline) covers every page;
4. sabotage: the same checks on a copy of the page with its images' bytes cut, its API blocks and its H1 removed
   must fail on each of the three counts, so a test that cannot fail would be caught.

How: Chromium's own `--dump-dom` and `--screenshot` modes, no driver and no pip package. `--dump-dom` cannot run a
script of ours, so the test server adds one to the page it serves for the check (only when the URL asks, with
`?fx-probe`): after the load event it measures the page in the browser (title, images' naturalWidth, API blocks)
and writes the result as JSON into a <pre id="fx-probe"> element, which the dumped DOM carries back.
Launch flags: /work/.library/env/machines/python.md (no background networking: this machine has no network).
"""
from __future__ import annotations
import argparse, ast, functools, html, json, os, re, shutil, subprocess, sys, tempfile, threading, time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE, OUT = ROOT / '_site', ROOT / '_site_test'
FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--hide-scrollbars', '--mute-audio']

PROBE = """<script>
window.addEventListener('load', () => setTimeout(() => {
  const imgs = [...document.querySelectorAll('img')].map(i => ({src: i.getAttribute('src').slice(0, 30),
      complete: i.complete, w: i.naturalWidth, h: i.naturalHeight, in_output: !!i.closest('.jp-OutputArea-output')}));
  const h1 = document.querySelector('h1') && document.querySelector('h1').cloneNode(true);
  if (h1) h1.querySelectorAll('a.headerlink, a.anchor-link').forEach(a => a.remove());  // the permalink mark
  const api = [...document.querySelectorAll('.fx-api .fx-api-name')].map(h => h.id);
  const plot = [...document.querySelectorAll('.jp-OutputArea-output img')].find(i => i.naturalWidth > 0);
  const plot_bottom = plot ? Math.ceil(plot.getBoundingClientRect().bottom + window.scrollY) : null;
  const pre = document.createElement('pre'); pre.id = 'fx-probe';
  pre.textContent = JSON.stringify({title: document.title, h1: h1 ? h1.textContent.trim() : null, imgs, api, plot_bottom});
  document.body.appendChild(pre);
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

def probe(url:str) -> dict:
    "What the page measured about itself in the browser (see PROBE)."
    dom = run_chromium(['--virtual-time-budget=15000', '--dump-dom', url + ('&' if '?' in url else '?') + 'fx-probe'])
    m = re.search(r'<pre id="fx-probe">(.*?)</pre>', dom, re.S)
    if not m: sys.exit(f'browser_test: no probe result in the DOM of {url} ({len(dom)} chars dumped)')
    return json.loads(html.unescape(m.group(1)))

def screenshot(url:str, png:Path, height=2400):
    png.parent.mkdir(parents=True, exist_ok=True)
    run_chromium(['--virtual-time-budget=15000', f'--window-size=1400,{height}', f'--screenshot={png}', url])
    if not png.is_file() or png.stat().st_size < 10_000: sys.exit(f'browser_test: screenshot {png} missing or blank')

# ---------- what a page must show ----------

def api_names(page:str) -> list:
    "Public top-level names whose doc page is `page` (e.g. 'q4_k'), from ferrox_lit/_modidx.py."
    d = ast.literal_eval((ROOT / 'ferrox_lit' / '_modidx.py').read_text().split('d = ', 1)[1])
    out = []
    for mod, syms in d['syms'].items():
        for sym, (link, _) in syms.items():
            name = sym[len(mod) + 1:]
            if link.split('#')[0] == f'{page}.html' and '.' not in name and not name.startswith('_'): out.append(name)
    return sorted(out)

def page_failures(p:dict, title:str, want_api:list) -> list:
    "Why a probed notebook page fails: title, a loaded plot, API blocks. Empty when it passes."
    bad = []
    if title not in p['title'] or p['h1'] != title: bad.append(f"title: document title {p['title']!r}, h1 {p['h1']!r}, want {title!r}")
    plots = [i for i in p['imgs'] if i['in_output'] and i['src'].startswith('data:image/png')]
    loaded = [i for i in plots if i['complete'] and i['w'] > 0 and i['h'] > 0]
    if not loaded: bad.append(f'plot: {len(plots)} PNG output image(s), none loaded (naturalWidth > 0)')
    missing = [n for n in want_api if n.lower() not in p['api']]
    if not p['api'] or missing: bad.append(f"API blocks: have {p['api']}, missing {missing}")
    return bad

def report_failures(p:dict) -> list:
    bad = []
    if p['title'] != 'ferrox-lit check report': bad.append(f"title {p['title']!r}")
    if not p['imgs']: bad.append('no image')
    bad += [f"image {i['src']}... not loaded" for i in p['imgs'] if not (i['complete'] and i['w'] > 0)]
    return bad

def sabotaged_copy(src:Path, dst:Path):
    "The page with every PNG's signature broken (Chromium then cannot decode it), its API blocks and its H1 removed."
    t = src.read_text(encoding='utf-8')
    t = t.replace('data:image/png;base64,iVBORw0KGgo', 'data:image/png;base64,AAAAAAAAAAA')  # base64 of the PNG magic
    t = t.replace('class="fx-api-name"', 'class="gone"')
    t = re.sub(r'<h1\b.*?</h1>', '', t, flags=re.S)
    dst.write_text(t, encoding='utf-8')

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split('\n\n', 1)[1].split('\n\n')[0])
    ap.add_argument('--page', default='q4_k', help='page to open (default %(default)s)')
    ap.add_argument('--title', default=None, help='its title (default: the page name upper-cased, Q4_K)')
    ap.add_argument('--build', action='store_true', help='run tools/build_docs.py first')
    ap.add_argument('--check-json', help='passed to build_docs.py')
    ap.add_argument('--report-from', help='rows for `ferrox-lit report --from` (default: the report runs the check)')
    a = ap.parse_args(argv)
    os.chdir(ROOT)
    t0 = time.time()
    if a.build or not (SITE / 'index.html').is_file():
        cmd = [sys.executable, str(ROOT / 'tools' / 'build_docs.py')] + (['--check-json', a.check_json] if a.check_json else [])
        print('browser_test:', ' '.join(cmd), flush=True)
        subprocess.run(cmd, check=True)
    if OUT.exists(): shutil.rmtree(OUT)
    OUT.mkdir()
    title = a.title or a.page.upper()
    want = api_names(a.page)
    results = []

    srv, base = serve(SITE)
    try:
        p = probe(base + f'{a.page}.html')
        bad = page_failures(p, title, want)
        plots = sum(i['in_output'] and i['w'] > 0 for i in p['imgs'])
        results.append((f'{a.page}.html', bad, f"title {p['title']!r}; {plots} plot(s) loaded; API blocks {p['api']} (want {want})"))
        # tall enough to hold the title, the API blocks above the first plot, and that plot
        screenshot(base + f'{a.page}.html', OUT / f'{a.page}.png', height=min(max(2400, (p['plot_bottom'] or 0) + 150), 16000))
        # sabotage: the same checks on a broken copy must fail on all three counts
        sab = SITE / f'_sabotaged_{a.page}.html'
        sabotaged_copy(SITE / f'{a.page}.html', sab)
        try: sbad = page_failures(probe(base + sab.name), title, want)
        finally: sab.unlink()
        fired = [k for k in ('title', 'plot', 'API blocks') if any(b.startswith(k) for b in sbad)]
        results.append(('sabotage (undecodable images, no API blocks, no H1)', [] if len(fired) == 3 else [f'only {fired} fired: {sbad}'],
                        f'checks fired: {fired}'))
    finally: srv.shutdown()
    idx = json.loads((SITE / 'search' / 'search_index.json').read_text())
    where = {d['location'].split('#')[0] for d in idx['docs']}
    pages = {p.name for p in SITE.glob('*.html') if p.name != '404.html'}
    results.append(('search index', [f'pages not in the search index: {sorted(pages - where)}'] if pages - where or f'{a.page}.html' not in where else [],
                    f'{len(idx["docs"])} entries over {len(where)} of {len(pages)} pages'))

    rep = OUT / 'report.html'
    cmd = ['ferrox-lit', 'report', '-o', str(rep)] + (['--from', a.report_from] if a.report_from else [])
    exe = shutil.which('ferrox-lit')
    r = subprocess.run(cmd if exe else [sys.executable, '-c', 'import sys; from ferrox_lit.cli import main; sys.exit(main(sys.argv[1:]))', *cmd[1:]],
                       capture_output=True, text=True)
    if r.returncode or not rep.is_file():
        results.append(('report.html', [f'`{" ".join(cmd)}` exited {r.returncode}: {r.stderr.strip()[-400:]}'], ''))
    else:
        srv, base = serve(OUT)
        try:
            p = probe(base + 'report.html')
            results.append(('report.html', report_failures(p), f"title {p['title']!r}; {sum(i['w'] > 0 for i in p['imgs'])} of {len(p['imgs'])} image(s) loaded"))
            screenshot(base + 'report.html', OUT / 'report.png', height=1800)
        finally: srv.shutdown()

    failed = 0
    for name, bad, info in results:
        print(f"{'ok  ' if not bad else 'FAIL'} {name}: {info}")
        for b in bad: print(f'       {b}')
        failed += bool(bad)
    print(f'screenshots: {", ".join(str(p.relative_to(ROOT)) for p in sorted(OUT.glob("*.png")))}')
    print(f'browser_test took {time.time() - t0:.0f} s')
    print(f'browser_test: {len(results) - failed} passed, {failed} failed')
    return 1 if failed else 0

if __name__ == '__main__': sys.exit(main())
