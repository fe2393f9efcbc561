from pkg.ops import old_fn


def test_old_fn():
    assert old_fn(1, 2) == 2
