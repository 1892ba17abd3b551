"""The README's client examples, run as a reader would: each installs its client from the repository and plays a whole
six-nimmt game against a `tapis serve`.

The examples are the README's own code blocks (section "Clients"), so the README cannot drift from the clients.

- Python: a throwaway venv in the test's temporary directory gets `pip install ./clients/python` (the project's venv
  is left as it was), the example is type-checked first (`mypy --strict` over it, the client found through MYPYPATH:
  a legal move is typed as the command it is sent as), then run.
- TypeScript: a throwaway npm project gets `npm install --install-links ./clients/typescript` (a copy, as a reader's
  project would; nothing is written under clients/), the example is type-checked by tsc and bundled by esbuild (both
  from web/node_modules) and run by node. Skipped where node or npm or web/node_modules are missing.

Each run prints the game's id; the test reads the game over HTTP itself, so the claim of a finished game is checked.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from infra.embedded import ServiceUrls
from tests import local_http
from tests.e2e.conftest import serving

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PYTHON_CLIENT = ROOT / "clients" / "python"
TS_CLIENT = ROOT / "clients" / "typescript"
WEB_MODULES = ROOT / "web" / "node_modules"
NODE = shutil.which("node")
NPM = shutil.which("npm")
FINISHED = re.compile(r"^game (\S+) finished scores \[[\d, ]+\] winners \[[\d, ]+\]$", re.MULTILINE)
# esbuild's JavaScript API from web/node_modules (as tests/browser/test_ts_client.py): the example for Node
BUNDLE = """
import * as esbuild from "esbuild";
await esbuild.build({entryPoints: [process.argv[1]], bundle: true, platform: "node", format: "esm",
                     target: "node20", outfile: process.argv[2], logLevel: "error"});
"""
TSCONFIG = {
    "compilerOptions": {
        "target": "ES2022",
        "module": "ESNext",
        "moduleResolution": "Bundler",
        "lib": ["ES2022", "DOM"],
        "types": ["node"],
        "typeRoots": [str(WEB_MODULES / "@types")],
        "strict": True,
        "noUncheckedIndexedAccess": True,
        "skipLibCheck": True,
        "noEmit": True,
    },
    "files": ["example.ts"],
}


def readme_example(language: str) -> str:
    """The one ```<language> block of the README's "Clients" section."""
    text = README.read_text()
    start = text.index("\n## Clients\n")
    end = text.find("\n## ", start + 1)
    section = text[start : end if end != -1 else len(text)]
    blocks = re.findall(rf"^```{language}\n(.*?)^```$", section, re.MULTILINE | re.DOTALL)
    assert len(blocks) == 1, f"the README's Clients section should hold one ```{language} block, not {len(blocks)}"
    return str(blocks[0])


def files_under(directory: Path) -> set[str]:
    return {str(path.relative_to(directory)) for path in directory.rglob("*")}


@pytest.fixture(scope="module")
def tapis(migrated_urls: ServiceUrls) -> Iterator[str]:
    # bots answer at once: the examples wait on them, and a default pace for tables with people would only slow this
    with serving(migrated_urls, {"TAPIS_BOT_THINK_SECONDS": "0"}) as base:
        yield base


def run(command: list[str], *, cwd: Path, env: dict[str, str] | None = None, timeout: float = 300) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout[-4000:]}{done.stderr[-4000:]}"
    return done.stdout


def assert_finished(output: str, base: str) -> None:
    match = FINISHED.search(output)
    assert match is not None, output[-4000:]
    view = local_http.get(f"{base}/v1/games/{match.group(1)}", timeout=10).json()
    assert view["status"] == "finished"
    assert view["game"] == "six-nimmt"
    assert [player["bot"] for player in view["players"]] == [None, "smart", "random"]
    assert view["winners"]


def test_the_readme_python_example_plays_a_whole_game(tapis: str, tmp_path: Path) -> None:
    example = tmp_path / "example.py"
    example.write_text(readme_example("python"))
    before = files_under(PYTHON_CLIENT)

    # typed: the example passes mypy --strict against the client (whose own generated code is not checked)
    mypy = Path(sys.executable).with_name("mypy")
    env = {**os.environ, "MYPYPATH": str(PYTHON_CLIENT)}
    checked = [str(mypy), "--strict", "--follow-imports=silent", "--no-incremental", str(example)]
    run(checked, cwd=tmp_path, env=env)

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)], cwd=tmp_path)
    python = venv / "bin" / "python"
    run([str(python), "-m", "pip", "install", "--quiet", str(PYTHON_CLIENT)], cwd=tmp_path)
    assert files_under(PYTHON_CLIENT) == before, "installing the client left files in clients/python"

    output = run([str(python), str(example)], cwd=tmp_path, env={**os.environ, "TAPIS_URL": tapis}, timeout=180)
    assert_finished(output, tapis)


@pytest.mark.skipif(NODE is None or NPM is None, reason="no node or npm on PATH (Node 20+ runs the TypeScript client)")
@pytest.mark.skipif(not (WEB_MODULES / "esbuild").exists(), reason="web/node_modules is missing (cd web && npm ci)")
def test_the_readme_typescript_example_plays_a_whole_game(tapis: str, tmp_path: Path) -> None:
    assert NODE is not None and NPM is not None
    project = tmp_path / "project"
    project.mkdir()
    (project / "package.json").write_text(json.dumps({"name": "example", "private": True, "type": "module"}))
    before = files_under(TS_CLIENT)
    install = [NPM, "install", "--install-links", "--no-audit", "--no-fund", "--silent", str(TS_CLIENT)]
    run(install, cwd=project)
    assert files_under(TS_CLIENT) == before, "installing the client left files in clients/typescript"

    (project / "example.ts").write_text(readme_example("ts"))
    (project / "tsconfig.json").write_text(json.dumps(TSCONFIG))
    run([NODE, str(WEB_MODULES / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json"], cwd=project)
    bundle = project / "example.mjs"
    run([NODE, "--input-type=module", "-e", BUNDLE, str(project / "example.ts"), str(bundle)], cwd=ROOT / "web")

    output = run([NODE, str(bundle)], cwd=project, env={**os.environ, "TAPIS_URL": tapis}, timeout=180)
    assert_finished(output, tapis)
