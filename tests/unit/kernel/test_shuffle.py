"""The test vectors of rules/dealing.md."""

from domain.kernel.shuffle import Draws, shuffle

ZERO = bytes(32)
COUNTING = bytes(range(32))


def test_zero_seed_ten_items() -> None:
    assert shuffle(ZERO, "shuffle:0", list(range(1, 11))) == [8, 5, 4, 6, 10, 2, 1, 3, 9, 7]


def test_counting_seed_first_shuffle() -> None:
    result = shuffle(COUNTING, "shuffle:0", list(range(1, 105)))
    assert result[:12] == [37, 36, 74, 11, 6, 84, 22, 14, 17, 65, 21, 50]
    assert result[-5:] == [41, 97, 49, 94, 85]
    assert sorted(result) == list(range(1, 105))


def test_counting_seed_second_shuffle() -> None:
    assert shuffle(COUNTING, "shuffle:1", list(range(1, 105)))[:10] == [37, 16, 50, 31, 53, 82, 20, 45, 73, 5]


def test_draw_stays_in_range_and_covers_it() -> None:
    draws = Draws(ZERO, "x")
    seen = {draws.draw(3) for _ in range(200)}
    assert seen == {0, 1, 2}


def test_shuffle_does_not_touch_its_input() -> None:
    items = [1, 2, 3, 4]
    shuffle(ZERO, "shuffle:0", items)
    assert items == [1, 2, 3, 4]
