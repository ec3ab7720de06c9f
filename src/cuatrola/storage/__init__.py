"""Durable storage of game tables: the :class:`~cuatrola.storage.base.GameStore` protocol with
a memory adapter and an SQL adapter (SQLite or PostgreSQL through SQLAlchemy async)."""
