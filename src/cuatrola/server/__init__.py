"""The online card room behind ``cuatrola serve`` (docs/server.md, docs/architecture.md)."""
