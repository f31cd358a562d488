#!/usr/bin/env python3
"""Rewrites every screen capture in README.md from `waterfall render`.

    python3 Scripts/update-readme-captures.py [path/to/waterfall]

A capture is the fenced block right after a `<!-- render: ARGS -->` marker;
`ReadmeTests` fails when one is stale, and this puts it right.
"""

import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build/debug/waterfall")
readme = ROOT / "README.md"
text = readme.read_text()


def render(match):
    args = shlex.split(match.group(1))
    screen = subprocess.run([binary, "render", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return f"<!-- render: {match.group(1)} -->\n```\n{screen.rstrip(chr(10))}\n```"


readme.write_text(re.sub(r"<!-- render: (.*?) -->\n```\n.*?\n```", render, text, flags=re.S))
