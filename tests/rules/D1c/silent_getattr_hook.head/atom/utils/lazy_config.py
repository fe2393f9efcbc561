from atom.logger import logger


class LazyConfig:
    def __getattr__(self, name):
        return self._defaults[name]

    def __init__(self, defaults):
        self._defaults = defaults
        if self.block_size > 256:  # ok: D1c
            logger.warning("large block size")
        self.block_size = defaults.get("block_size", 16)

    def get(self, name):
        return getattr(self, name)
