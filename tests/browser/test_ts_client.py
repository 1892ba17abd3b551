"""A whole six-nimmt game through the generated TypeScript client (web/src/api/client.ts), against a real server.

web/test/play.ts is bundled by esbuild for Node (from web/node_modules: `cd web && npm ci`) and run with the
server's URL: it creates a game with options, joins with entropy, seats two bots, starts, follows the SSE stream
and plays its seat's legal moves until the game ends. The test then reads the game over HTTP from Python, so the
script's claim of a finished game is checked independently. Skips without Node or web/node_modules.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests import local_http

WEB = Path(__file__).resolve().parents[2] / "web"
NODE = shutil.which("node")
ESBUILD = WEB / "node_modules" / "esbuild"
# esbuild's JavaScript API (its bin/ is a native binary or a shim, depending on how npm ran its install script)
BUNDLE = """
import * as esbuild from "esbuild";
await esbuild.build({entryPoints: ["test/play.ts"], bundle: true, platform: "node", format: "esm",
                     target: "node20", outfile: process.argv[1], logLevel: "error"});
"""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(NODE is None, reason="no node on PATH (Node 20+ runs the TypeScript client)"),
    pytest.mark.skipif(not ESBUILD.exists(), reason="web/node_modules is missing (cd web && npm ci)"),
]


def test_a_whole_six_nimmt_game_through_the_typescript_client(web_url: str, tmp_path: Path) -> None:
    assert NODE is not None
    script = tmp_path / "play.mjs"
    subprocess.run(
        [NODE, "--input-type=module", "-e", BUNDLE, str(script)],
        cwd=WEB,
        check=True,
        capture_output=True,
    )
    run = subprocess.run([NODE, str(script), web_url], check=False, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    assert summary["status"] == "finished"
    assert summary["moves_sent"] >= 10  # one round of ten turns: at least one card per turn from the person's seat
    assert summary["last_event"] > 0  # the stream delivered events

    view = local_http.get(f"{web_url}/v1/games/{summary['game_id']}", timeout=10).json()
    assert view["status"] == "finished"
    assert view["scores"] == summary["scores"] and len(view["scores"]) == 3
    assert view["winners"] == summary["winners"] and view["winners"]
    assert view["options"]["end"] == {"kind": "rounds", "rounds": 1}
    assert [p["bot"] for p in view["players"]] == [None, "smart", "random"]
