"""Where a rule's documentation is read: its page on the documentation site, ``<base>/rules/<CODE>/``.

The base is written once, as ``Documentation`` in ``[project.urls]`` of
``pyproject.toml``, and read at run time from the installed package's
metadata; :data:`FALLBACK` stands in when the metadata is missing (the
sources run without being installed).  ``docs-url`` in the configuration
replaces it (a mirror, a version's pages).
"""

from __future__ import annotations

from functools import lru_cache

FALLBACK = "https://bridgelint.readthedocs.io/en/latest"  # the same as pyproject.toml's (a test holds them equal)


@lru_cache(maxsize=1)
def site() -> str:
    """The documentation site's base URL, from the package metadata."""
    from importlib import metadata

    try:
        urls = metadata.metadata("bridgelint").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return FALLBACK
    for entry in urls:
        label, _, url = entry.partition(",")
        if label.strip().lower() == "documentation" and url.strip():
            return url.strip().rstrip("/")
    return FALLBACK


def rule_url(code: str, base: str | None = None) -> str:
    """The page of rule ``code`` under ``base`` (default: :func:`site`)."""
    return f"{(base or site()).rstrip('/')}/rules/{code}/"
