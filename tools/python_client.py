"""clients/python: the Python client generated from openapi.yaml by openapi-python-client, and its CI check.

    python -m tools.python_client            # regenerate clients/python (`make clients`)
    python -m tools.python_client --check    # regenerate into a temporary directory; exit 1 on any difference

The generator's version is the one pinned in pyproject.toml's dev extras: another version writes other code, so the
check refuses to compare with any other (a stale venv would otherwise report a drift the API never had). Settings
are in clients/openapi-python-client.yaml; `--fail-on-warning` makes a schema the generator cannot read (and would
leave out of the client) an error here rather than a silently missing model.
"""

from __future__ import annotations

import argparse
import filecmp
import importlib.metadata
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "openapi.yaml"
TARGET = ROOT / "clients" / "python"
CONFIG = ROOT / "clients" / "openapi-python-client.yaml"
GENERATOR = "openapi-python-client"
# what importing, installing or linting the client may leave beside its files (all ignored by git)
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "build", "dist", "*.egg-info", ".pdm-build", ".*_cache")


class GeneratorMismatch(RuntimeError):
    """The installed generator is not the pinned one."""


def pinned_version() -> str:
    """The `openapi-python-client==X` of pyproject.toml's dev extras."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for requirement in project["optional-dependencies"]["dev"]:
        match = re.fullmatch(rf"{GENERATOR}==([\w.]+)", requirement.replace(" ", ""))
        if match:
            return match.group(1)
    raise GeneratorMismatch(f"pyproject.toml's dev extras pin no {GENERATOR}==<version>")


def check_generator() -> None:
    installed = importlib.metadata.version(GENERATOR)
    if installed != pinned_version():
        raise GeneratorMismatch(
            f"{GENERATOR} {installed} is installed, pyproject.toml pins {pinned_version()}: "
            "reinstall the dev extras (make install)"
        )


def generate(out: Path) -> None:
    """The client for openapi.yaml written to `out` (which must not exist)."""
    check_generator()
    command = [
        str(Path(sys.executable).with_name(GENERATOR)),
        "generate",
        "--path",
        str(SPEC),
        "--meta",
        "pdm",  # a pyproject.toml whose build (pdm-backend) leaves nothing in the source directory
        "--output-path",
        str(out),
        "--config",
        str(CONFIG),
        "--fail-on-warning",
    ]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    if run.returncode != 0:
        raise RuntimeError(f"{GENERATOR} failed:\n{run.stdout[-4000:]}{run.stderr[-4000:]}")


def differences(expected: Path, actual: Path, prefix: str = "") -> list[str]:
    """What differs between the generated tree `expected` and the committed `actual`, ignoring build leftovers."""
    found: list[str] = []
    compared = filecmp.dircmp(expected, actual, ignore=[])
    skip = IGNORED(str(actual), [*compared.left_list, *compared.right_list])
    found += [f"{prefix}{name}: generated but not committed" for name in compared.left_only if name not in skip]
    found += [f"{prefix}{name}: committed but not generated" for name in compared.right_only if name not in skip]
    for name in sorted(set(compared.common_files) - skip):
        if (expected / name).read_bytes() != (actual / name).read_bytes():
            found.append(f"{prefix}{name}: differs from the generated file")
    found += [f"{prefix}{name}: a file on one side, a directory on the other" for name in compared.common_funny]
    for name in sorted(set(compared.common_dirs) - skip):
        found += differences(expected / name, actual / name, f"{prefix}{name}/")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="compare with clients/python instead of writing it")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tapis-python-client-") as tmp:
        out = Path(tmp) / "python"
        generate(out)
        if args.check:
            problems = differences(out, TARGET) if TARGET.is_dir() else ["clients/python: missing"]
            for problem in problems:
                print(f"clients/python/{problem}", file=sys.stderr)
            if problems:
                print("clients/python is not what openapi.yaml generates: run `make clients`", file=sys.stderr)
                return 1
            print(f"clients/python matches openapi.yaml ({GENERATOR} {pinned_version()})")
            return 0
        shutil.rmtree(TARGET, ignore_errors=True)
        shutil.copytree(out, TARGET)
        print(f"clients/python regenerated from openapi.yaml ({GENERATOR} {pinned_version()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
