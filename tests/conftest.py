"""Cross-cutting pytest configuration: the `cuda` marker for GPU-only tests.

Tests exported from `#| cuda` notebook cells carry `@pytest.mark.cuda`; where there is no usable GPU
(no CuPy, or no device) they are skipped with the reason, never silently passed.
"""
import pytest

def pytest_configure(config):
    config.addinivalue_line('markers', 'cuda: needs an NVIDIA GPU and CuPy (skipped with the reason where there is none)')

def pytest_collection_modifyitems(config, items):
    cuda = [i for i in items if i.get_closest_marker('cuda')]
    if not cuda: return
    from ferrox_lit.gpu import device, NoGPU
    try: device(); return
    except NoGPU as e: reason = f'needs a GPU: {e}'
    for item in cuda: item.add_marker(pytest.mark.skip(reason=reason))
