import os

_VARS = {"APP_DEBUG": lambda: os.getenv("APP_DEBUG", "0")}


def __getattr__(name):
    return _VARS[name]()
