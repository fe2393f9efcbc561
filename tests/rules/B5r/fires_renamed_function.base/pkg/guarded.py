try:
    from pkg.ops import old_fn
except ImportError:
    old_fn = None
