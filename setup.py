"""Package metadata, read from settings.ini (the nbdev 2 convention)."""
from configparser import ConfigParser
import setuptools

cfg = ConfigParser(delimiters=['='])
cfg.read('settings.ini', encoding='utf-8')
c = cfg['DEFAULT']

requirements = c.get('requirements', '').split()
dev_requirements = c.get('dev_requirements', '').split()
cuda_requirements = c.get('cuda_requirements', '').split()

setuptools.setup(
    name=c['lib_name'],
    version=c['version'],
    description=c['description'],
    long_description=open('README.md', encoding='utf-8').read(),
    long_description_content_type='text/markdown',
    author=c['author'],
    author_email=c['author_email'],
    license='Apache-2.0',
    license_files=['LICENSE'],
    url=c['git_url'],
    packages=setuptools.find_packages(include=['ferrox_lit', 'ferrox_lit.*']),
    include_package_data=True,
    package_data={'ferrox_lit': ['cuda/*', 'cuda/examples/*', 'cuda/examples/*/*']},  # kernel text: the emitters', the examples'
    python_requires='>=' + c['min_python'],
    install_requires=requirements,
    extras_require={'dev': dev_requirements, 'cuda': cuda_requirements},
    entry_points={
        'console_scripts': c.get('console_scripts', '').split(),
        'nbdev': [f"{c['lib_path']}={c['lib_path']}._modidx:d"],
    },
    zip_safe=False,
)
