import ast
import pathlib
import subprocess
import sys

import scoring

SCORING_DIR = pathlib.Path(scoring.__file__).parent


def test_scoring_imports_nothing_from_django():
    for path in SCORING_DIR.rglob("*.py"):  # the movement library's package too
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0] == "django" for name in names), path


def test_importing_scoring_loads_no_django():
    code = "import sys, scoring; print(any(m.split('.')[0] == 'django' for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_public_api_is_importable_by_name():
    for name in (
        "parse_contract",
        "contract_score",
        "imps",
        "matchpoints",
        "neuberg",
        "cross_imps",
        "butler",
        "vp_wbf",
        "vp_harris",
        "hdb_imps",
        "hdb_set_vps",
        "board_dealer",
        "board_vulnerability",
        "rank",
    ):
        assert name in scoring.__all__
        assert callable(getattr(scoring, name))
