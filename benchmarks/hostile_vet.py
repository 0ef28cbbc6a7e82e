"""`ferrox-lit vet` (and `census`) under hostile input, each case run as a new user runs it: a fresh process, its own empty
cache, under a watchdog that kills the whole process tree past a time or memory cap. Per case: exit code (or what the
watchdog killed it for), seconds, peak memory of the process tree (the sum of every process's resident set, sampled every
50 ms), the first line it printed to stderr, processes left behind, cache size after, and temporary folders left in /tmp.
Not a test (tests/test_hostile.py has the bounded versions): a measurement, rendered by the vet page.

    python benchmarks/hostile_vet.py [--cases a,b] [--time 90] [--mem-gb 3] [--json docs/measurements/hostile_vet.json]
"""
import argparse, json, os, platform, shutil, signal, subprocess, sys, tempfile, time
from pathlib import Path
from ferrox_lit.device import example_source

ROOT = Path(__file__).resolve().parent.parent
EXE = shutil.which('ferrox-lit', path=str(Path(sys.executable).parent)) or 'ferrox-lit'

KERNEL = example_source('hostile_q4_0.cu')   # a correct Q4_0 dequant with holes (BODY, OFFSET, X_SOURCE), shared with the tests
VET = ['vet', 'kernel.cu', '--kind', 'Q4_0', '--family', 'dequant', '--kernel', 'dq', '--grid', 'nb', '--block', '32', '--args', 'x,y,nb']

def kernel(body='', x='vx', offset='0', head='') -> str:
    return head + KERNEL.replace('BODY', body).replace('OFFSET', offset).replace('X_SOURCE', x)

CASES = {   # name -> (what it is, kernel text or None, argv, extra environment)
    'include /dev/zero': ('#include "/dev/zero"', kernel(head='#include "/dev/zero"\n'), VET + ['--no-mutants'], {}),
    '1 GiB __shared__': ('a 1 GiB __shared__ array', kernel(body='__shared__ float big[268435456]; big[t] = d; __syncthreads();'
                                                                ' if (big[(t + 1) % 32] != d) return;'),
                         VET + ['--no-mutants'], {}),
    'infinite loop': ('an infinite loop, with mutation analysis', kernel(body='for (volatile int k = 0; k >= 0; k += 0) {}'), VET, {}),
    'infinite loop (--no-mutants)': ('the same, without', kernel(body='for (volatile int k = 0; k >= 0; k += 0) {}'),
                                    VET + ['--no-mutants'], {}),
    'grid of 2^31 - 1 blocks': ('--grid 2147483647', kernel(), VET[:9] + ['2147483647'] + VET[10:] + ['--no-mutants'], {}),
    '10 MB .cu': ('a valid kernel padded with 10 MB of comments', kernel() + ('// padding' + ' ' * 90 + '\n') * 100_000,
                  VET + ['--no-mutants'], {}),
    'out-of-bounds write': ('y[i * 32 + t + (1 << 26)]', kernel(offset='(1 << 26)'),
                            VET + ['--no-mutants'], {}),
    'null read': ('x = nullptr', kernel(x='nullptr'), VET + ['--no-mutants'], {}),
    'out-of-bounds write (mutants)': ('the out-of-bounds write with mutation analysis',
                                     kernel(offset='(1 << 26)'), VET + ['--mutant-limit', '20'], {}),
    'cache not writable': ('$FERROX_LIT_CACHE under a file', kernel(), VET + ['--no-mutants'], {'FERROX_LIT_CACHE': '/dev/null/cache'}),
    'census --gguf': ('census --gguf FILE', None, ['census', '--gguf', 'missing.gguf'], {}),
    '__trap()': ('must stay: named with its line', kernel(body='if (t == 3) __trap();'), VET + ['--no-mutants'], {}),
    'syntax error': ('must stay: one line, exit 2', kernel(body='int oops = ;'), VET + ['--no-mutants'], {}),
}

def _procs(sid:int) -> dict:
    "pid -> resident bytes of every process in session `sid`."
    out = {}
    for p in Path('/proc').iterdir():
        if not p.name.isdigit(): continue
        try:
            stat = (p / 'stat').read_text(); fields = stat[stat.rindex(')') + 2:].split()
            if int(fields[3]) != sid: continue   # field 6 of stat: the session id
            rss = next((int(l.split()[1]) * 1024 for l in (p / 'status').read_text().splitlines() if l.startswith('VmRSS:')), 0)
            out[int(p.name)] = rss
        except (OSError, ValueError, StopIteration): continue
    return out

