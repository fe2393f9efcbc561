from pkg.ops import cached, flexible, fused


def test_fused():
    assert fused(2, scale=3.0, mask=None) == 6
    assert flexible(1, mask=None) == 1
    assert cached("k", legacy=True) == "k"
