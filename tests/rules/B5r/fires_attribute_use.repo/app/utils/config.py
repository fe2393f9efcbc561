DEFAULT_BLOCK = 16


def block_size():
    return DEFAULT_BLOCK