def _tmp_entries() -> set:
    return {p.name for p in Path(tempfile.gettempdir()).iterdir() if p.name.startswith(('fx', 'build-', 'runner-', 'pch-'))}

def _size(d:Path) -> int:
    return sum(p.stat().st_size for p in d.rglob('*') if p.is_file()) if d.exists() else 0

def run_case(name, limit_s, mem_bytes) -> dict:
    what, src, argv, env_extra = CASES[name]
    work = Path(tempfile.mkdtemp(prefix='hostile-'))
    if src is not None: (work / 'kernel.cu').write_text(src)
    cache = work / 'cache'
    env = {**os.environ, 'FERROX_LIT_CACHE': str(cache), **env_extra}
    before_tmp = _tmp_entries()
    t0 = time.perf_counter(); peak = 0; killed = None
    p = subprocess.Popen([EXE, *argv], cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)
    try:
        while p.poll() is None:
            rss = sum(_procs(p.pid).values()); peak = max(peak, rss)
            el = time.perf_counter() - t0
            if el > limit_s or rss > mem_bytes:
                killed = 'time' if el > limit_s else 'memory'
                os.killpg(p.pid, signal.SIGKILL); break
            time.sleep(0.05)
        out, err = p.communicate()
    finally:
        if p.poll() is None: os.killpg(p.pid, signal.SIGKILL)
    secs = time.perf_counter() - t0
    time.sleep(0.2)
    left = _procs(p.pid)
    for pid in left:
        try: os.kill(pid, signal.SIGKILL)
        except OSError: pass
    first = next((l for l in (err or '').splitlines() if l.strip() and not l.startswith(('  ', 'vet:'))), '') or \
        next((l for l in (out or '').splitlines() if l.strip()), '')
    lines = (out or '').splitlines()
    det = next((lines[i + 2] for i, l in enumerate(lines[:-2]) if l.startswith('| mode | fixture | error |')), '')
    verdict = next((l for l in lines if l.startswith('**verdict')), '')
    if p.returncode == 1 and verdict: first = f"{verdict} {det}".strip()   # a report, not a refusal: its verdict and first detector
    row = dict(case=name, what=what, exit=p.returncode if killed is None else f'killed ({killed} cap)', seconds=round(secs, 1),
               peak_mb=round(peak / 2**20), first_line=first[:240], left_processes=len(left),
               cache_mb=round(_size(cache) / 2**20, 1), tmp_left=len(_tmp_entries() - before_tmp))
    shutil.rmtree(work, ignore_errors=True)
    return row

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--cases', help='comma-separated case names (default: all)')
    ap.add_argument('--time', type=float, default=90, help="the watchdog's time cap per case, seconds (default: %(default)s)")
    ap.add_argument('--mem-gb', type=float, default=3, help="the watchdog's memory cap for the process tree (default: %(default)s)")
    ap.add_argument('--label', default='after', help="which run this is: 'before' or 'after' a change (rows are kept per label)")
    ap.add_argument('--json', default=str(ROOT / 'docs' / 'measurements' / 'hostile_vet.json'))
    a = ap.parse_args()
    names = a.cases.split(',') if a.cases else list(CASES)
    unknown = [n for n in names if n not in CASES]
    if unknown: raise SystemExit(f"unknown case(s) {unknown}; there are {list(CASES)}")
    rows = []
    for n in names:
        r = run_case(n, a.time, a.mem_gb * 2**30); rows.append(r)
        print(f"{n:32} exit {str(r['exit']):18} {r['seconds']:7.1f} s {r['peak_mb']:6} MB  {r['first_line'][:90]}", flush=True)
    p = Path(a.json)
    m = json.loads(p.read_text()) if p.exists() else {}
    pkg = subprocess.run([sys.executable, '-c', 'import ferrox_lit; print(ferrox_lit.__file__)'], capture_output=True, text=True,
                         cwd=tempfile.gettempdir()).stdout.strip()   # the package the cases ran, from a folder as theirs (PYTHONPATH
                                                                      # may name an older checkout; the repo root would shadow it)
    commit = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], cwd=Path(pkg).parent, capture_output=True, text=True).stdout.strip()
    m[a.label] = dict(when=time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), commit=commit, package=str(Path(pkg).parent),
        machine=platform.machine(), cpus=os.cpu_count(), load_avg=list(os.getloadavg()), time_cap_s=a.time, mem_cap_gb=a.mem_gb,
        rows=rows)
    p.write_text(json.dumps(m, indent=1) + '\n')
    print(f'wrote {p} ({a.label})')

if __name__ == '__main__': main()
