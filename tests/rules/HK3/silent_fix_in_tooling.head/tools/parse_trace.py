def trace_name(bs, q):
    return f"capture_{bs}_q{q}"

