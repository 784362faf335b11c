"""constraints.txt pins the version of every package QuizTutor installs (scripts/bootstrap and the Dockerfile install
with it): each pin must fall in pyproject.toml's range, and the suite must be running on exactly the pinned set, so
what passes here is what a fresh machine or the image gets."""

from __future__ import annotations

import tomllib
from importlib.metadata import distributions
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PROJECT = "quiz-tutor"
NOT_PINNED = {"setuptools"}  # the venv's own, never a requirement of ours (scripts/upgrade-dependencies leaves it out)


def pins() -> dict[str, Version]:
    pinned: dict[str, Version] = {}  # by canonical name
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        name, separator, version = line.partition("==")
        assert separator and version.strip() == version, f"not an exact pin: {line!r}"
        assert canonicalize_name(name) not in pinned, f"pinned twice: {name}"
        pinned[canonicalize_name(name)] = Version(version)
    return pinned


def requirements() -> list[Requirement]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        project = tomllib.load(file)["project"]
    listed = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    return [Requirement(r) for r in listed if canonicalize_name(Requirement(r).name) != PROJECT]


def test_every_requirement_is_pinned_inside_its_range() -> None:
    pinned = pins()
    for requirement in requirements():
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{requirement.name} (pyproject.toml) has no pin in constraints.txt"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"constraints.txt pins {requirement.name}=={pinned[name]}, outside pyproject.toml's {requirement}")


def test_the_suite_runs_on_exactly_the_pinned_packages() -> None:
    pinned = pins()
    installed: dict[str, Version] = {canonicalize_name(d.metadata["Name"]): Version(d.version) for d in distributions()}
    installed = {name: version for name, version in installed.items() if name not in NOT_PINNED | {PROJECT}}
    unpinned = sorted(set(installed) - set(pinned))
    assert not unpinned, f"installed but not in constraints.txt (run scripts/upgrade-dependencies): {unpinned}"
    missing = sorted(set(pinned) - set(installed))
    assert not missing, f"pinned in constraints.txt but not installed (scripts/bootstrap test installs them): {missing}"
    drifted = {name: (str(installed[name]), str(pinned[name])) for name in pinned if installed[name] != pinned[name]}
    assert not drifted, f"installed version differs from constraints.txt's (installed, pinned): {drifted}"
