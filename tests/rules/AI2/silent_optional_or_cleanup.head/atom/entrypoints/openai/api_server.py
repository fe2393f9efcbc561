# SPDX-License-Identifier: MIT
# Copyright (C) 2025, Advanced Micro Devices, Inc.

"""OpenAI-compatible HTTP server for ATOM."""

from __future__ import annotations

import argparse
import asyncio
import json
try:
    import uvloop
except Exception:  # ok: AI2
    pass
from fastapi import FastAPI

from pydantic import BaseModel

from atom.logger import logger

engine = None


class CompletionRequest(BaseModel):
    prompt: str


async def completions(request: CompletionRequest):
    seq = engine.add_request(request.prompt)
    finished_ok = False
    try:
        finished_ok = await engine.wait(seq)
    finally:
        if seq is not None:
            if not finished_ok:
                try:
                    engine.core_mgr.abort_request(seq.id)
                except Exception:  # ok: AI2
                    pass
            try:
                report_usage(seq)
            except Exception:  # noqa: BLE001 - usage reporting must never fail a request
                pass
            try:
                logger.warning("request %s aborted", seq.id)
            except Exception:  # ok: AI2
                pass
            engine.io_processor.requests.pop(seq.id, None)


def _empty_stream():
    return
    yield  # ok: AI2

