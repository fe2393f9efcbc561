DEFAULT_BLOCK = 16
LEGACY_BLOCK = 32


def block_size():
    return DEFAULT_BLOCK
