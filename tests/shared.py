"""Access to ../shared/ (real events, movements and rule-book extracts), which a user's clone does not have."""

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"


def shared_path(*parts: str) -> Path:
    """The path of a file under ../shared/, or skip the test, saying why, when it is not there."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(
            f"{path} is not here: ../shared/ (real events from other programs) comes only with the project's workspace"
        )
    return path
