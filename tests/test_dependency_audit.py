"""The dependency audit: no installed Python package has a known vulnerability that a newer
release fixes (pip-audit against PyPI's advisory data, for the environment the tests run in,
which is what ``dev.py`` installs from pyproject.toml)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_no_installed_package_has_a_fixable_known_vulnerability() -> None:
    audit = Path(sys.executable).with_name("pip-audit")
    result = subprocess.run(
        [str(audit), "--format", "json", "--progress-spinner", "off", "--skip-editable"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    # Exit 1 means "vulnerabilities found"; anything else without a report is a failed audit.
    assert result.stdout.strip(), f"pip-audit gave no report: {result.stderr[-2000:]}"
    report = json.loads(result.stdout)
    assert len(report["dependencies"]) > 20  # it did look at the environment
    fixable = [
        f"{dep['name']} {dep['version']}: {vuln['id']} (fixed in {', '.join(vuln['fix_versions'])})"
        for dep in report["dependencies"]
        for vuln in dep.get("vulns", [])
        if vuln.get("fix_versions")
    ]
    assert not fixable, "upgrade these:\n" + "\n".join(fixable)
