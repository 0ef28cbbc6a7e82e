"""Is the committed `docs/measurements/check.json` what `ferrox-lit check` says now? CI runs the check anyway; this compares.

    ferrox-lit check --json > fresh.json && python tools/check_committed.py fresh.json

Every row's kind, rung, needs, verdict and figure must agree (not its seconds). On a difference it lists the first rows
that differ and exits 1; refresh with `ferrox-lit check --json > docs/measurements/check.json`.
"""
import json, sys
from pathlib import Path

COMMITTED = Path(__file__).resolve().parent.parent / 'docs' / 'measurements' / 'check.json'
KEYS = ('kind', 'rung', 'needs', 'verdict', 'figure')

def rows_of(path) -> list:
    return [tuple(r.get(k) for k in KEYS) for r in json.loads(Path(path).read_text())]

def main(fresh:str) -> int:
    if not COMMITTED.is_file():
        print(f"check_committed: {COMMITTED} is missing: ferrox-lit check --json > docs/measurements/check.json"); return 1
    now, then = rows_of(fresh), rows_of(COMMITTED)
    diff = [(a, b) for a, b in zip(then, now) if a != b]
    if len(now) != len(then) or diff:
        print(f"check_committed: docs/measurements/check.json is not current ({len(then)} committed rows, {len(now)} now, "
              f"{len(diff)} differ); refresh it: ferrox-lit check --json > docs/measurements/check.json")
        for a, b in diff[:5]: print(f"  committed: {a}\n  now:       {b}")
        return 1
    print(f"check_committed: docs/measurements/check.json is current ({len(now)} rows)")
    return 0

if __name__ == '__main__':
    if len(sys.argv) != 2: sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
