"""Helpers shared by the tests: throw-away databases, running servers."""
