from app.utils import config, envs


def build():
    if envs.APP_DEBUG:
        return config.LEGACY_BLOCK
    return config.block_size()
