"""Write README.md from nbs/index.ipynb, executing its code cells so every figure in it is current.

Markdown cells are copied; a code cell is shown unless it is `#| hide`, `#| export` or
`#| default_exp`; its text output is shown (in a code block) unless it is `#| hide`, and a Markdown
output (`IPython.display.Markdown`, e.g. the status table) is copied as Markdown. `#| echo: false` shows the
output without the code. Quarto (what nbdev_readme uses) cannot be installed offline, hence this.
CI runs it and fails if the committed README.md differs.
"""
import sys
from pathlib import Path
from execnb.nbio import read_nb
from execnb.shell import CaptureShell

ROOT = Path(__file__).resolve().parent.parent

def directives(src):
    return {l[3:].strip().split(':')[0].split()[0] for l in src.splitlines() if l.startswith('#| ')}

def text_of(outputs):
    "(plain text, Markdown) of a cell's outputs: streams and text/plain go in a code block, text/markdown as is."
    out, md = [], []
    for o in outputs:
        if o.get('output_type') == 'error': sys.exit(f"make_readme: index.ipynb raised {o.get('ename')}: {o.get('evalue')}")
        d = o.get('data', {})
        if o.get('output_type') == 'stream': out.append(''.join(o['text']))
        elif 'text/markdown' in d: md.append(''.join(d['text/markdown']).strip('\n'))
        elif 'text/plain' in d: out.append(''.join(d['text/plain']) + '\n')
    return ''.join(out).rstrip('\n'), '\n\n'.join(md)

def main():
    nb = read_nb(ROOT / 'nbs' / 'index.ipynb')
    CaptureShell().run_all(nb, exc_stop=True)
    parts = ['<!-- generated from nbs/index.ipynb by tools/make_readme.py: edit the notebook -->']
    for c in nb.cells:
        src = ''.join(c.source)
        if c.cell_type == 'markdown': parts.append(src); continue
        d = directives(src)
        if d & {'hide', 'export', 'default_exp', 'exporti'}: continue
        code = '\n'.join(l for l in src.splitlines() if not l.startswith('#| '))
        if 'echo' not in d: parts.append(f'```python\n{code}\n```')
        txt, md = text_of(c.get('outputs', []))
        if txt: parts.append(f'```\n{txt}\n```')
        if md: parts.append(md)
    (ROOT / 'README.md').write_text('\n\n'.join(parts) + '\n')
    print('make_readme: README.md written')

if __name__ == '__main__': main()
