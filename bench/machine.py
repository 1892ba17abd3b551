"""What the figures were measured on: they mean little without it."""

from __future__ import annotations

import os
import platform
from pathlib import Path


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def memory() -> str:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                return f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    return "unknown"


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def describe() -> list[str]:
    return [
        f"cpus (nproc): {os.cpu_count()}  cpu: {cpu_model()}  memory: {memory()}",
        f"python {platform.python_version()} ({platform.python_implementation()}) on {platform.platform()}",
        f"load average at start (1, 5, 15 min): {load()}",
    ]
