"""`nbdev_export`, then every module's `__all__` wrapped as nbdev wraps a fresh module's.

A cell exported to another notebook's module (`#| export families`) is appended to it, and nbdev then
rewrites that module's `__all__` as one line (its `_update_all` formats an `L`, whose repr does not wrap):
families' ran to 934 characters, past ruff's 140-column limit. This writes it back the way nbdev writes a
new module's (a `TextWrapper` of width 120, continuation lines indented 11 columns). CI runs this in place
of a bare `nbdev_export` and fails on any drift, so run it after editing a notebook.
"""
import ast, re, sys
from pathlib import Path
from textwrap import TextWrapper

ROOT = Path(__file__).resolve().parent.parent
ALL = re.compile(r'^__all__ = (\[.*?\])$', re.M | re.S)
WRAP = TextWrapper(width=120, initial_indent='', subsequent_indent=' ' * 11, break_long_words=False)

def wrap_all(text:str) -> str:
    "`text` with its `__all__` list rewrapped; unchanged if it has none."
    m = ALL.search(text)
    if not m: return text
    names = ast.literal_eval(m.group(1))
    return text[:m.start()] + '__all__ = ' + '\n'.join(WRAP.wrap(str(list(names)))) + text[m.end():]

def main(lib=ROOT / 'ferrox_lit') -> int:
    from nbdev.doclinks import nbdev_export
    nbdev_export()
    n = 0
    for py in sorted(Path(lib).glob('*.py')):
        text = py.read_text(encoding='utf-8'); new = wrap_all(text)
        if new != text: py.write_text(new, encoding='utf-8'); n += 1
    print(f'export: nbdev_export, then __all__ rewrapped in {n} modules')
    return 0

if __name__ == '__main__': sys.exit(main())
