# Type stub for the optional C extension built from _solver.c (see cuatrola.ai.solver, which
# wraps it; call the wrapper, not this module).

def solve(
    hands: tuple[int, int, int, int],
    trump: int,
    to_move: int,
    trick: tuple[int, ...],
    trick_seats: tuple[int, ...],
    sitting_out: int | None,
    contract: int,
    bidder: int | None,
    points: tuple[int, int],
    tricks_won: tuple[int, int],
    tricks_played: int,
    sung: int,
    cantes: bool,
    keep_table: bool = ...,
    alpha: int = ...,
    beta: int = ...,
    /,
) -> int: ...
def solve_moves(
    hands: tuple[int, int, int, int],
    trump: int,
    to_move: int,
    trick: tuple[int, ...],
    trick_seats: tuple[int, ...],
    sitting_out: int | None,
    contract: int,
    bidder: int | None,
    points: tuple[int, int],
    tricks_won: tuple[int, int],
    tricks_played: int,
    sung: int,
    cantes: bool,
    keep_table: bool = ...,
    /,
) -> dict[int, int]: ...
def last_nodes() -> int: ...
