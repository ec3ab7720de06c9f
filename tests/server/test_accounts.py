"""Guests, registration, login, logout and tokens (cuatrola.server.accounts.accounts and .auth)."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from cuatrola.server.accounts.accounts import (
    Accounts,
    InvalidNameError,
    InvalidPasswordError,
    LoginFailedError,
    NameTakenError,
    check_name,
    check_password,
)
from cuatrola.server.accounts.auth import SESSION_TTL, Authenticator, Identity
from cuatrola.server.accounts.schema import sessions, users

from .conftest import SECRET, Clock


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Pepe", "Pepe"),
        ("  Begoña  ", "Begoña"),
        ("a_b-c.d", "a_b-c.d"),
        ("Ana1", "Ana1"),
        ("x" * 20, "x" * 20),
        ("Jose\u0301", "José"),  # NFC: the combining accent becomes one character
        ("José María", "José María"),  # single spaces between words
        ("ｐｅｐｅ", "pepe"),  # NFKC: full-width letters are the letters
        ("สมศักดิ์", "สมศักดิ์"),  # Thai vowel and tone marks
        ("ผู้เล่นไทย", "ผู้เล่นไทย"),
        ("สมชาย_ใจดี", "สมชาย_ใจดี"),
        ("山田ヤマダー", "山田ヤマダー"),  # Japanese mixes its scripts
        ("김철수", "김철수"),
        ("Дмитрий2", "Дмитрий2"),
        ("ناصر٣", "ناصر٣"),
    ],
)
def test_good_names_are_normalised(raw: str, expected: str) -> None:
    assert check_name(raw) == expected


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        ("ab", "3 to 20 characters, got 'ab'"),
        ("x" * 21, "3 to 20 characters, got 'xxxxxxxxxxxxxxxxxxxxx'"),
        ("", "3 to 20 characters, got ''"),
        ("a  b", "two spaces in a row"),
        ("a\tb", "only letters, digits"),
        ("<script>", "only letters, digits"),
        ("_ana", "start and end with a letter or a digit"),
        ("ana.", "start and end with a letter or a digit"),
        ("Admin", "reserved"),
        ("ａｄｍｉｎ", "reserved"),  # full-width
        ("\u0430dmin", r"mix alphabets \(CYRILLIC, LATIN\)"),  # a Cyrillic а
        ("Reg\u043ene1", "mix alphabets"),  # a Cyrillic о
        ("ana\u200bb", "only letters, digits"),
        ("x\u0301\u0302\u0303\u0304b", "marks"),  # a stack drawn over the neighbours
        ("ana_\u0301b", "marks"),
    ],
)
def test_bad_names_are_refused_with_the_rule_they_break(raw: str, fragment: str) -> None:
    with pytest.raises(InvalidNameError, match=fragment):
        check_name(raw)


def test_non_string_name_and_password_are_refused() -> None:
    with pytest.raises(InvalidNameError, match="must be a string"):
        check_name(12)  # type: ignore[arg-type]
    with pytest.raises(InvalidPasswordError, match="must be a string"):
        check_password(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("password", ["short", "x" * 7, "x" * 129])
def test_bad_passwords_are_refused(password: str) -> None:
    with pytest.raises(InvalidPasswordError, match="8 to 128 characters"):
        check_password(password)


async def test_a_guest_gets_a_token_that_identifies_them(
    accounts: Accounts, authenticator: Authenticator
) -> None:
    identity, token = await accounts.create_guest(" Pepe ")
    assert identity.name == "Pepe"
    assert identity.guest
    assert await authenticator.identify(token) == identity


async def test_guest_names_may_repeat_but_not_take_a_registered_name(accounts: Accounts) -> None:
    first, token1 = await accounts.create_guest("Pepe")
    second, token2 = await accounts.create_guest("pepe")
    assert first.user != second.user
    assert token1 != token2
    await accounts.register("Marta", "correct horse")
    with pytest.raises(NameTakenError, match="registered player"):
        await accounts.create_guest("MARTA")


async def test_register_then_login_with_any_case(
    accounts: Accounts, authenticator: Authenticator
) -> None:
    registered, token = await accounts.register("Marta", "correct horse")
    assert registered == Identity(registered.user, "Marta", False)
    assert await authenticator.identify(token) == registered
    logged, token2 = await accounts.login("mARTA", "correct horse")
    assert logged == registered
    assert token2 != token
    # Both sessions live side by side.
    assert await authenticator.identify(token) == registered


async def test_registered_names_are_unique_ignoring_case(accounts: Accounts) -> None:
    await accounts.register("Marta", "correct horse")
    with pytest.raises(NameTakenError, match="already registered"):
        await accounts.register("marta", "another password")
    # Nor by its full-width form, at registration or as a guest; it logs in as the name.
    with pytest.raises(NameTakenError, match="already registered"):
        await accounts.register("ＭＡＲＴＡ", "another password")
    with pytest.raises(NameTakenError, match="registered player"):
        await accounts.create_guest("ｍａｒｔａ")
    logged, _ = await accounts.login("Ｍａｒｔａ", "correct horse")
    assert logged.name == "Marta"
    assert await accounts.count_registered() == 1


async def test_wrong_password_and_unknown_name_fail_alike(accounts: Accounts) -> None:
    await accounts.register("Marta", "correct horse")
    with pytest.raises(LoginFailedError) as wrong:
        await accounts.login("Marta", "wrong horse!")
    with pytest.raises(LoginFailedError) as unknown:
        await accounts.login("Nobody", "correct horse")
    assert str(wrong.value) == str(unknown.value) == "wrong name or password"


async def test_a_guest_cannot_log_in(accounts: Accounts) -> None:
    await accounts.create_guest("Pepe")
    with pytest.raises(LoginFailedError):
        await accounts.login("Pepe", "")


async def test_passwords_are_stored_as_argon2_hashes(
    accounts: Accounts, factory: async_sessionmaker[AsyncSession]
) -> None:
    identity, _ = await accounts.register("Marta", "correct horse")
    async with factory() as session:
        stored = (
            await session.execute(select(users.c.password_hash).where(users.c.id == identity.user))
        ).scalar_one()
    assert stored.startswith("$argon2id$")
    assert "correct horse" not in stored


async def test_tokens_are_stored_only_as_keyed_hashes(
    accounts: Accounts, factory: async_sessionmaker[AsyncSession]
) -> None:
    _, token = await accounts.create_guest("Pepe")
    async with factory() as session:
        stored = list((await session.execute(select(sessions.c.token_hash))).scalars())
    assert len(stored) == 1
    assert token not in stored[0]
    assert len(token) >= 43  # 256 random bits


async def test_logout_kills_the_token_at_once(
    accounts: Accounts, authenticator: Authenticator
) -> None:
    identity, token = await accounts.register("Marta", "correct horse")
    _, other = await accounts.login("Marta", "correct horse")
    assert await accounts.logout(token)
    assert await authenticator.identify(token) is None
    assert not await accounts.logout(token)
    # Only that session ended.
    assert await authenticator.identify(other) == identity


async def test_a_token_from_another_secret_is_not_accepted(
    accounts: Accounts, factory: async_sessionmaker[AsyncSession]
) -> None:
    _, token = await accounts.create_guest("Pepe")
    other_server = Authenticator(factory, "some-other-secret-entirely")
    assert await other_server.identify(token) is None
    assert await Authenticator(factory, SECRET).identify(token) is not None


async def test_sessions_expire(
    accounts: Accounts, authenticator: Authenticator, clock: Clock
) -> None:
    _, token = await accounts.create_guest("Pepe")
    clock.now += SESSION_TTL - 1
    assert await authenticator.identify(token) is not None
    clock.now += 2
    assert await authenticator.identify(token) is None
    assert await authenticator.purge_expired() == 1


@pytest.mark.parametrize(
    "garbage",
    ["", "x", "a" * 10_000, "not a token!", "' OR 1=1 --", "\x00" * 43, "é" * 43],
)
async def test_garbage_tokens_identify_nobody(authenticator: Authenticator, garbage: str) -> None:
    assert await authenticator.identify(garbage) is None
    assert not await authenticator.revoke(garbage)


async def test_a_guest_who_registers_keeps_their_user_id(
    accounts: Accounts, authenticator: Authenticator
) -> None:
    guest, guest_token = await accounts.create_guest("Pepe")
    player, _ = await accounts.register("Pepe", "correct horse", guest=guest)
    assert player.user == guest.user
    assert not player.guest
    assert await authenticator.identify(guest_token) == player
    info = await accounts.user(player.user)
    assert info is not None
    assert not info.guest


async def test_a_registered_identity_cannot_be_registered_over(accounts: Accounts) -> None:
    first, _ = await accounts.register("Marta", "correct horse")
    second, _ = await accounts.register("Juan", "correct horse", guest=first)
    assert second.user != first.user


async def test_refused_requests_change_nothing(
    accounts: Accounts, factory: async_sessionmaker[AsyncSession]
) -> None:
    await accounts.register("Marta", "correct horse")
    for call in (
        accounts.register("Marta", "correct horse"),
        accounts.register("x", "correct horse"),
        accounts.register("Juan", "short"),
        accounts.create_guest("bad <name>"),
    ):
        with pytest.raises(ValueError):  # noqa: PT011 (all four errors are ValueErrors)
            await call
    async with factory() as session:
        assert len((await session.execute(select(users.c.id))).all()) == 1
        assert len((await session.execute(select(sessions.c.token_hash))).all()) == 1


async def test_a_short_secret_is_refused(factory: async_sessionmaker[AsyncSession]) -> None:
    with pytest.raises(ValueError, match="at least 16 bytes"):
        Authenticator(factory, "short")


async def test_expired_sessions_are_purged_as_new_ones_are_issued(
    factory: async_sessionmaker[AsyncSession], clock: Clock
) -> None:
    authenticator = Authenticator(factory, SECRET, clock=clock, purge_every=3)
    accounts = Accounts(factory, authenticator, clock=clock)
    _, old = await accounts.create_guest("Pepe")
    clock.now += SESSION_TTL + 1
    _, live = await accounts.create_guest("Juan")
    async with factory() as session:
        assert len((await session.execute(select(sessions.c.token_hash))).all()) == 2
    await accounts.create_guest("Luis")  # the third session: expired ones go
    async with factory() as session:
        assert len((await session.execute(select(sessions.c.token_hash))).all()) == 2
    assert await authenticator.identify(old) is None
    assert await authenticator.identify(live) is not None
